import { z } from 'zod';
import { normalisePhone } from '../phone';
import { EMAIL_PATTERN, isSiteLink } from '../text';
import type { ContentRecord, ContentTypeDef, SingletonDef } from './define';
import { examplesFor } from './examples';
import {
  dateMessage,
  dateTimeMessage,
  maxLengthOf,
  messages,
  notTextMessage,
  numberMessage,
  referenceMessage,
  textProblem,
  tooLongMessage,
} from './field-checks';
import type { EmailListField, Field, ListField, NumberField, WeeklyHoursField } from './fields';
import { type DayHours, isWeekday, TIME_PATTERN, WEEKDAY_LABELS, WEEKDAYS } from './hours';

export { messages };

/** The zod schema of one field's value as clients send it. */
export function fieldSchema(field: Field): z.ZodType {
  const { label } = field;
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'url':
    case 'image': {
      const schema = z
        .string({
          error: (issue) =>
            issue.input === undefined || issue.input === null
              ? messages.required(label)
              : notTextMessage(field),
        })
        .trim()
        // Length first, and a failure stops there (it also gives the API description its maxLength).
        .max(maxLengthOf(field), { error: tooLongMessage(field), abort: true })
        // The rest is the same check the public forms run in the browser (field-checks.ts).
        .superRefine((value, context) => {
          const problem = textProblem(field, value);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        });
      const max = maxLengthOf(field);
      // A phone number is stored as the digits the rule judges, however it was typed. Before the
      // checks rather than after them, so the schema's output stays plain text (the settings
      // answer with it, and the API description is made from it); text over the length is left
      // alone for the length check to refuse.
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
    case 'images': {
      const item = z
        .string()
        .trim()
        .max(2000, { error: messages.tooLong(label, 2000), abort: true })
        .refine(isSiteLink, messages.url);
      const list = z
        .array(item, { error: () => `${label} must be a list of image addresses.` })
        .max(field.maxItems, `${label}: at most ${field.maxItems} images.`);
      return field.required ? list.min(1, messages.required(label)) : list.default([]);
    }
    case 'emailList':
      return emailListSchema(field);
    case 'select': {
      const schema = z.enum(field.options as [string, ...string[]], {
        error: (issue) =>
          issue.input === undefined || issue.input === ''
            ? messages.required(label)
            : `${label} must be one of: ${field.options.join(', ')}.`,
      });
      return field.required ? schema : schema.default(field.defaultValue);
    }
    case 'rating': {
      const schema = z
        .number({ error: () => `${label} must be a whole number from 1 to 5.` })
        .int(`${label} must be a whole number from 1 to 5.`)
        .min(1, `${label} must be a whole number from 1 to 5.`)
        .max(5, `${label} must be a whole number from 1 to 5.`);
      return field.required ? schema : schema.default(5);
    }
    case 'boolean':
      return field.required ? z.boolean() : z.boolean().default(false);
    case 'reference':
      // The shape only (a slug, or an id): whether such a record lives is the server's check (choices.ts).
      return field.by === 'id'
        ? optionalValue(
            field,
            100,
            referenceMessage(field),
            (value) => UUID_PATTERN.test(value),
            (value) => value.toLowerCase(),
          )
        : optionalValue(field, 200, referenceMessage(field), (value) => SLUG_PATTERN.test(value), String);
    case 'date':
      return optionalValue(field, 10, dateMessage(field), isCalendarDay, String);
    case 'number':
      return numberSchema(field);
    case 'list':
      return listSchema(field);
    case 'weeklyHours':
      return weeklyHoursSchema(field);
    case 'dateTime':
      // Any offset in, one instant out: stored and answered in UTC.
      return optionalValue(field, 40, dateTimeMessage(field), isInstant, (value) =>
        new Date(value).toISOString(),
      );
    case 'user':
      // The id's shape only: whether it names an approved staff member is the server's check.
      return optionalValue(
        field,
        100,
        referenceMessage(field),
        (value) => UUID_PATTERN.test(value),
        (value) => value.toLowerCase(),
      );
  }
}

/**
 * A value that is one thing or nothing (a chosen service, a visit time, an assignee): text of the
 * right shape, normalised, or '' and null for none, which is stored as null.
 */
function optionalValue(
  field: Field,
  maxLength: number,
  message: string,
  isValid: (value: string) => boolean,
  normalise: (value: string) => string,
) {
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

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDateTime = z.iso.datetime({ offset: true });

/** An ISO 8601 date and time with seconds and an offset (or Z), naming a day the calendar has. */
function isInstant(value: string): boolean {
  if (!isoDateTime.safeParse(value).success) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse reads 30 February as 2 March: the day must exist in its month.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `YYYY-MM-DD`, naming a day the calendar has (no 30 February). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
  );
}

/** A whole number within the field's bounds; '' and null are none (null) unless it is required. */
function numberSchema(field: NumberField): z.ZodType {
  const message = numberMessage(field);
  const whole = (error: (issue: { input: unknown }) => string) =>
    z.number({ error }).int(message).min(field.min, message).max(field.max, message);
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rows of sub-fields. Each row is judged sub-field by sub-field with the sub-field's own rule, and
 * the message says which row (`FAQs, row 2: Question is required.`), so staff know what to fix.
 * The number of rows is checked before any row is read: a huge list is refused, not scanned. The
 * rows then go through the plain schema of the list, which is also what the API document shows.
 */
function listSchema(field: ListField): z.ZodType {
  const { label, maxItems } = field;
  const subSchemas = Object.entries(field.fields).map(([key, sub]) => [key, fieldSchema(sub)] as const);
  const tooMany = `${label}: at most ${maxItems} rows.`;
  const notRows = `${label} must be a list of rows, each with ${Object.values(field.fields)
    .map((sub) => sub.label)
    .join(', ')}.`;
  const rows = z
    .array(z.object(Object.fromEntries(subSchemas)), { error: () => notRows })
    .max(maxItems, tooMany)
    .refine((list) => !field.required || list.length > 0, messages.required(label));
  const checked = z.preprocess((value, context) => {
    if (!Array.isArray(value)) return value;
    if (value.length > maxItems) {
      context.addIssue({ code: 'custom', message: tooMany, input: value });
      return value;
    }
    for (const [index, row] of value.entries()) {
      const where = `${label}, row ${index + 1}`;
      if (!isPlainObject(row)) {
        context.addIssue({ code: 'custom', message: `${where}: ${notRows}`, input: row });
        continue;
      }
      for (const [key, schema] of subSchemas) {
        const parsed = schema.safeParse(row[key]);
        if (!parsed.success)
          context.addIssue({
            code: 'custom',
            message: `${where}: ${parsed.error.issues[0]?.message}`,
            input: row,
          });
      }
    }
    return value;
  }, rows);
  return field.required ? checked : checked.default([]);
}

const daySchema = z.object({
  opens: z.string().regex(TIME_PATTERN),
  closes: z.string().regex(TIME_PATTERN),
});

/**
 * The week's opening hours: each day named is open from `opens` to `closes` (24-hour `HH:MM`,
 * opening first), a day left out or null is closed. Anything else names the day it is wrong on.
 * The days come out in calendar order, with nothing but their two times.
 */
function weeklyHoursSchema(field: WeeklyHoursField): z.ZodType {
  const { label } = field;
  const notAWeek = `${label} must give each open day its opening and closing time, e.g. { "monday": { "opens": "09:00", "closes": "18:00" } }.`;
  const week = z
    .object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.optional()])), { error: () => notAWeek })
    .refine((value) => !field.required || Object.keys(value).length > 0, messages.required(label));
  const checked = z.preprocess((value, context) => {
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    // More keys than days is wrong whatever they are: refused before any of them is read.
    const stranger = keys.length > WEEKDAYS.length ? keys[0] : keys.find((key) => !isWeekday(key));
    if (stranger !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `${label}: "${stranger.slice(0, 20)}" is not a day of the week (monday to sunday).`,
        input: value,
      });
      return value;
    }
    const days: Record<string, DayHours> = {};
    for (const day of WEEKDAYS) {
      const hours = value[day];
      if (hours === undefined || hours === null) continue;
      const where = `${label}, ${WEEKDAY_LABELS[day]}`;
      const opens = isPlainObject(hours) ? hours.opens : undefined;
      const closes = isPlainObject(hours) ? hours.closes : undefined;
      const problem =
        typeof opens !== 'string' || !TIME_PATTERN.test(opens)
          ? 'the opening time must be a time like 08:30.'
          : typeof closes !== 'string' || !TIME_PATTERN.test(closes)
            ? 'the closing time must be a time like 18:00.'
            : opens >= closes
              ? 'the closing time must be after the opening time.'
              : undefined;
      if (problem) context.addIssue({ code: 'custom', message: `${where}: ${problem}`, input: value });
      else days[day] = { opens: opens as string, closes: closes as string };
    }
    return days;
  }, week);
  return field.required ? checked : checked.default({});
}

/**
 * A list of addresses, sent as an array (the API) or as text with one address per line (what the
 * admin types). Blank lines are dropped, a repeated address is kept once, and each line is judged
 * by the e-mail rule with its line number in the message, so the admin knows which one to fix.
 */
function emailListSchema(field: EmailListField): z.ZodType {
  const { label, maxItems } = field;
  const notAList = `${label} must be e-mail addresses, one per line.`;
  const lines = z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/\r\n?|\n/) : value),
    z
      .array(z.string({ error: () => notAList }), { error: () => notAList })
      // Bounded before any line is read: a huge list is refused, not scanned.
      .max(maxItems * 4, { error: `${label}: at most ${maxItems} addresses.`, abort: true })
      .superRefine((items, context) => {
        for (const [index, item] of items.entries()) {
          // No pattern sees a line longer than an address can be, blank or not.
          const address = item.length > 254 ? null : item.trim();
          if (address === '') continue;
          if (address === null || !EMAIL_PATTERN.test(address))
            context.addIssue({ code: 'custom', message: `${label}, line ${index + 1}: ${messages.email}` });
        }
      })
      .transform((items) => [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))])
      .refine((items) => items.length <= maxItems, `${label}: at most ${maxItems} addresses.`)
      .refine((items) => !field.required || items.length > 0, messages.required(label)),
  );
  return field.required ? lines : lines.default([]);
}

function shapeOf(fields: Record<string, Field>, include: (field: Field) => boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(fields)) if (include(field)) shape[key] = fieldSchema(field);
  return shape;
}

/**
 * Every field optional, for an update that names only what it changes: a field's default must
 * not reset it when it is absent (zod applies a default inside `.optional()` and `.partial()`).
 */
function partialShape(shape: Record<string, z.ZodType>): Record<string, z.ZodType> {
  const partial: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const inner = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
    partial[key] = inner.optional();
  }
  return partial;
}

const versionSchema = z.number().int().min(1).optional();
const positionSchema = z.number().int().min(0).max(1_000_000).optional();

export interface ContentSchemas<D extends ContentTypeDef = ContentTypeDef> {
  /** What a client may send to create a record; unknown keys are dropped. */
  create: z.ZodObject;
  /** What a client may send to update a record: any subset of the fields, plus the version it edited. */
  update: z.ZodObject;
  /**
   * A stored record as the API returns it. For a named declaration it is typed by it, so `z.infer`
   * of it is the record's type (built at run time from the same fields; `schema.test.ts` checks
   * the keys); code that serves any type (the content routes) sees a plain object schema.
   */
  record: ContentTypeDef extends D ? z.ZodObject : z.ZodType<ContentRecord<D>>;
}

const cache = new WeakMap<object, ContentSchemas>();

export function schemasFor<D extends ContentTypeDef>(def: D): ContentSchemas<D> {
  const cached = cache.get(def);
  if (cached) return cached as unknown as ContentSchemas<D>;
  const createShape = shapeOf(def.fields, (field) => field.input === 'always');
  // The honeypot is accepted (and never stored as such) so the server can see it was filled in.
  const honeypot = def.intake?.honeypot?.field;
  if (honeypot) createShape[honeypot] = z.string().max(5000).optional().catch('(not text)');
  // Tokens of photos sent through their own door; the server checks each is one it issued.
  const photos = def.intake?.photos;
  if (photos)
    createShape.photos = z
      .array(z.string().max(100), { error: 'Send photos as a list of the tokens they were given.' })
      .max(photos.max, { error: `Attach at most ${photos.max} photos.` })
      .optional();
  const examples = examplesFor(def);
  const create = z.object(createShape).meta({ example: examples.create });
  const partial = partialShape(shapeOf(def.fields, (field) => field.input !== 'never'));
  const update = z.object({ ...partial, version: versionSchema, sortOrder: positionSchema });
  const recordShape: Record<string, z.ZodType> = {
    _id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
    sortOrder: z.number().int(),
  };
  // Staff-only fields are left out of what anonymous visitors are answered.
  for (const [key, field] of Object.entries(def.fields))
    recordShape[key] = field.staffOnly ? storedValueSchema(field).optional() : storedValueSchema(field);
  if (def.slugFrom) recordShape.slug = z.string();
  // Null for records older than tracking (migration 0710).
  if (def.intake?.track) recordShape.reference = z.string().nullable();
  // Staff's addresses of the record's photos (one record), or how many it has (a list).
  if (photos) {
    recordShape.photos = z.array(z.string()).optional();
    recordShape.photoCount = z.number().int().optional();
  }
  const schemas = { create, update, record: z.object(recordShape).meta({ example: examples.record }) };
  cache.set(def, schemas as ContentSchemas);
  return schemas as unknown as ContentSchemas<D>;
}

function storedValueSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'images':
    case 'emailList':
      return z.array(z.string());
    case 'rating':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    case 'select':
      return z.enum(field.options as [string, ...string[]]);
    case 'reference':
    case 'dateTime':
    case 'user':
    case 'date':
      return z.string().nullable();
    case 'number':
      return z.number().int().nullable();
    case 'list':
      return z.array(
        z.object(
          Object.fromEntries(Object.entries(field.fields).map(([key, sub]) => [key, storedValueSchema(sub)])),
        ),
      );
    case 'weeklyHours':
      return z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.optional()])));
    default:
      return z.string();
  }
}

export function singletonSchemas<F extends Record<string, Field>>(def: SingletonDef<F>) {
  const values = z.object(shapeOf(def.fields, (field) => field.input !== 'never'));
  const stored: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(def.fields))
    if (field.input !== 'never') stored[key] = storedValueSchema(field);
  return {
    /** The full set of values. */
    values,
    /** The values as stored and answered: plain text, since answers are encoded through their schema and a normalising rule only works one way. */
    stored: z.object(stored),
    /** An update: any subset, plus the version it edited. */
    update: z.object({
      ...partialShape(shapeOf(def.fields, (field) => field.input !== 'never')),
      version: versionSchema,
    }),
  };
}

/** Turn a zod error into the API's `{ field: message }` map (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/**
 * A new display order for a position-ordered type (`PUT /api/<type>/order`): every live record
 * once, first to last, each with the version the client saw, so an order made from a stale list
 * is refused instead of stored.
 */
export const reorderSchema = z.object({
  order: z
    .array(z.object({ _id: z.string().max(100), version: z.number().int().min(1) }))
    .min(1)
    .max(1000),
});
export type ReorderRequest = z.infer<typeof reorderSchema>;
