/**
 * What a field kind is made of, in one place per kind (`kinds/<kind>.ts`): the rule a client's
 * value must pass, the shape a stored record answers, the column that holds it, how a stored
 * value is read back, the example the API document shows, and the values a form and a list row
 * start from. The registry (`kinds/index.ts`) requires every piece of every kind.
 */
import { z } from 'zod';
import { messages } from '../field-checks';
import type { FieldBase } from '../fields';

/** The column types a kind may store its value in. */
export type ColumnType =
  | 'uuid'
  | 'smallint'
  | 'integer'
  | 'text'
  | 'jsonb'
  | 'boolean'
  | 'timestamptz'
  | 'date';

/** A field's column as its kind derives it; table.ts adds the name the field is declared under. */
export interface KindColumn {
  type: ColumnType;
  notNull: boolean;
  /** SQL expression; absent means the writer must always send a value. */
  default?: string;
  /** SQL condition of the column's check constraint. */
  check?: string;
}

/** A field of some kind: the declaration's common part with the kind's name. */
export type KindField = Omit<FieldBase, 'kind'> & { kind: string };

export interface FieldKindModule<F extends KindField> {
  /** The zod schema of the value as clients send it (the admin form runs the same one). */
  schema(field: F): z.ZodType;
  /** The value as a stored record answers it: what the API document shows. */
  stored(field: F): z.ZodType;
  /** The column that holds the value; `name` is the column's name, for its check constraint. */
  column(field: F, name: string): KindColumn;
  /** A value read from storage in the shape the field promises, whatever the driver gave. */
  read(field: F, value: unknown): unknown;
  /** A value that satisfies the field's rule, for the API document's examples. */
  example(field: F): unknown;
  /** What a new form starts with. */
  empty(field: F): unknown;
  /** What a list row saved before this sub-field was declared reads as. */
  absent(field: F): unknown;
}

export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A required field's column has no default: a write that forgets it fails instead of storing a blank. */
export const defaultUnlessRequired = (field: KindField, value: string) =>
  field.required ? {} : { default: value };

/** The stored value unchanged: the driver already answers the field's shape. */
export const asStored = (_field: KindField, value: unknown) => value;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value that is one thing or nothing (a chosen service, a visit time, an assignee): text of the
 * right shape, normalised, or '' and null for none, which is stored as null.
 */
export function optionalValue(
  field: KindField,
  maxLength: number,
  message: string,
  isValid: (value: string) => boolean,
  normalise: (value: string) => string,
): z.ZodType {
  const schema = z
    // A required value left out is missing, like any other field's, not malformed.
    .string({ error: (issue) => (issue.input == null ? messages.required(field.label) : message) })
    .trim()
    .max(maxLength, { error: message, abort: true })
    .refine((value) => value === '' || isValid(value), message)
    .refine((value) => !field.required || value !== '', messages.required(field.label))
    .transform((value) => (value === '' ? null : normalise(value)));
  return field.required ? schema : schema.nullable().default(null);
}
