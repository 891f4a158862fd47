import { z } from 'zod';
import { messages } from '../field-checks';
import type { SelectField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule, quote } from './kind';

/** One of the declared options, in a `text` column whose check lists them. */
export const select: FieldKindModule<SelectField> = {
  schema(field) {
    const schema = z.enum(field.options as [string, ...string[]], {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? messages.required(field.label)
          : `${field.label} must be one of: ${field.options.join(', ')}.`,
    });
    return field.required ? schema : schema.default(field.defaultValue);
  },
  stored: (field) => z.enum(field.options as [string, ...string[]]),
  column: (field, name) => ({
    type: 'text',
    notNull: true,
    ...defaultUnlessRequired(field, quote(field.defaultValue)),
    check: `${name} in (${field.options.map(quote).join(', ')})`,
  }),
  read: asStored,
  example: (field) => field.defaultValue,
  empty: (field) => field.defaultValue,
  absent: (field) => field.defaultValue,
};
