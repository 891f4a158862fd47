import { z } from 'zod';
import { isSiteLink } from '../../text';
import { messages } from '../field-checks';
import type { ImagesField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule, quote } from './kind';

/** Several image addresses in the order staff put them, as one `jsonb` array. */
export const images: FieldKindModule<ImagesField> = {
  schema(field) {
    const { label } = field;
    const item = z
      .string()
      .trim()
      .max(2000, { error: messages.tooLong(label, 2000), abort: true })
      .refine(isSiteLink, messages.url);
    const list = z
      .array(item, { error: () => `${label} must be a list of image addresses.` })
      .max(field.maxItems, `${label}: at most ${field.maxItems} images.`);
    return field.required ? list.min(1, messages.required(label)) : list.default([]);
  },
  stored: () => z.array(z.string()),
  column: (field) => ({ type: 'jsonb', notNull: true, ...defaultUnlessRequired(field, quote('[]')) }),
  read: asStored,
  example: () => ['/api/media/0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90/800.webp'],
  empty: () => [],
  absent: () => [],
};
