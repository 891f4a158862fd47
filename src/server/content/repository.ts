import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { slugify } from '../../shared/constants';
import type { ContentTypeDef } from '../../shared/content/define';
import { storedValue } from '../../shared/content/stored-values';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contentTable, rankedOrderTerms } from './table';
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
 * Storage of one content type. The same code serves every type: what differs comes from the
 * declaration (fields, order, search, slug). Handlers call this; none of them writes SQL.
 */
export function createContentRepository(db: Db, def: ContentTypeDef): ContentRepository {
  const table = contentTable(def);
  const bind = (runner: Db, inTransaction: boolean): ContentRepository => ({
    ...repositoryOn(runner, def, table, inTransaction),
    in: (tx: Db) => bind(tx, true),
  });
  return bind(db, false);
}

/** A content type's storage working on `db`: the pool, or (`inTransaction`) one transaction. */
function repositoryOn(
  db: Db,
  def: ContentTypeDef,
  table: ReturnType<typeof contentTable>,
  inTransaction: boolean,
) {
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const col = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${def.name} has no column ${key}`);
    return column;
  };
  const fieldKeys = Object.keys(def.fields);
  const dateTimeKeys = fieldKeys.filter((key) => def.fields[key]?.kind === 'dateTime');

  /** Values as the table takes them: a date-time's ISO text becomes the Date its column wants. */
  function toRow(values: Record<string, unknown>): Record<string, unknown> {
    const row = { ...values };
    for (const key of dateTimeKeys) if (typeof row[key] === 'string') row[key] = new Date(row[key] as string);
    return row;
  }
  const newestBy = def.list.newestBy;
  const order =
    def.list.order === 'newest'
      ? [
          // The same terms as the list's index (table.ts), so the planner walks it.
          ...(newestBy ? [sql`${col(newestBy)} desc nulls last`] : []),
          desc(col('createdAt')),
          desc(col('id')),
        ]
      : [asc(col('sortOrder')), asc(col('createdAt')), asc(col('id'))];
  /**
   * The SQL of the list's order. A named order sorts by the expressions its index is built on
   * (table.ts), less what the list's equality filters already decide.
   */
  const orderBy = (query: ListQuery): SQL[] => {
    const fixed: Record<string, string | boolean> = {};
    for (const [key, value] of filtersOf(query))
      if (value !== NONE) fixed[key] = def.fields[key]?.kind === 'boolean' ? value === 'true' : value;
    const terms = query.order ? rankedOrderTerms(def, query.order, fixed) : null;
    return terms ? terms.map((term) => sql.raw(term)) : order;
  };

  function toRecord(row: Record<string, unknown>): StoredRecord {
    const record: StoredRecord = { _id: String(row.id), version: Number(row.version) };
    for (const key of fieldKeys) record[key] = storedValue(def.fields[key]!, row[key]);
    for (const key of dateTimeKeys) record[key] = row[key] ? (row[key] as Date).toISOString() : null;
    if (def.slugFrom) record.slug = row.slug;
    // The reference, never the track token's hash.
    if (def.intake?.track) record.reference = row.reference ?? null;
    record.sortOrder = row.sortOrder;
    record.createdAt = (row.createdAt as Date).toISOString();
    record.updatedAt = (row.updatedAt as Date).toISOString();
    if (row.deletedAt) record.deletedAt = (row.deletedAt as Date).toISOString();
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

  function where(query: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      query.trashed ? isNotNull(col('deletedAt')) : isNull(col('deletedAt')),
    ];
    for (const [key, value] of filtersOf(query)) {
      const kind = def.fields[key]?.kind;
      // A choice left empty (no assignee) is asked for as `none`.
      if (value === NONE && (kind === 'user' || kind === 'reference')) conditions.push(isNull(col(key)));
      else conditions.push(eq(col(key), kind === 'boolean' ? value === 'true' : value));
    }
    const q = query.q?.trim();
    if (q && def.list.search?.length) {
      const pattern = `%${escapeLike(q)}%`;
      // One text of all searched fields, so one trigram index answers it (migration 0300).
      const text = sql.join(
        def.list.search.map((key) => sql`${col(key)}`),
        sql` || ' ' || `,
      );
      conditions.push(sql`(${text}) ilike ${pattern}`);
    }
    return and(...conditions);
  }

  const live = (id: string) => and(eq(col('id'), id), isNull(col('deletedAt')));
  /** The one live record a condition on a unique column names. */
  async function liveWhere(condition: SQL): Promise<StoredRecord | null> {
    const [row] = await db
      .select()
      .from(table)
      .where(and(condition, isNull(col('deletedAt'))))
      .limit(1);
    return row ? toRecord(row) : null;
  }

  async function uniqueSlug(title: string): Promise<string> {
    const base = slugify(title);
    const taken = await db
      .select({ slug: col('slug') })
      .from(table)
      .where(or(eq(col('slug'), base), sql`${col('slug')} like ${`${escapeLike(base)}-%`}`));
    const used = new Set(taken.map((r) => r.slug as string));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Every write runs in a transaction that records it (`app.changes.write`, through `in(tx)`):
   * a write on the pool would have no audit row, so it is refused before it reaches the database.
   */
  function assertInTransaction(method: string) {
    if (!inTransaction)
      throw new Error(
        `${def.name}.${method} must run in a transaction: app.changes.write((tx) => repository.in(tx.db).${method}(...))`,
      );
  }

  /**
   * Run one attempt of a write that may fail and be retried (a unique value taken meanwhile).
   * Inside a transaction a failed statement aborts the whole transaction, so the attempt gets a
   * savepoint to roll back to instead.
   */
  async function undoable<T>(work: () => Promise<T>): Promise<T> {
    if (!inTransaction) return work();
    await db.execute(sql.raw('savepoint repository_attempt'));
    try {
      const result = await work();
      await db.execute(sql.raw('release savepoint repository_attempt'));
      return result;
    } catch (error) {
      await db.execute(sql.raw('rollback to savepoint repository_attempt'));
      throw error;
    }
  }

  return {
    def,
    table,

    /** `forUpdate` (inside a transaction): hold the listed rows until commit. */
    async list(query: ListQuery & { forUpdate?: boolean } = {}): Promise<StoredRecord[]> {
      let statement = db
        .select()
        .from(table)
        .where(where(query))
        .orderBy(...orderBy(query))
        .$dynamic();
      if (query.page && query.pageSize) {
        statement = statement.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
      }
      if (query.forUpdate) statement = statement.for('update');
      return (await statement).map(toRecord);
    },

    /**
     * Give the records `ids` the positions 1, 2, 3, ... in that order; answers the live list in
     * its new order. A record whose position does not change keeps its version.
     */
    async reorder(ids: string[]): Promise<StoredRecord[]> {
      assertInTransaction('reorder');
      for (const [index, id] of ids.entries()) {
        if (!isId(id)) continue;
        await db
          .update(table)
          .set({ sortOrder: index + 1, version: sql`${col('version')} + 1` } as never)
          .where(and(live(id), sql`${col('sortOrder')} <> ${index + 1}`));
      }
      return (
        await db
          .select()
          .from(table)
          .where(where({}))
          .orderBy(...order)
      ).map(toRecord);
    },

    async count(query: ListQuery = {}): Promise<number> {
      const [row] = await db.select({ n: count() }).from(table).where(where(query));
      return Number(row?.n ?? 0);
    },

    /** `forUpdate` (inside a transaction): hold the row until commit, so what was read stays true. */
    async findById(
      id: string,
      options: { trashed?: boolean; forUpdate?: boolean } = {},
    ): Promise<StoredRecord | null> {
      if (!isId(id)) return null;
      const condition = options.trashed ? and(eq(col('id'), id), isNotNull(col('deletedAt'))) : live(id);
      const select = db.select().from(table).where(condition).limit(1);
      const [row] = options.forUpdate ? await select.for('update') : await select;
      return row ? toRecord(row) : null;
    },

    async findBySlug(slug: string): Promise<StoredRecord | null> {
      return def.slugFrom ? liveWhere(eq(col('slug'), slug)) : null;
    },

    /** The live record a track link's token hash names (one unique-index lookup). */
    async findByTrackHash(hash: string): Promise<StoredRecord | null> {
      return def.intake?.track ? liveWhere(eq(col('trackTokenHash'), hash)) : null;
    },

    /** A tracked record's track token as sealed for storage (intake), for the sender's mails. */
    async sealedTrackToken(id: string): Promise<string | null> {
      if (!def.intake?.track || !isId(id)) return null;
      const [row] = await db
        .select({ sealed: col('trackTokenSealed') })
        .from(table)
        .where(eq(col('id'), id))
        .limit(1);
      return (row?.sealed as string | null | undefined) ?? null;
    },

    /**
     * Set a time field that is bookkeeping, not an edit (a request's first response), unless it is
     * set already: the record keeps its version, so nobody's open edit becomes stale.
     */
    async stampOnce(id: string, key: string, at: Date = new Date()): Promise<void> {
      assertInTransaction('stampOnce');
      if (!isId(id)) return;
      await db
        .update(table)
        .set({ [key]: at } as never)
        .where(and(live(id), isNull(col(key))));
    },

    /** The live record whose unique field equals `value`, ignoring case. */
    async findByUnique(value: string): Promise<StoredRecord | null> {
      if (!def.uniqueField) return null;
      const [row] = await db
        .select()
        .from(table)
        .where(and(sql`lower(${col(def.uniqueField)}) = lower(${value})`, isNull(col('deletedAt'))))
        .limit(1);
      return row ? toRecord(row) : null;
    },

    /**
     * Store a new record; `existed` when the type's unique field matched a live record instead.
     * What must be stored with it (an outbox row, the audit row) goes in the caller's transaction:
     * `repository.in(tx).create(...)`.
     */
    async create(values: Record<string, unknown>): Promise<StoredRecord & { existed?: boolean }> {
      assertInTransaction('create');
      if (def.uniqueField) {
        const existing = await this.findByUnique(String(values[def.uniqueField] ?? ''));
        if (existing) return { ...existing, existed: true };
      }
      const data: Record<string, unknown> = toRow(values);
      data.sortOrder = sql`(select coalesce(max(sort_order), 0) + 1 from ${table})`;
      for (let attempt = 0; ; attempt++) {
        if (def.slugFrom) data.slug = await uniqueSlug(String(values[def.slugFrom] ?? ''));
        if (def.intake?.track) data.reference = newReference(def.intake.track.prefix);
        try {
          return await undoable(async () => {
            const [row] = await db
              .insert(table)
              .values(data as never)
              .returning();
            return toRecord(row as Record<string, unknown>);
          });
        } catch (error) {
          if (def.uniqueField && isUniqueViolation(error)) {
            const existing = await this.findByUnique(String(values[def.uniqueField] ?? ''));
            if (existing) return { ...existing, existed: true };
          }
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
      const condition =
        expectedVersion === undefined ? live(id) : and(live(id), eq(col('version'), expectedVersion));
      const [row] = await db
        .update(table)
        .set({ ...toRow(values), version: sql`${col('version')} + 1`, updatedAt: new Date() } as never)
        .where(condition)
        .returning();
      if (row) return { kind: 'updated', record: toRecord(row as Record<string, unknown>) };
      const current = await this.findById(id);
      return current ? { kind: 'stale', current } : { kind: 'missing' };
    },

    /** Move a record to the trash. */
    async softDelete(id: string): Promise<StoredRecord | null> {
      assertInTransaction('softDelete');
      if (!isId(id)) return null;
      const [row] = await db
        .update(table)
        .set({ deletedAt: new Date(), version: sql`${col('version')} + 1` } as never)
        .where(live(id))
        .returning();
      return row ? toRecord(row as Record<string, unknown>) : null;
    },

    async restore(id: string): Promise<StoredRecord | null> {
      assertInTransaction('restore');
      if (!isId(id)) return null;
      const [row] = await db
        .update(table)
        .set({ deletedAt: null, updatedAt: new Date(), version: sql`${col('version')} + 1` } as never)
        .where(and(eq(col('id'), id), isNotNull(col('deletedAt'))))
        .returning();
      return row ? toRecord(row as Record<string, unknown>) : null;
    },

    /** Delete for good what has been in the trash since before `before`, or the given ids; answers their ids. */
    async purge(options: { before?: Date; ids?: string[] }): Promise<string[]> {
      assertInTransaction('purge');
      const conditions: (SQL | undefined)[] = [isNotNull(col('deletedAt'))];
      if (options.before) conditions.push(lt(col('deletedAt'), options.before));
      if (options.ids) conditions.push(inArray(col('id'), options.ids.filter(isId)));
      const rows = await db
        .delete(table)
        .where(and(...conditions))
        .returning({ id: col('id') });
      return rows.map((row) => String(row.id));
    },
  };
}

export type ContentRepository = ReturnType<typeof repositoryOn> & {
  /** The same repository working inside the transaction `tx` (from `Database.transaction`). */
  in(tx: Db): ContentRepository;
};

/** What the audit log calls a record: its title, unless the title is personal data. */
export function recordName(def: ContentTypeDef, record: Record<string, unknown>): string | null {
  if (def.fields[def.titleField]?.personal) return null;
  const title = record[def.titleField];
  return typeof title === 'string' && title !== '' ? title : null;
}
