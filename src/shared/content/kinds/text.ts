import { z } from 'zod';
import { normalisePhone } from '../../phone';
import { maxLengthOf, messages, notTextMessage, textProblem, tooLongMessage } from '../field-checks';
import type { TextField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule, quote } from './kind';

/**
 * The rule of every text kind (text, long text, e-mail, phone, link, image address): trimmed, its
 * length first, then the same check the public forms run in the browser (field-checks.ts).
 */
function textSchema(field: TextField): z.ZodType {
  const { label } = field;
  const max = maxLengthOf(field);
  const schema = z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(label) : notTextMessage(field),
    })
    .trim()
    // Length first, and a failure stops there (it also gives the API description its maxLength).
    .max(max, { error: tooLongMessage(field), abort: true })
    .superRefine((value, context) => {
      const problem = textProblem(field, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
  // A phone number is stored as the digits the rule judges, however it was typed. Before the
  // checks rather than after them, so the schema's output stays plain text (the settings answer
  // with it, and the API description is made from it); text over the length is left alone for
  // the length check to refuse.
  const typed =
    field.kind === 'phone'
      ? z.preprocess((value) => {
          if (typeof value !== 'string') return value;
          const trimmed = value.trim();
          return trimmed.length <= max ? normalisePhone(trimmed) : value;
        }, schema)
      : schema;
  // Optional text left out is stored as ''.
  return field.required ? typed : typed.default('');
}

/** A text kind: one `text` column, '' when left out; only the example differs between them. */
export function textKind(example: (field: TextField) => string): FieldKindModule<TextField> {
  return {
    schema: textSchema,
    stored: () => z.string(),
    column: (field) => ({ type: 'text', notNull: true, ...defaultUnlessRequired(field, quote('')) }),
    read: asStored,
    example,
    empty: () => '',
    absent: () => '',
  };
}

/** One line of plain text: a name, a title. */
export const text = textKind((field) => field.format?.example ?? field.label.slice(0, field.max ?? 120));
