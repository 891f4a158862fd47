import { slugify } from '../../shared/constants';
import type { ContentTypeDef } from '../../shared/content/define';
import { storedValue } from '../../shared/content/stored-values';
import type { ChangeTransaction } from '../db/change-log';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { sqlIdentifier } from '../db/identifiers';
import { columnName, contentColumns, rankedOrderTerms } from './table';
import { newReference } from './tracking';

export type StoredRecord = Record<string, unknown> & { _id: string; version: number };

export interface ListQuery {
  q?: string;
  filters?: Record<string, string | undefined>;
  /** 1-based page; with it, `pageSize` records are returned. */
  page?: number;
  pageSize?: number;
  /** List the trash instead of the live records. */
  trashed?: boolean;
  /** One of the declaration's further orders (`list.orders`); the default is `list.order`. */
  order?: string;
  /** Only records on the site (a type with versions): what every public read asks for. */
  published?: boolean;
}

/** How one record is looked up. */
export interface FindOptions {
  /** A record in the trash instead of a live one. */
  trashed?: boolean;
  /** Inside a transaction: hold the row until commit, so what was read stays true. */
  forUpdate?: boolean;
  /** Only a record on the site (a type with versions): what every public read asks for. */
  published?: boolean;
}

export type UpdateResult =
  | { kind: 'updated'; record: StoredRecord }
  | { kind: 'missing' }
  | { kind: 'stale'; current: StoredRecord };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (id: string) => UUID.test(id);

/** The filter value that asks for records where a choice (an assignee, a service) is empty. */
export const NONE = 'none';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The values of one statement: each value added answers the placeholder (`$1`, `$2`...) that stands
 * for it in the SQL text, so no value is ever written into the text.
 */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown): string {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
type Parameters = ReturnType<typeof parameters>;

/**
 * Storage of one content type. The same code serves every type: what differs comes from the
 * declaration (fields, order, search, slug). Handlers call this; none of them writes SQL.
 */
export function createContentRepository(db: Database, def: ContentTypeDef): ContentRepository {
  const bind = (runner: Database, inTransaction: boolean): ContentRepository => ({
    ...repositoryOn(runner, def, inTransaction),
    in: (tx: ChangeTransaction) => bind(tx, true),
  });
  return bind(db, false);
}

/** A content type's storage working on `db`: the pool, or (`inTransaction`) one transaction. */
function repositoryOn(db: Database, def: ContentTypeDef, inTransaction: boolean) {
  const columns = contentColumns(def);
  const byKey = new Map(columns.map((column) => [column.key, column]));
  /** A column's name for SQL text, checked and quoted; the names come from the declaration. */
  const col = (key: string) => {
    const column = byKey.get(key);
    if (!column) throw new Error(`${def.name} has no column ${key}`);
    return sqlIdentifier(column.name);
  };
  const table = sqlIdentifier(def.table);
  const selected = columns.map((column) => sqlIdentifier(column.name)).join(', ');
  const fieldKeys = Object.keys(def.fields);
  const dateTimeKeys = fieldKeys.filter((key) => def.fields[key]?.kind === 'dateTime');

  /** The placeholder of a value as its column takes it: JSON as text cast to jsonb, a time as ISO text. */
  function placeholder(p: Parameters, key: string, value: unknown): string {
    const type = byKey.get(key)?.type;
    if (type === 'jsonb') return `${p.add(value === null ? null : JSON.stringify(value))}::jsonb`;
    if (type === 'timestamptz' && value !== null)
      return p.add((value instanceof Date ? value : new Date(value as string)).toISOString());
    return p.add(value);
  }
  /** `column = $n` for each value given; keys that are no column of the table are left out. */
  function assignments(p: Parameters, values: Record<string, unknown>): Map<string, string> {
    const set = new Map<string, string>();
    for (const [key, value] of Object.entries(values))
      if (value !== undefined && byKey.has(key)) set.set(col(key), placeholder(p, key, value));
    return set;
  }
  const setList = (set: Map<string, string>) =>
    [...set].map(([column, value]) => `${column} = ${value}`).join(', ');

  const newestBy = def.list.newestBy;
  const order = (
    def.list.order === 'newest'
      ? // The same terms as the list's index (table.ts), so the planner walks it.
        [...(newestBy ? [`${col(newestBy)} desc nulls last`] : []), 'created_at desc', 'id desc']
      : ['sort_order asc', 'created_at asc', 'id asc']
  ).join(', ');
  /**
   * The SQL of the list's order. A named order sorts by the expressions its index is built on
   * (table.ts), less what the list's equality filters already decide.
   */
  const orderBy = (query: ListQuery): string => {
    const fixed: Record<string, string | boolean> = {};
    for (const [key, value] of filtersOf(query))
      if (value !== NONE) fixed[key] = def.fields[key]?.kind === 'boolean' ? value === 'true' : value;
    const terms = query.order
      ? rankedOrderTerms(def, query.order, fixed, (key) => sqlIdentifier(columnName(key)))
      : null;
    return terms ? terms.join(', ') : order;
  };

  /** A row as read (column names) as the record the code uses (declared names). */
  function toRecord(row: Record<string, unknown>): StoredRecord {
    const value = (key: string) => row[byKey.get(key)?.name ?? key];
    const record: StoredRecord = { _id: String(row.id), version: Number(row.version) };
    for (const key of fieldKeys) record[key] = storedValue(def.fields[key]!, value(key));
    for (const key of dateTimeKeys) record[key] = value(key) ? isoTime(value(key)) : null;
    if (def.slugFrom) record.slug = row.slug;
    // The reference, never the track token's hash.
    if (def.intake?.track) record.reference = row.reference ?? null;
    record.sortOrder = row.sort_order;
    record.createdAt = isoTime(row.created_at);
    record.updatedAt = isoTime(row.updated_at);
    if (row.deleted_at) record.deletedAt = isoTime(row.deleted_at);
    if (def.versions) record.publishedAt = row.published_at ? isoTime(row.published_at) : null;
    return record;
  }

  /** The declared filters a list applies: those asked for, else the declaration's defaults. */
  function filtersOf(query: ListQuery): [key: string, value: string][] {
    const given = Object.entries(query.filters ?? {}).filter(([, value]) => value !== undefined);
    const filters = { ...def.list.defaultFilters, ...Object.fromEntries(given) };
    return Object.entries(filters).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && def.list.filters?.includes(entry[0]) === true,
    );
  }

  function where(p: Parameters, query: ListQuery): string {
    const conditions = [query.trashed ? 'deleted_at is not null' : 'deleted_at is null'];
    if (query.published && def.versions) conditions.push('published_at is not null');
    for (const [key, value] of filtersOf(query)) {
      const kind = def.fields[key]?.kind;
      // A choice left empty (no assignee) is asked for as `none`.
      if (value === NONE && (kind === 'user' || kind === 'reference')) conditions.push(`${col(key)} is null`);
      else conditions.push(`${col(key)} = ${p.add(kind === 'boolean' ? value === 'true' : value)}`);
    }
    const q = query.q?.trim();
    if (q && def.list.search?.length) {
      // One text of all searched fields, so one trigram index answers it (migration 0300).
      const text = def.list.search.map(col).join(" || ' ' || ");
      conditions.push(`(${text}) ilike ${p.add(`%${escapeLike(q)}%`)}`);
    }
    return conditions.join(' and ');
  }

  /** The rows a statement answers, as records. */
  const records = async (text: string, values: unknown[]) =>
    (await db.query<Record<string, unknown>>(text, values)).map(toRecord);
  /** The one live record a condition on a unique column names (`published`: only one on the site). */
  async function liveWhere(
    condition: string,
    p: Parameters,
    published = false,
  ): Promise<StoredRecord | null> {
    const onSite = published && def.versions ? ' and published_at is not null' : '';
    const [record] = await records(
      `select ${selected} from ${table} where ${condition} and deleted_at is null${onSite} limit 1`,
      p.values,
    );
    return record ?? null;
  }

  async function uniqueSlug(title: string): Promise<string> {
    const base = slugify(title);
    const taken = await db.query<{ slug: string }>(
      `select slug from ${table} where slug = $1 or slug like $2`,
      [base, `${escapeLike(base)}-%`],
    );
    const used = new Set(taken.map((r) => r.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Every write runs in a transaction that records it (`app.changes.write`, through `in(tx)`, which
   * takes only such a transaction): a write on the pool would have no audit row, so it is refused
   * here too, before it reaches the database, for a caller that got round the types.
   */
  function assertInTransaction(method: string) {
    if (!inTransaction)
      throw new Error(
        `${def.name}.${method} must run in a transaction: app.changes.write((tx) => repository.in(tx).${method}(...))`,
      );
  }

  /**
   * Run one attempt of a write that may fail and be retried (a unique value taken meanwhile).
   * Inside a transaction a failed statement aborts the whole transaction, so the attempt gets a
   * savepoint to roll back to instead.
   */
  async function undoable<T>(work: () => Promise<T>): Promise<T> {
    if (!inTransaction) return work();
    await db.exec('savepoint repository_attempt');
    try {
      const result = await work();
      await db.exec('release savepoint repository_attempt');
      return result;
    } catch (error) {
      await db.exec('rollback to savepoint repository_attempt');
      throw error;
    }
  }

  /** `update` of the live record `id` (and `condition`), answering the record as it now is. */
  async function updateLive(
    id: string,
    set: Map<string, string>,
    p: Parameters,
    condition = '',
  ): Promise<StoredRecord | null> {
    const [record] = await records(
      `update ${table} set ${setList(set)} where id = ${p.add(id)} and deleted_at is null${condition}
       returning ${selected}`,
      p.values,
    );
    return record ?? null;
  }

  return {
    def,

    /** `forUpdate` (inside a transaction): hold the listed rows until commit. */
    async list(query: ListQuery & { forUpdate?: boolean } = {}): Promise<StoredRecord[]> {
      const p = parameters();
      let text = `select ${selected} from ${table} where ${where(p, query)} order by ${orderBy(query)}`;
      if (query.page && query.pageSize)
        text += ` limit ${p.add(query.pageSize)} offset ${p.add((query.page - 1) * query.pageSize)}`;
      if (query.forUpdate) text += ' for update';
      return records(text, p.values);
    },

    /**
     * Give the records `ids` the positions 1, 2, 3, ... in that order; answers the live list in
     * its new order. A record whose position does not change keeps its version.
     */
    async reorder(ids: string[]): Promise<StoredRecord[]> {
      assertInTransaction('reorder');
      for (const [index, id] of ids.entries()) {
        if (!isId(id)) continue;
        await db.query(
          `update ${table} set sort_order = $1, version = version + 1
            where id = $2 and deleted_at is null and sort_order <> $1`,
          [index + 1, id],
        );
      }
      const p = parameters();
      return records(`select ${selected} from ${table} where ${where(p, {})} order by ${order}`, p.values);
    },

    async count(query: ListQuery = {}): Promise<number> {
      const p = parameters();
      const [row] = await db.query<{ n: number | string }>(
        `select count(*) as n from ${table} where ${where(p, query)}`,
        p.values,
      );
      return Number(row?.n ?? 0);
    },

    async findById(id: string, options: FindOptions = {}): Promise<StoredRecord | null> {
      if (!isId(id)) return null;
      const p = parameters();
      const onSite = options.published && def.versions ? ' and published_at is not null' : '';
      const [record] = await records(
        `select ${selected} from ${table}
          where id = ${p.add(id)} and deleted_at is ${options.trashed ? 'not null' : 'null'}${onSite}
          limit 1${options.forUpdate ? ' for update' : ''}`,
        p.values,
      );
      return record ?? null;
    },

    async findBySlug(
      slug: string,
      options: Pick<FindOptions, 'published'> = {},
    ): Promise<StoredRecord | null> {
      if (!def.slugFrom) return null;
      const p = parameters();
      return liveWhere(`slug = ${p.add(slug)}`, p, options.published);
    },

    /** The live record a track link's token hash names (one unique-index lookup). */
    async findByTrackHash(hash: string): Promise<StoredRecord | null> {
      if (!def.intake?.track) return null;
      const p = parameters();
      return liveWhere(`track_token_hash = ${p.add(hash)}`, p);
    },

    /** A tracked record's track token as sealed for storage (intake), for the sender's mails. */
    async sealedTrackToken(id: string): Promise<string | null> {
      if (!def.intake?.track || !isId(id)) return null;
      const [row] = await db.query<{ sealed: string | null }>(
        `select track_token_sealed as sealed from ${table} where id = $1 limit 1`,
        [id],
      );
      return row?.sealed ?? null;
    },

    /**
     * Set a time field that is bookkeeping, not an edit (a request's first response), unless it is
     * set already: the record keeps its version, so nobody's open edit becomes stale.
     */
    async stampOnce(id: string, key: string, at: Date = new Date()): Promise<void> {
      assertInTransaction('stampOnce');
      if (!isId(id)) return;
      await db.query(
        `update ${table} set ${col(key)} = $1 where id = $2 and deleted_at is null and ${col(key)} is null`,
        [at.toISOString(), id],
      );
    },

    /**
     * Store a new record; `existed` when the type's unique field matched a live record instead.
     * What must be stored with it (an outbox row, the audit row) goes in the caller's transaction:
     * `repository.in(tx).create(...)`. A new and a known unique value run the same one statement
     * (an insert that, on the live value's conflict, answers the stored row): which of the two it
     * was shows in no statement the database sees (decision 010, "Same work either way").
     */
    async create(values: Record<string, unknown>): Promise<StoredRecord & { existed?: boolean }> {
      assertInTransaction('create');
      const unique = def.uniqueField ? col(def.uniqueField) : null;
      // The conflict names the live-value index (table.ts); the no-op update makes it answer the row.
      const onConflict = unique
        ? ` on conflict (lower(${unique})) where deleted_at is null do update set ${unique} = ${table}.${unique}`
        : '';
      const data: Record<string, unknown> = { ...values };
      for (let attempt = 0; ; attempt++) {
        if (def.slugFrom) data.slug = await uniqueSlug(String(values[def.slugFrom] ?? ''));
        if (def.intake?.track) data.reference = newReference(def.intake.track.prefix);
        const p = parameters();
        const set = assignments(p, data);
        set.set('sort_order', `(select coalesce(max(sort_order), 0) + 1 from ${table})`);
        try {
          return await undoable(async () => {
            // A row this statement inserted has no deleting transaction yet (xmax 0); one it
            // updated on conflict has this one.
            const [row] = await db.query<Record<string, unknown>>(
              `insert into ${table} (${[...set.keys()].join(', ')}) values (${[...set.values()].join(', ')})${onConflict}
               returning ${selected}, xmax = 0 as inserted`,
              p.values,
            );
            return row!.inserted ? toRecord(row!) : { ...toRecord(row!), existed: true };
          });
        } catch (error) {
          // Two writers chose the same slug at once, or a reference came up twice: choose again.
          if ((def.slugFrom || def.intake?.track) && attempt < 5 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /** Apply `values`; with `expectedVersion`, only if nobody changed the record since. */
    async update(
      id: string,
      values: Record<string, unknown>,
      expectedVersion?: number,
    ): Promise<UpdateResult> {
      assertInTransaction('update');
      if (!isId(id)) return { kind: 'missing' };
      const p = parameters();
      const set = assignments(p, values);
      set.set('version', 'version + 1');
      set.set('updated_at', p.add(new Date().toISOString()));
      const stale = expectedVersion === undefined ? '' : ` and version = ${p.add(expectedVersion)}`;
      const record = await updateLive(id, set, p, stale);
      if (record) return { kind: 'updated', record };
      const current = await this.findById(id);
      return current ? { kind: 'stale', current } : { kind: 'missing' };
    },

    /** Move a record to the trash. */
    async softDelete(id: string): Promise<StoredRecord | null> {
      assertInTransaction('softDelete');
      if (!isId(id)) return null;
      const p = parameters();
      const set = new Map([
        ['deleted_at', p.add(new Date().toISOString())],
        ['version', 'version + 1'],
      ]);
      return updateLive(id, set, p);
    },

    /**
     * Bring a record back from the trash. `offSite` (a type with versions): it comes back off the
     * site, whatever it was when deleted.
     */
    async restore(id: string, options: { offSite?: boolean } = {}): Promise<StoredRecord | null> {
      assertInTransaction('restore');
      if (!isId(id)) return null;
      const offSite = options.offSite && def.versions ? ', published_at = null' : '';
      const [record] = await records(
        `update ${table} set deleted_at = null, updated_at = $1, version = version + 1${offSite}
          where id = $2 and deleted_at is not null returning ${selected}`,
        [new Date().toISOString(), id],
      );
      return record ?? null;
    },

    /** Delete for good what has been in the trash since before `before`, or the given ids; answers their ids. */
    async purge(options: { before?: Date; ids?: string[] }): Promise<string[]> {
      assertInTransaction('purge');
      const p = parameters();
      const conditions = ['deleted_at is not null'];
      if (options.before) conditions.push(`deleted_at < ${p.add(options.before.toISOString())}`);
      if (options.ids) {
        const ids = options.ids.filter(isId).map((id) => p.add(id));
        conditions.push(ids.length ? `id in (${ids.join(', ')})` : 'false');
      }
      const rows = await db.query<{ id: string }>(
        `delete from ${table} where ${conditions.join(' and ')} returning id`,
        p.values,
      );
      const ids = rows.map((row) => String(row.id));
      // A record gone for good takes its draft, its versions and its old addresses with it.
      if (def.versions && ids.length > 0)
        for (const kept of ['content_drafts', 'content_versions', 'slug_redirects'])
          await db.query(
            `delete from ${kept} where resource = $1
              and record_id::text in (select jsonb_array_elements_text($2::jsonb))`,
            [def.name, JSON.stringify(ids)],
          );
      return ids;
    },
  };
}

/** A time as read (a Date from either driver) as ISO text. */
const isoTime = (value: unknown) => (value instanceof Date ? value : new Date(value as string)).toISOString();

export type ContentRepository = ReturnType<typeof repositoryOn> & {
  /**
   * The same repository working inside a change's transaction (`app.changes.write`): a plain
   * `Database.transaction` or the pool is a compile error, so a write cannot skip its audit row.
   */
  in(tx: ChangeTransaction): ContentRepository;
};

/** What the audit log calls a record: its title, unless the title is personal data. */
export function recordName(def: ContentTypeDef, record: Record<string, unknown>): string | null {
  if (def.fields[def.titleField]?.personal) return null;
  const title = record[def.titleField];
  return typeof title === 'string' && title !== '' ? title : null;
}
