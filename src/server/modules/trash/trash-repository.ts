import type { ContentTypeDef } from '../../../shared/content/define';
import { columnName } from '../../content/table';
import type { Database } from '../../db/client';
import { sqlIdentifier } from '../../db/identifiers';

interface TrashedRecord {
  resource: string;
  id: string;
  title: string;
  deletedAt: string;
  /** Username of whoever moved it to the trash, from the audit log; null when unknown. */
  deletedBy: string | null;
}

/**
 * The trash of every content type read as one list. Tables and title columns are named by the
 * declarations, as the content tables were made from them; each name is checked before it is
 * written into the statement, and every value is a parameter.
 */
export function createTrashRepository(database: Database, defs: readonly ContentTypeDef[]) {
  /** One select over the trashed rows of the given types; the resource names become parameters. */
  function trashed(types: readonly ContentTypeDef[], params: unknown[]): string {
    return types
      .map(
        (def) =>
          `select $${params.push(def.name)}::text as resource, id::text as id,
                  ${sqlIdentifier(columnName(def.titleField))}::text as title, deleted_at
             from ${sqlIdentifier(def.table)} where deleted_at is not null`,
      )
      .join('\nunion all\n');
  }

  return {
    /** A page of trashed records, most recently deleted first, and how many there are. */
    /** Deleted records of the types `mayRestore` admits (a role sees those it may delete). */
    async list(
      query: { page: number; pageSize: number; resource?: string },
      mayRestore: (def: ContentTypeDef) => boolean,
    ) {
      const types = defs.filter((def) => mayRestore(def) && (!query.resource || def.name === query.resource));
      if (types.length === 0) return { data: [], totalCount: 0 };
      const pageParams: unknown[] = [query.pageSize, (query.page - 1) * query.pageSize];
      const countParams: unknown[] = [];
      const [page, [total]] = await Promise.all([
        database.query<{
          resource: string;
          id: string;
          title: string;
          deleted_at: Date | string;
          deleted_by: string | null;
        }>(
          `select t.resource, t.id, t.title, t.deleted_at, a.actor_name as deleted_by
             from (${trashed(types, pageParams)}) t
             left join lateral (
               select actor_name from audit_log
                where audit_log.resource = t.resource and audit_log.record_id = t.id and action = 'delete'
                order by at desc limit 1
             ) a on true
            order by t.deleted_at desc, t.resource, t.id
            limit $1 offset $2`,
          pageParams,
        ),
        database.query<{ n: number | string }>(
          `select count(*) as n from (${trashed(types, countParams)}) t`,
          countParams,
        ),
      ]);
      const data: TrashedRecord[] = page.map((row) => ({
        resource: row.resource,
        id: row.id,
        title: row.title,
        deletedAt: new Date(row.deleted_at).toISOString(),
        deletedBy: row.deleted_by ?? null,
      }));
      return { data, totalCount: Number(total?.n ?? 0) };
    },
  };
}
