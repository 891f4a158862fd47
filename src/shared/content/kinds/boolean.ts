import { z } from 'zod';
import type { BooleanField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule } from './kind';

/** Yes or no (a request marked urgent), false unless ticked. */
export const boolean: FieldKindModule<BooleanField> = {
  schema: (field) => (field.required ? z.boolean() : z.boolean().default(false)),
  stored: () => z.boolean(),
  column: (field) => ({ type: 'boolean', notNull: true, ...defaultUnlessRequired(field, 'false') }),
  read: asStored,
  example: () => false,
  empty: () => false,
  absent: () => false,
};
