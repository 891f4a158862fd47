import { z } from 'zod';
import { SLUG_PATTERN } from '../constants';
import { type ContentRecord, type ContentTypeDef, PUBLICATION_STATUSES, type SingletonDef } from './define';
import { examplesFor } from './examples';
import { messages } from './field-checks';
import type { Field } from './fields';
import { kindOf } from './kinds';

export { UUID_PATTERN } from './kinds/kind';
export { messages };

/** The zod schema of one field's value as clients send it: its kind's rule (kinds/<kind>.ts). */
export function fieldSchema(field: Field): z.ZodType {
  return kindOf(field).schema(field);
}

/** A field's value as a stored record answers it. */
function storedValueSchema(field: Field): z.ZodType {
  return kindOf(field).stored(field);
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

/** The version a write edited: a stored version is a 32-bit integer, so a larger one matches nothing. */
const versionSchema = z.number().int().min(1).max(2_147_483_647).optional();
const publishSchema = z
  .boolean({ error: 'publish is true (put it on the site now, the default) or false (save a draft).' })
  .optional();

/**
 * A record's new address (`slug` in an update or a draft): lower-case words joined by hyphens, as
 * the pages' URLs take it. The admin form checks the web address with this very schema.
 */
export const slugSchema = z
  .string()
  .max(100, { error: 'Keep the address under 100 characters.' })
  .regex(SLUG_PATTERN, { error: 'Use lower-case letters, digits and single hyphens (air-conditioning).' });

/** Whether a record's address may be changed (decision 109): a slugged type with drafts. */
export const hasMovableAddress = (def: ContentTypeDef): boolean => Boolean(def.versions && def.slugFrom);

/**
 * The path a record's page address follows (`/services/`), from the page its declaration names;
 * null when the page is not the record's own.
 */
export function addressPrefix(def: ContentTypeDef): string | null {
  const page = def.versions?.page ?? '';
  const at = page.indexOf(':slug');
  return at < 0 ? null : page.slice(0, at);
}

/** Where a drafted record stands, as staff read it (decision 109). */
export const publicationShape = {
  status: z.enum(PUBLICATION_STATUSES).optional(),
  publishedAt: z.string().nullable().optional(),
  publishAt: z.string().nullable().optional(),
  draft: z
    .object({
      version: z.number().int(),
      updatedAt: z.string(),
      updatedBy: z.string().nullable(),
      stale: z.boolean(),
    })
    .nullable()
    .optional(),
};
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
  // A type with drafts (decision 109): `publish: false` saves a draft instead of publishing at once,
  // and a slugged one's address may be changed (its old one then answers 301).
  const drafts = def.versions ? { publish: publishSchema } : {};
  if (def.versions) Object.assign(createShape, drafts);
  const examples = examplesFor(def);
  const create = z.object(createShape).meta({ example: examples.create });
  const partial = partialShape(shapeOf(def.fields, (field) => field.input !== 'never'));
  const address = hasMovableAddress(def) ? { slug: slugSchema.optional() } : {};
  const update = z.object({
    ...partial,
    ...address,
    ...drafts,
    version: versionSchema,
    sortOrder: positionSchema,
  });
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
  // Where a versioned record stands: answered to staff only, never to visitors.
  if (def.versions) Object.assign(recordShape, publicationShape);
  const schemas = { create, update, record: z.object(recordShape).meta({ example: examples.record }) };
  cache.set(def, schemas as ContentSchemas);
  return schemas as unknown as ContentSchemas<D>;
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
      publish: publishSchema,
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
