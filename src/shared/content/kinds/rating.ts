import { z } from 'zod';
import type { RatingField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule } from './kind';

/** Stars from 1 to 5 (a testimonial's), 5 unless chosen. */
export const rating: FieldKindModule<RatingField> = {
  schema(field) {
    const message = `${field.label} must be a whole number from 1 to 5.`;
    const schema = z
      .number({ error: () => message })
      .int(message)
      .min(1, message)
      .max(5, message);
    return field.required ? schema : schema.default(5);
  },
  stored: () => z.number().int(),
  column: (field, name) => ({
    type: 'integer',
    notNull: true,
    ...defaultUnlessRequired(field, '5'),
    check: `${name} between 1 and 5`,
  }),
  read: asStored,
  example: () => 5,
  empty: () => 5,
  absent: () => 5,
};
