import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_PREFIX } from '../test/global-setup';
import { createTestDatabase, testDatabaseKind } from '../test/helpers';
import { type Database, openDatabase } from './client';
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

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A database migrated up to, not including, `file`, and the function that applies the rest: a
 * site that ran an older release and is now updated. Closed and dropped after the file's tests.
 */
async function databaseBefore(file: string) {
  const older = fs.mkdtempSync(path.join(os.tmpdir(), 'older-migrations-'));
  for (const name of fs.readdirSync(MIGRATIONS).filter((n) => n.endsWith('.sql') && n < file))
    fs.copyFileSync(path.join(MIGRATIONS, name), path.join(older, name));
  let database: Database;
  if (testDatabaseKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${DB_PREFIX}m${randomBytes(4).toString('hex')}`;
    database = await openDatabase({ url: await createScratchDatabase(url, name), dataDir: '' });
    afterAll(() => dropScratchDatabase(url, name));
  } else database = await openDatabase({ dataDir: 'memory://' });
  afterAll(async () => {
    await database.close();
    fs.rmSync(older, { recursive: true, force: true });
  });
  await migrate(database, older);
  const told: string[] = [];
  return { database, told, update: () => migrate(database, MIGRATIONS, (line) => told.push(line)) };
}

const addAccount = (database: Database, username: string, email: string | null, daysAgo: number) =>
  database.query(
    `insert into users (name, username, password_hash, role, email, created_at)
     values ('Person', $1, 'x', 'editor', $2, now() - make_interval(days => $3))`,
    [username, email, daysAgo],
  );

describe('the canonical identities of accounts made before they were stored', () => {
  it('are computed by the server at the update, the older account keeping an address both fold to', async () => {
    const { database, told, update } = await databaseBefore('0830_identity_canonical.sql');
    await addAccount(database, 'Ada', 'Straße@Example.com', 3);
    await addAccount(database, 'ｂｅｎ', 'STRASSE@example.com', 2);
    await addAccount(database, 'cy', null, 1);
    expect(await update()).toContain('0830_identity_canonical.sql');
    const rows = await database.query(
      'select username, username_canonical, email, email_canonical from users order by created_at',
    );
    expect(rows).toEqual([
      {
        username: 'Ada',
        username_canonical: 'ada',
        email: 'Straße@Example.com',
        email_canonical: 'strasse@example.com',
      },
      { username: 'ｂｅｎ', username_canonical: 'ben', email: null, email_canonical: null },
      { username: 'cy', username_canonical: 'cy', email: null, email_canonical: null },
    ]);
    expect(told).toContain(
      'The account "ｂｅｎ" lost its e-mail address: an older account has the same one.',
    );
    // From now on every account must have its canonical name.
    await expect(
      database.query(
        `insert into users (name, username, password_hash, role) values ('X', 'x', 'x', 'editor')`,
      ),
    ).rejects.toThrow();
  });

  it('stop the update, changing nothing, when two usernames fold to one, and name them', async () => {
    const { database, update } = await databaseBefore('0830_identity_canonical.sql');
    await addAccount(database, 'tiki', null, 2);
    await addAccount(database, 'ｔｉｋｉ', null, 1);
    await expect(update()).rejects.toThrow(
      'The accounts "tiki" and "ｔｉｋｉ" have usernames that are the same identity',
    );
    const applied = await database.query<{ id: string }>(
      `select id from schema_migrations where id = '0830_identity_canonical.sql'`,
    );
    expect(applied).toEqual([]);
    const columns = await database.query(
      `select 1 from information_schema.columns where table_name = 'users' and column_name = 'username_canonical'`,
    );
    expect(columns).toEqual([]);
  });
});

describe('the on-call addresses of the settings', () => {
  it('become the rota: an approved staff member’s address all week, all day; the setting is gone', async () => {
    const { database, told, update } = await databaseBefore('0900_on_call_rota.sql');
    const account = (username: string, role: string, email: string | null) =>
      database.query<{ id: string }>(
        `insert into users (name, username, username_canonical, password_hash, role, email, email_canonical)
         values ($1, $1, lower($1), 'x', $2, $3, lower($3)) returning id::text as id`,
        [username, role, email],
      );
    const [sana] = await account('Sana', 'technician', 'sana@coolfix.example');
    const [omar] = await account('Omar', 'office', 'omar@coolfix.example');
    await account('Waiting', 'pending', 'waiting@coolfix.example');
    await database.query(`insert into settings (id, data) values (1, $1)`, [
      JSON.stringify({
        companyName: 'CoolFix',
        onCallEmails: [
          'Omar@CoolFix.example',
          'nobody@elsewhere.test',
          'waiting@coolfix.example',
          'sana@coolfix.example',
        ],
      }),
    ]);
    expect(await update()).toContain('0900_on_call_rota.sql');
    const shifts = await database.query(
      `select user_id::text as "userId", days, start_minute as start, end_minute as end
         from on_call_shifts order by position`,
    );
    const allWeek = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    expect(shifts).toEqual([
      { userId: omar!.id, days: allWeek, start: 0, end: 1440 },
      { userId: sana!.id, days: allWeek, start: 0, end: 1440 },
    ]);
    const [settings] = await database.query<{ data: Record<string, unknown> }>('select data from settings');
    expect(settings?.data).toEqual({ companyName: 'CoolFix' });
    expect(told).toContain(
      'The on-call address nobody@elsewhere.test is no staff member’s: it is not on the rota.',
    );
  });
});

describe('demo records seeded before their rows were kept', () => {
  it('take the record as it is at the update, so the checklist compares later changes with it', async () => {
    const { database, update } = await databaseBefore('0940_demo_records_seeded.sql');
    const [album] = await database.query<{ id: string }>(
      `insert into gallery (title) values ('Cold rooms') returning id::text as id`,
    );
    await database.query(`insert into demo_records (resource, record_id) values ('gallery', $1)`, [
      album!.id,
    ]);
    expect(await update()).toContain('0940_demo_records_seeded.sql');
    const [mark] = await database.query<{ title: string }>(
      `select seeded->>'title' as title from demo_records`,
    );
    expect(mark?.title).toBe('Cold rooms');
  });
});
