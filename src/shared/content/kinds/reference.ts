import { z } from 'zod';
import { SLUG_PATTERN } from '../../constants';
import { referenceMessage } from '../field-checks';
import type { ReferenceField } from '../fields';
import { asStored, type FieldKindModule, optionalValue, UUID_PATTERN } from './kind';

/** A live record of another type, by slug or by id (fields.ts says which and why), or none. */
export const reference: FieldKindModule<ReferenceField> = {
  // The shape only (a slug, or an id): whether such a record lives is the server's check (choices.ts).
  schema: (field) =>
    field.by === 'id'
      ? optionalValue(
          field,
          100,
          referenceMessage(field),
          (value) => UUID_PATTERN.test(value),
          (value) => value.toLowerCase(),
        )
      : optionalValue(field, 200, referenceMessage(field), (value) => SLUG_PATTERN.test(value), String),
  stored: () => z.string().nullable(),
  // The chosen record's slug or id; null when none was chosen. No foreign key: a service renamed
  // or trashed later must not change what a visitor asked about, and a trashed record may come
  // back from the trash.
  column: (field) => ({ type: field.by === 'id' ? 'uuid' : 'text', notNull: field.required }),
  read: asStored,
  // Staff choose it from a list; an example that must name one names an id or a slug.
  example: (field) =>
    field.required ? (field.by === 'id' ? '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a91' : 'air-conditioning') : null,
  empty: () => '',
  absent: () => null,
};
