import type { z } from 'zod';
import type { ContentTypeDef } from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';
import { kindOf } from '../../shared/content/kinds';
import { fieldSchema } from '../../shared/content/schema';
import { addressEntry } from './address-field';

/**
 * The generic admin form's logic, apart from React: which declared fields a form shows, their
 * empty values, and their messages, which come from the same zod rules the server applies.
 */
export type FormMode = 'create' | 'update';
export type FormValues = Record<string, unknown>;

/**
 * One field of a form: its name and declaration, and for a value no declaration lists (a record's
 * web address) the schema the server checks it with.
 */
export type FieldEntry = readonly [name: string, field: Field, rule?: z.ZodType];

/** The fields a person may send: always-editable ones, plus update-only ones (a message's status) when editing. */
export function formFields(fields: Record<string, Field>, mode: FormMode): FieldEntry[] {
  return Object.entries(fields).filter(
    ([, field]) => field.input === 'always' || (mode === 'update' && field.input === 'updateOnly'),
  );
}

/**
 * A record's form: its declared fields and, when an existing record's address may change, the web
 * address after the field it was first made from.
 */
export function recordFormFields(def: ContentTypeDef, mode: FormMode): FieldEntry[] {
  const entries = formFields(def.fields, mode);
  const address = mode === 'update' ? addressEntry(def) : null;
  if (!address) return entries;
  const after = entries.findIndex(([name]) => name === def.slugFrom) + 1;
  return [...entries.slice(0, after), address, ...entries.slice(after)];
}

/** What a new form starts with for the field: its kind's empty value (kinds/<kind>.ts). */
export const emptyValue = (field: Field): unknown => kindOf(field).empty(field);

/** Values to start a form with: the record's when editing, empty ones when creating. */
export function initialValues(entries: FieldEntry[], record?: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const [name, field] of entries) {
    const stored = record?.[name];
    values[name] = stored === undefined || stored === null ? emptyValue(field) : stored;
  }
  return values;
}

/** The first message the shared schema gives for this value, or undefined when it is valid. */
export function validateField(field: Field, value: unknown, rule?: z.ZodType): string | undefined {
  const result = (rule ?? fieldSchema(field)).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function validateValues(entries: FieldEntry[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, field, rule] of entries) {
    const message = validateField(field, values[name], rule);
    if (message) errors[name] = message;
  }
  return errors;
}

/** The body to send: only the form's fields, text trimmed the way the server will store it. */
export function payloadFor(entries: FieldEntry[], values: FormValues): FormValues {
  const payload: FormValues = {};
  for (const [name] of entries) {
    const value = values[name];
    payload[name] = typeof value === 'string' ? value.trim() : value;
  }
  return payload;
}
