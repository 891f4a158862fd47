import { z } from 'zod';
import { typedWholeNumber } from '../../digits';
import { messages, numberMessage } from '../field-checks';
import type { NumberField } from '../fields';
import { asStored, type FieldKindModule } from './kind';

/** Longest text read as a number: more digits than any bound has is refused as it is. */
const LONGEST_NUMBER_TEXT = 20;

/**
 * A whole number typed as text, in digits of any script (`١٢`, `۱۲`, `１２`), as the number it
 * writes; anything else as it came, for the rule to judge.
 */
function readTypedNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > LONGEST_NUMBER_TEXT) return value;
  return typedWholeNumber(value) ?? value;
}

/** A whole number within the field's bounds; '' and null are none (null) unless it is required. */
function numberSchema(field: NumberField): z.ZodType {
  const message = numberMessage(field);
  const whole = (error: (issue: { input: unknown }) => string) =>
    z.preprocess(
      readTypedNumber,
      z.number({ error }).int(message).min(field.min, message).max(field.max, message),
    );
  if (field.required)
    return whole((issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required(field.label)
        : message,
    );
  // An emptied form field ('') is no number: null. Preprocessed rather than a union with '', so the
  // API document shows a nullable integer (a union's `nullable` had no `type` for the linter).
  return z
    .preprocess((value) => (value === '' ? null : value), whole(() => message).nullable())
    .default(null);
}

/** A whole number between the declared bounds (years in business), or none. */
export const number: FieldKindModule<NumberField> = {
  schema: numberSchema,
  stored: () => z.number().int().nullable(),
  column: (field, name) => ({
    type: 'integer',
    notNull: field.required,
    check: `${name} between ${field.min} and ${field.max}`,
  }),
  read: asStored,
  example: (field) => field.min,
  // Kept as typed in the form until it is a number; an empty box is none.
  empty: () => '',
  absent: () => null,
};
