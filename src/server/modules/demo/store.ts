import type { Database } from '../../db/client';
import { sqlIdentifier } from '../../db/identifiers';

/** True when any of `tables` holds a row (trashed or not); the names come from declarations. */
export async function anyRowIn(database: Database, tables: readonly string[]): Promise<boolean> {
  if (tables.length === 0) return false;
  const checks = tables.map((table) => `exists (select 1 from ${sqlIdentifier(table)})`).join(' or ');
  const [row] = await database.query<{ any: boolean }>(`select (${checks}) as any`);
  return Boolean(row?.any);
}
