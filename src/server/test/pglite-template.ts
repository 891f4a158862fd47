import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * A migrated PGlite data folder as an uncompressed tar: test files start from it with
 * `openDatabase({ dataDir: 'memory://', loadDataDir })` instead of running every migration.
 * Uncompressed because loading it is what every test file pays, and gzip makes that slower.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
  try {
    // migrate() needs only these four; the template is built alone, so no lock is needed.
    const on = (runner: PGlite | Transaction): Database =>
      ({
        exec: async (sqlText: string) => void (await runner.exec(sqlText)),
        query: async (sqlText: string, params: unknown[] = []) => (await runner.query(sqlText, params)).rows,
        withLock: <T>(_key: number, work: () => Promise<T>) => work(),
        transaction: <T>(work: (tx: Database) => Promise<T>) =>
          runner === client ? client.transaction((tx) => work(on(tx))) : work(on(runner)),
      }) as unknown as Database;
    const database = on(client);
    await migrate(database);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
