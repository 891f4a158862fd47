import type { ContentTypeDef } from '../../../shared/content/define';
import { columnName } from '../../content/table';
import type { Database } from '../../db/client';
import { sqlIdentifier } from '../../db/identifiers';

/** Remember that `recordId` of `resource` is demo content, in the seed's own transaction. */
export async function markDemoRecord(tx: Database, resource: string, recordId: string): Promise<void> {
  await tx.query('insert into demo_records (resource, record_id) values ($1, $2) on conflict do nothing', [
    resource,
    recordId,
  ]);
}

/** Mail that has failed at least once and waits: how much, and the newest error. */
export async function failingMail(
  database: Database,
): Promise<{ waiting: number; lastError: string | null }> {
  const [row] = await database.query<{ waiting: number; lastError: string | null }>(
    `select count(*)::int as waiting,
            (array_agg(last_error order by next_attempt_at desc))[1] as "lastError"
       from mail_outbox where sent_at is null and attempts > 0 and last_error is not null`,
  );
  return { waiting: row?.waiting ?? 0, lastError: row?.lastError ?? null };
}

/** Live demo records of one type: the first `limit` titles, oldest first, and how many there are. */
export interface DemoRecords {
  def: ContentTypeDef;
  titles: string[];
  count: number;
}

/**
 * The live demo records of every type in one statement (the dashboard asks again whenever a
 * request changes). Types without any are left out.
 */
export async function liveDemoRecords(
  database: Database,
  defs: readonly ContentTypeDef[],
  limit: number,
): Promise<DemoRecords[]> {
  const params: unknown[] = [limit];
  const perType = defs.map(
    (def, index) =>
      `(select ${index} as type, t.${sqlIdentifier(columnName(def.titleField))}::text as name,
               count(*) over ()::int as n
          from demo_records d join ${sqlIdentifier(def.table)} t on t.id::text = d.record_id and t.deleted_at is null
         where d.resource = $${params.push(def.name)} order by t.created_at limit $1)`,
  );
  const rows = await database.query<{ type: number; name: string; n: number }>(
    perType.join(' union all '),
    params,
  );
  return defs.flatMap((def, index) => {
    const named = rows.filter((row) => row.type === index);
    return named.length ? [{ def, titles: named.map((row) => row.name), count: named[0]!.n }] : [];
  });
}
