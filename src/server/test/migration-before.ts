import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { DB_PREFIX } from './global-setup';
import { testDatabaseKind } from './helpers';

/** The committed migrations. */
export const MIGRATIONS = path.join(import.meta.dirname, '..', 'db', 'migrations');

/** An empty database of the kind under test, dropped after the file. */
export async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind !== 'postgres' || !url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    afterAll(() => database.close());
    return database;
  }
  const name = `${DB_PREFIX}s${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url: await createScratchDatabase(url, name), dataDir: '' });
  afterAll(async () => {
    await database.close();
    await dropScratchDatabase(url, name);
  });
  return database;
}

/** A folder with the committed migrations before `upTo`, as a site that last started before it. */
export async function migrationsBefore(upTo: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  for (const file of await fs.readdir(MIGRATIONS))
    if (file.endsWith('.sql') && file < upTo)
      await fs.copyFile(path.join(MIGRATIONS, file), path.join(dir, file));
  return dir;
}
