import type { FieldChange } from '../../shared/audit';
import type { ContentTypeDef, PublicationMeta, PublicationStatus } from '../../shared/content/define';
import type { Database } from '../db/client';
import type { SessionUser } from '../http/identity';
import type { StoredRecord } from './repository';

/**
 * Drafts, versions and moved addresses of the types declared with `versions` (decision 109), kept
 * in three tables all such types share. The row of a record in its own table always holds what is
 * on the site; nothing here is read by a public request, except an old address's new one.
 */

/** How many published versions a record keeps when its declaration names no number. */
export const VERSIONS_KEPT = 50;

/** A record's working draft as stored. */
export interface DraftRow {
  values: Record<string, unknown>;
  version: number;
  /** The record's `publishedAt` when the draft was begun. */
  basedOn: string | null;
  updatedAt: string;
  updatedBy: string | null;
  publishAt: string | null;
  scheduledBy: string | null;
}

/** The keys a draft and a version hold: the fields staff edit, and a slugged type's address. */
export function draftKeys(def: ContentTypeDef): string[] {
  const keys = Object.keys(def.fields).filter((key) => def.fields[key]?.input !== 'never');
  return def.slugFrom ? [...keys, 'slug'] : keys;
}

/** The values of `record` a draft or a version holds. */
export function draftValues(def: ContentTypeDef, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(draftKeys(def).map((key) => [key, record[key] ?? null]));
}

const iso = (value: unknown) =>
  value == null ? null : (value instanceof Date ? value : new Date(value as string)).toISOString();

function toDraft(row: Record<string, unknown>): DraftRow {
  return {
    values: (typeof row.field_values === 'string'
      ? JSON.parse(row.field_values)
      : row.field_values) as Record<string, unknown>,
    version: Number(row.version),
    basedOn: iso(row.based_on),
    updatedAt: iso(row.updated_at)!,
    updatedBy: (row.updated_by as string | null) ?? null,
    publishAt: iso(row.publish_at),
    scheduledBy: (row.scheduled_by as string | null) ?? null,
  };
}

const DRAFT_COLUMNS =
  'record_id, field_values, version, based_on, updated_at, updated_by, publish_at, scheduled_by';

/** The draft of one record; `forUpdate` inside a transaction holds it until commit. */
export async function readDraft(
  db: Database,
  def: ContentTypeDef,
  id: string,
  forUpdate = false,
): Promise<DraftRow | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `select ${DRAFT_COLUMNS} from content_drafts where resource = $1 and record_id = $2${forUpdate ? ' for update' : ''}`,
    [def.name, id],
  );
  return row ? toDraft(row) : null;
}

/** The drafts of many records at once (a list's rows): one statement, by record id. */
export async function draftsOf(
  db: Database,
  def: ContentTypeDef,
  ids: string[],
): Promise<Map<string, DraftRow>> {
  if (!def.versions || ids.length === 0) return new Map();
  const rows = await db.query<Record<string, unknown>>(
    `select ${DRAFT_COLUMNS} from content_drafts
      where resource = $1 and record_id = any(array(select jsonb_array_elements_text($2::jsonb)::uuid))`,
    [def.name, JSON.stringify(ids)],
  );
  return new Map(rows.map((row) => [String(row.record_id), toDraft(row)]));
}

/** Store a record's draft, replacing the one it had. */
export async function writeDraft(
  db: Database,
  def: ContentTypeDef,
  id: string,
  draft: DraftRow,
): Promise<void> {
  await db.query(
    `insert into content_drafts (resource, record_id, field_values, version, based_on, updated_at, updated_by, publish_at, scheduled_by)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)
     on conflict (resource, record_id) do update set field_values = excluded.field_values,
       version = excluded.version, based_on = excluded.based_on, updated_at = excluded.updated_at,
       updated_by = excluded.updated_by, publish_at = excluded.publish_at, scheduled_by = excluded.scheduled_by`,
    [
      def.name,
      id,
      JSON.stringify(draft.values),
      draft.version,
      draft.basedOn,
      draft.updatedAt,
      draft.updatedBy,
      draft.publishAt,
      draft.scheduledBy,
    ],
  );
}

export async function deleteDraft(db: Database, def: ContentTypeDef, id: string): Promise<void> {
  await db.query('delete from content_drafts where resource = $1 and record_id = $2', [def.name, id]);
}

/** Where a record stands, from its row and its draft. */
export function publicationOf(record: StoredRecord, draft: DraftRow | null): PublicationMeta {
  const publishedAt = (record.publishedAt as string | null | undefined) ?? null;
  const status: PublicationStatus = draft?.publishAt
    ? 'scheduled'
    : publishedAt === null
      ? 'draft'
      : draft
        ? 'changed'
        : 'published';
  return {
    status,
    publishedAt,
    publishAt: draft?.publishAt ?? null,
    draft: draft
      ? {
          version: draft.version,
          updatedAt: draft.updatedAt,
          updatedBy: draft.updatedBy,
          // A publish after the draft was begun (a write that published at once, say) is not in it.
          stale: publishedAt !== null && (draft.basedOn === null || publishedAt > draft.basedOn),
        }
      : null,
  };
}

/** The record as its draft has it: the draft's values over the row, and the draft's version. */
export function withDraft(record: StoredRecord, draft: DraftRow | null): StoredRecord {
  return draft ? { ...record, ...draft.values, version: draft.version } : record;
}

/** One kept version as listed. */
export interface VersionSummary {
  n: number;
  publishedAt: string;
  publishedBy: string | null;
  fields: string[];
}

/**
 * Keep the values a publish put on the site as the record's next version, and drop those beyond
 * what the type keeps. A record published before versions were kept first gets the values it had
 * (`before`, by nobody known), so the first publish after that can still be undone.
 */
export async function keepVersion(
  db: Database,
  def: ContentTypeDef,
  record: StoredRecord,
  change: { before: StoredRecord | null; fields: FieldChange[]; actor: SessionUser | null },
): Promise<number> {
  const [latest] = await db.query<{ n: number | null }>(
    'select max(n) as n from content_versions where resource = $1 and record_id = $2',
    [def.name, record._id],
  );
  let n = Number(latest?.n ?? 0);
  const insert = (values: Record<string, unknown>, fields: string[], at: string, actor: SessionUser | null) =>
    db.query(
      `insert into content_versions (resource, record_id, n, field_values, fields, published_at, published_by, published_by_name)
       values ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8)`,
      [
        def.name,
        record._id,
        ++n,
        JSON.stringify(values),
        JSON.stringify(fields),
        at,
        actor?._id ?? null,
        actor?.username ?? null,
      ],
    );
  const { before } = change;
  if (n === 0 && before?.publishedAt)
    await insert(draftValues(def, before), [], String(before.publishedAt), null);
  await insert(
    draftValues(def, record),
    change.fields.map(({ field }) => field),
    String(record.publishedAt ?? new Date().toISOString()),
    change.actor,
  );
  const keep = def.versions?.keep ?? VERSIONS_KEPT;
  await db.query('delete from content_versions where resource = $1 and record_id = $2 and n <= $3', [
    def.name,
    record._id,
    n - keep,
  ]);
  return n;
}

export async function listVersions(
  db: Database,
  def: ContentTypeDef,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ data: VersionSummary[]; totalCount: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select n, published_at, published_by_name, fields from content_versions
        where resource = $1 and record_id = $2 order by n desc limit $3 offset $4`,
      [def.name, id, page.pageSize, (page.page - 1) * page.pageSize],
    ),
    db.query<{ total: number | string }>(
      'select count(*) as total from content_versions where resource = $1 and record_id = $2',
      [def.name, id],
    ),
  ]);
  return {
    data: rows.map((row) => ({
      n: Number(row.n),
      publishedAt: iso(row.published_at)!,
      publishedBy: (row.published_by_name as string | null) ?? null,
      fields: (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as string[],
    })),
    totalCount: Number(count?.total ?? 0),
  };
}

export async function readVersion(
  db: Database,
  def: ContentTypeDef,
  id: string,
  n: number,
): Promise<(VersionSummary & { values: Record<string, unknown> }) | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `select n, published_at, published_by_name, fields, field_values from content_versions
      where resource = $1 and record_id = $2 and n = $3`,
    [def.name, id, n],
  );
  if (!row) return null;
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    n: Number(row.n),
    publishedAt: iso(row.published_at)!,
    publishedBy: (row.published_by_name as string | null) ?? null,
    fields: parse(row.fields) as string[],
    values: parse(row.field_values) as Record<string, unknown>,
  };
}

/**
 * A record's address changed on publish: the old one now answers 301 to it. An address that is a
 * record's own again stops redirecting.
 */
export async function moveAddress(db: Database, def: ContentTypeDef, id: string, from: string, to: string) {
  await db.query('delete from slug_redirects where resource = $1 and slug = $2', [def.name, to]);
  await db.query(
    `insert into slug_redirects (resource, slug, record_id) values ($1, $2, $3)
     on conflict (resource, slug) do update set record_id = excluded.record_id, created_at = now()`,
    [def.name, from, id],
  );
}

/** The record an old address of a type moved to, by id. */
export async function movedTo(db: Database, def: ContentTypeDef, slug: string): Promise<string | null> {
  if (!def.versions || !def.slugFrom) return null;
  const [row] = await db.query<{ record_id: string }>(
    'select record_id from slug_redirects where resource = $1 and slug = $2',
    [def.name, slug],
  );
  return row ? String(row.record_id) : null;
}
