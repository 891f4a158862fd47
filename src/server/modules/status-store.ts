import type { Database } from '../db/client';

/** One round trip to the database: resolves when it answers, rejects when it cannot. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.query('select 1');
}
