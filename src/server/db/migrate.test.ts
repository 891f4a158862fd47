import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_PREFIX } from '../test/global-setup';
import { createTestDatabase, testDatabaseKind } from '../test/helpers';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database';

describe('migrations', () => {
  it('apply once and are a no-op the second time', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      expect(await migrate(database)).toEqual([]);
      const applied = await database.query<{ id: string }>('select id from schema_migrations order by id');
      expect(applied.map((r) => r.id)[0]).toBe('0001_init.sql');
    } finally {
      await drop();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')('are safe when several instances start at once', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${DB_PREFIX}m${randomBytes(4).toString('hex')}`;
    const scratchUrl = await createScratchDatabase(url, name);
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: scratchUrl, dataDir: '' })));
    afterAll(async () => {
      await Promise.all(instances.map((db) => db.close()));
      await dropScratchDatabase(url, name);
    });
    const results = await Promise.all(instances.map((db) => migrate(db)));
    const appliedCounts = results.map((r) => r.length).sort();
    expect(appliedCounts[0]).toBe(0);
    expect(appliedCounts[1]).toBe(0);
    expect(appliedCounts[2]).toBeGreaterThan(0);
  });
});
