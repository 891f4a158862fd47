import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { MIGRATION_STEPS, type MigrationStep } from './migration-steps';

/** Advisory-lock key shared by every instance that migrates the same database. */
const MIGRATION_LOCK = 7_314_001;

/** The folder of committed migrations; the build copies it next to the server bundle. */
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Apply every migration not applied yet, in file-name order, each atomically.
 * Instances starting together take turns on an advisory lock, so each migration runs once.
 * `announce` hears, before any is applied, that the database is being created or updated.
 * A file with a code step in `steps` runs its SQL, then the step, in one transaction.
 */
export async function migrate(
  database: Database,
  dir = MIGRATIONS_DIR,
  announce: (step: string) => void = () => {},
  steps: Record<string, MigrationStep> = MIGRATION_STEPS,
): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await database.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id),
    );
    const pending = files.filter((file) => !done.has(file));
    if (pending.length > 0)
      announce(
        done.size === 0
          ? 'Creating the database...'
          : `Updating the database (${pending.length} migration${pending.length === 1 ? '' : 's'})...`,
      );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = await fs.readFile(path.join(dir, file), 'utf8');
      const id = file.replaceAll("'", "''");
      const record = `insert into schema_migrations (id) values ('${id}');`;
      const step = steps[file];
      if (step)
        await database.transaction(async (tx) => {
          await tx.exec(sqlText);
          await step(tx, announce);
          await tx.exec(record);
        });
      // One simple-protocol query string runs as a single implicit transaction: all of it or none.
      else await database.exec(`${sqlText}\n;${record}`);
      applied.push(file);
    }
    return applied;
  });
}
