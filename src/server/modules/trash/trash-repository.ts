import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentTypeDef } from '../../../shared/content/define';
import { contentTable } from '../../content/table';
import type { Database } from '../../db/client';

interface TrashedRecord {
  resource: string;
  id: string;
  title: string;
  deletedAt: string;
  /** Username of whoever moved it to the trash, from the audit log; null when unknown. */
  deletedBy: string | null;
}

/**
 * The trash of every content type read as one list. Tables and columns come from the same
 * derivation as the content repository (`contentTable`), so no name is quoted by hand here.
 */
export function createTrashRepository(database: Database, defs: readonly ContentTypeDef[]) {
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** One select over the trashed rows of the given types. */
  function trashed(types: readonly ContentTypeDef[]): SQL {
    return sql.join(
      types.map((def) => {
        const table = contentTable(def);
        const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
        return sql`select ${def.name}::text as resource, ${columns.id}::text as id,
                          ${columns[def.titleField]}::text as title, ${columns.deletedAt} as deleted_at
                     from ${table} where ${columns.deletedAt} is not null`;
      }),
      sql`\nunion all\n`,
    );
  }

  return {
    /** A page of trashed records, most recently deleted first, and how many there are. */
    async list(query: { page: number; pageSize: number; resource?: string }) {
      const union = trashed(query.resource ? defs.filter((def) => def.name === query.resource) : defs);
      const [page, [total]] = await Promise.all([
        rows<{
          resource: string;
          id: string;
          title: string;
          deleted_at: Date | string;
          deleted_by: string | null;
        }>(
          sql`select t.resource, t.id, t.title, t.deleted_at, a.actor_name as deleted_by
                from (${union}) t
                left join lateral (
                  select actor_name from audit_log
                   where audit_log.resource = t.resource and audit_log.record_id = t.id and action = 'delete'
                   order by at desc limit 1
                ) a on true
               order by t.deleted_at desc, t.resource, t.id
               limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        ),
        rows<{ n: number | string }>(sql`select count(*) as n from (${union}) t`),
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
