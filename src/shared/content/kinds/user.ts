import { z } from 'zod';
import { referenceMessage } from '../field-checks';
import type { UserField } from '../fields';
import { asStored, type FieldKindModule, optionalValue, UUID_PATTERN } from './kind';

/** An approved staff member by account id (a request's assignee), or nobody. */
export const user: FieldKindModule<UserField> = {
  // The id's shape only: whether it names an approved staff member is the server's check.
  schema: (field) =>
    optionalValue(
      field,
      100,
      referenceMessage(field),
      (value) => UUID_PATTERN.test(value),
      (value) => value.toLowerCase(),
    ),
  stored: () => z.string().nullable(),
  // No foreign key: deleting an account must not rewrite the requests it worked on; a reader
  // shows an id that names nobody as a former staff member.
  column: (field) => ({ type: 'uuid', notNull: field.required }),
  read: asStored,
  example: () => null,
  empty: () => '',
  absent: () => null,
};
