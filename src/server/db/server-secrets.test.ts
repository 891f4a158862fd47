import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../test/helpers';
import { type Database, openDatabase } from './client';
import { serverSecret } from './server-secrets';

const { database, url, drop } = await createTestDatabase();
const pools: Database[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.close();
  await drop();
});

describe(`server secrets (${testDatabaseKind})`, () => {
  it('give every instance starting at once the same generated secret, stored once', async () => {
    // On PostgreSQL each "instance" has its own pool, so the inserts really race.
    const instances = url
      ? await Promise.all(Array.from({ length: 6 }, () => openDatabase({ url, dataDir: '', poolSize: 1 })))
      : Array.from({ length: 6 }, () => database);
    if (url) pools.push(...instances);
    const secrets = await Promise.all(instances.map((db) => serverSecret(db, 'race')));
    expect(secrets[0]!.length).toBe(32);
    expect(new Set(secrets.map((s) => s.toString('hex'))).size).toBe(1);
    const rows = await database.query('select 1 from server_secrets where name = $1', ['race']);
    expect(rows).toHaveLength(1);
    // Later calls read the stored one.
    expect((await serverSecret(database, 'race')).equals(secrets[0]!)).toBe(true);
  });

  it('keep different names apart', async () => {
    const a = await serverSecret(database, 'first');
    const b = await serverSecret(database, 'second');
    expect(a.equals(b)).toBe(false);
  });

  it("take the environment's value when it sets one, and store nothing", async () => {
    const secret = await serverSecret(database, 'from-env', { override: 'x'.repeat(40) });
    expect(secret.toString('utf8')).toBe('x'.repeat(40));
    expect(await database.query('select 1 from server_secrets where name = $1', ['from-env'])).toEqual([]);
  });
});
