/**
 * The rules of a text field as plain functions and plain data, with no zod: the zod schemas in
 * `schema.ts` call these same checks, and the public forms (which visitors download) build their
 * fields and their in-browser checks from them. One rule and one message on both sides; the
 * server stays the authority.
 */
import { PHONE_PATTERN } from '../constants';
import { normalisePhone } from '../phone';
import { EMAIL_PATTERN, isCleanParagraphs, isSingleLine, isSiteLink } from '../text';
import type {
  BooleanField,
  DateField,
  DateTimeField,
  Field,
  FieldKind,
  NumberField,
  ReferenceField,
  TextField,
  UserField,
} from './fields';

/** The spec's §5 messages, verbatim. */
export const messages = {
  required: (label: string) => `${label} is required.`,
  email: 'Invalid email address.',
  phone: 'Phone number must be exactly 11 digits.',
  url: 'Enter a full address starting with https:// or /.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  oneLine: (label: string) => `${label} must be one line of text, without line breaks or control characters.`,
  controlCharacters: (label: string) => `${label} contains control characters that are not allowed.`,
  /** Under an admin form whose submit was refused (spec §5). */
  formInvalid: 'Please fill all fields correctly.',
} as const;

const TEXT_KINDS = new Set<FieldKind>(['text', 'longText', 'email', 'phone', 'url', 'image']);

export const isTextField = (field: Field): field is TextField => TEXT_KINDS.has(field.kind);

const DEFAULT_MAX: Record<TextField['kind'], number> = {
  text: 200,
  longText: 5000,
  email: 254,
  // The longest way people write a number (`+92 (300) 123 - 4567`), before it is normalised.
  phone: 20,
  url: 2000,
  image: 2000,
};

/** Longest accepted value of a text field, in characters (after trimming). */
export const maxLengthOf = (field: TextField) => field.max ?? DEFAULT_MAX[field.kind];

/** The message for a value over the field's length. */
export const tooLongMessage = (field: TextField) =>
  field.kind === 'phone' ? messages.phone : messages.tooLong(field.label, maxLengthOf(field));

const PATTERNS: Partial<Record<FieldKind, { test: (value: string) => boolean; message: string }>> = {
  email: { test: (value) => EMAIL_PATTERN.test(value), message: messages.email },
  phone: { test: (value) => PHONE_PATTERN.test(normalisePhone(value)), message: messages.phone },
  url: { test: isSiteLink, message: messages.url },
  image: { test: isSiteLink, message: messages.url },
};

/** The message a text kind gives for a value that is not text at all. */
export const notTextMessage = (field: TextField) =>
  PATTERNS[field.kind]?.message ?? `${field.label} must be text.`;

/**
 * The first problem of a trimmed text value, or undefined. Length comes first and stops there, so
 * no pattern ever sees more than the field's maximum (every pattern here is linear anyway).
 */
export function textProblem(field: TextField, trimmed: string): string | undefined {
  if (trimmed === '') return field.required ? messages.required(field.label) : undefined;
  if (trimmed.length > maxLengthOf(field)) return tooLongMessage(field);
  if (field.kind === 'longText' ? !isCleanParagraphs(trimmed) : !isSingleLine(trimmed))
    return field.kind === 'longText'
      ? messages.controlCharacters(field.label)
      : messages.oneLine(field.label);
  const pattern = PATTERNS[field.kind];
  if (pattern && !pattern.test(trimmed)) return pattern.message;
  return field.format && !field.format.pattern.test(trimmed) ? field.format.message : undefined;
}

/**
 * The message for a choice that names nothing on offer: a reference to no live record, a user
 * who is not an approved staff member, or something that is not an id at all.
 */
export const referenceMessage = (field: ReferenceField | UserField) =>
  `Choose ${/^[aeiou]/i.test(field.label) ? 'an' : 'a'} ${field.label.toLowerCase()} from the list.`;

/** The message for a record that names itself (a service listed among its own related services). */
export const selfReferenceMessage = (field: ReferenceField) =>
  `Choose ${/^[aeiou]/i.test(field.label) ? 'an' : 'a'} ${field.label.toLowerCase()} other than this one.`;

/** The message for a date and time that cannot be read as one instant. */
export const dateTimeMessage = (field: DateTimeField) =>
  `${field.label} must be a date and time, e.g. 2026-11-25T10:00:00Z.`;

/** The message for a value that is not a calendar day. */
export const dateMessage = (field: DateField) => `${field.label} must be a date, e.g. 2026-11-25.`;

/** The message for a value that is not a whole number within the field's bounds. */
export const numberMessage = (field: NumberField) =>
  `${field.label} must be a whole number from ${field.min} to ${field.max}.`;

/** A declared field as an HTML form field: everything a server-rendered form needs. */
export interface PlainField {
  name: string;
  label: string;
  required: boolean;
  maxLength: number;
  /**
   * `textarea`, `select` (a reference: the page supplies its options), or the `type` of an
   * `<input>`. A `checkbox` (a boolean field) reads `'true'` when ticked and `''` when not.
   */
  control: 'textarea' | 'text' | 'email' | 'tel' | 'url' | 'select' | 'checkbox';
  /** `tel`: the phone keypad, which has the + and the space people type numbers with. */
  inputMode?: 'tel';
  autoComplete?: string;
  /** The declaration the checks run on (plain data: label, kind, rules). */
  field: TextField | ReferenceField | BooleanField;
}

const CONTROLS: Record<TextField['kind'], PlainField['control']> = {
  text: 'text',
  longText: 'textarea',
  email: 'email',
  phone: 'tel',
  url: 'url',
  image: 'url',
};

/**
 * The fields a visitor fills in to create a record of this type (those declared `input:
 * 'always'`), as plain data. Only text, reference and boolean fields can be on a public form; anything
 * else is a declaration mistake and fails here, not in a visitor's browser.
 */
export function plainFormFields(fields: Record<string, Field>): PlainField[] {
  return Object.entries(fields)
    .filter(([, field]) => field.input === 'always')
    .map(([name, field]) => {
      if (field.kind === 'reference')
        return {
          name,
          label: field.label,
          required: field.required,
          maxLength: 200,
          control: 'select' as const,
          autoComplete: field.autoComplete,
          field,
        };
      if (field.kind === 'boolean')
        return {
          name,
          label: field.label,
          required: false,
          maxLength: 4,
          control: 'checkbox' as const,
          field,
        };
      if (!isTextField(field)) throw new Error(`${name}: a ${field.kind} field cannot be on a public form`);
      return {
        name,
        label: field.label,
        required: field.required,
        maxLength: maxLengthOf(field),
        control: CONTROLS[field.kind],
        inputMode: field.kind === 'phone' ? 'tel' : undefined,
        autoComplete: field.autoComplete,
        field,
      };
    });
}

/** Every problem of a public form's values, keyed by field name, first message per field. */
export function checkPlainFields(
  fields: readonly PlainField[],
  values: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { name, field } of fields) {
    // A reference is a choice among options the server lists and checks again: only a missing
    // required choice is a problem the browser can see.
    const value = (values[name] ?? '').trim();
    // A checkbox is ticked or not; the server reads anything else as not ticked.
    if (field.kind === 'boolean') continue;
    const problem =
      field.kind === 'reference'
        ? field.required && value === ''
          ? messages.required(field.label)
          : undefined
        : textProblem(field, value);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/**
 * A public form's values as the API takes them: a checkbox's `'true'` or `''` becomes a boolean,
 * every other value stays the text it is.
 */
export function plainFormInput(
  fields: readonly PlainField[],
  values: Record<string, string>,
): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const { name, control } of fields) if (control === 'checkbox') input[name] = values[name] === 'true';
  return input;
}
