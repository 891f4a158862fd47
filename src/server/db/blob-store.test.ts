import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { DB_PREFIX } from '../test/global-setup';
import { createTestApp, testDatabaseKind } from '../test/helpers';
import { expectSiteKeptAnswering, readStatusWhile } from '../test/status-reads';
import { BLOB_CHUNK_BYTES, createBlobStore } from './blob-store';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const t = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '500' } });
let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await eventually(async () => (await fetch(`${base}/api/service?q=warm-up`)).status === 200);
  await (await fetch(`${base}/api/status`)).arrayBuffer();
});

describe(`a stored file on ${testDatabaseKind}`, () => {
  it('of 8 MB (one stored before pictures were bounded) is written and read while the site keeps answering', async () => {
    const blobs = createBlobStore(t.database);
    // The first write after start opens the tables (once, whatever the size): not what is measured.
    await blobs.write(Buffer.from('warm-up'));
    const bytes = randomBytes(8 * 1024 * 1024);
    const written = await readStatusWhile(base, blobs.write(bytes));
    const read = await readStatusWhile(base, blobs.read(written.result));
    expect(read.result.equals(bytes)).toBe(true);
    expectSiteKeptAnswering(written.reads);
    expectSiteKeptAnswering(read.reads);
    const [chunks] = await t.database.query<{ n: number; widest: number }>(
      'select count(*)::int as n, max(length(bytes))::int as widest from blob_chunks where blob_id = $1',
      [written.result.id],
    );
    expect(chunks).toEqual({ n: (8 * 1024 * 1024) / BLOB_CHUNK_BYTES, widest: BLOB_CHUNK_BYTES });
  });

  it('that no row kept is swept, one that a row keeps stays, and deleting the row deletes it', async () => {
    const blobs = createBlobStore(t.database);
    const kept = await blobs.write(Buffer.from('kept'));
    const lost = await blobs.write(Buffer.from('never kept'));
    await t.database.query(
      `insert into contact_photos (token_hash, width, height, blob_id) values ('blob-test', 1, 1, $1)`,
      [kept.id],
    );
    expect(await blobs.sweepUnkept(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    const left = async () =>
      (
        await t.database.query<{ id: string }>('select id from blobs where id = any($1::uuid[])', [
          [kept.id, lost.id],
        ])
      ).map((row) => row.id);
    expect(await left()).toEqual([kept.id]);
    expect((await blobs.read(kept)).toString()).toBe('kept');
    await t.database.query(`delete from contact_photos where token_hash = 'blob-test'`);
    expect(await left()).toEqual([]);
    expect(await t.database.query('select n from blob_chunks where blob_id = $1', [kept.id])).toEqual([]);
  });
});

describe(`files in the database, on ${testDatabaseKind}`, () => {
  it('are kept only as chunks, and every row that keeps one marks it kept and deletes it with itself', async () => {
    // A bytea column anywhere else is a file written and read in one piece (decision 010).
    const binary = await t.database.query<{ column: string }>(
      `select table_name || '.' || column_name as column from information_schema.columns
        where table_schema = current_schema() and data_type = 'bytea' order by 1`,
    );
    expect(binary.map((row) => row.column)).toEqual(['blob_chunks.bytes']);
    const keepers = await t.database.query<{ table: string; kept: boolean }>(
      `select c.conrelid::regclass::text as table,
              exists (select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
                       where g.tgrelid = c.conrelid and p.proname = 'keep_blob') as kept
         from pg_constraint c where c.contype = 'f' and c.confrelid = 'blobs'::regclass
          and c.conrelid <> 'blob_chunks'::regclass order by 1`,
    );
    expect(keepers).toEqual([
      { table: 'contact_photos', kept: true },
      { table: 'media_variants', kept: true },
    ]);
  });
});

/** A database migrated up to, not including, `before`; closed and removed by the answer's `drop`. */
async function databaseMigratedBefore(
  before: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql') && name < before))
    fs.copyFileSync(path.join(MIGRATIONS, file), path.join(dir, file));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (testDatabaseKind === 'postgres' && serverUrl) {
    const name = `${DB_PREFIX}b${randomBytes(4).toString('hex')}`;
    database = await openDatabase({ url: await createScratchDatabase(serverUrl, name), dataDir: '' });
    dropDatabase = () => dropScratchDatabase(serverUrl, name);
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  await migrate(database, dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    database,
    drop: async () => {
      await database.close();
      await dropDatabase();
    },
  };
}

describe(`pictures stored before files were chunked, on ${testDatabaseKind}`, () => {
  it('move into chunks when the site is updated, byte for byte', async () => {
    const { database, drop } = await databaseMigratedBefore('0840');
    try {
      const variant = randomBytes(600 * 1024);
      const photo = randomBytes(100);
      await database.query(`insert into media (hash, width, height) values ('old-picture', 640, 480)`);
      await database.query(
        `insert into media_variants (hash, width, bytes) values ('old-picture', 640, $1)`,
        [variant],
      );
      await database.query(
        `insert into contact_photos (token_hash, width, height, bytes) values ('old-photo', 10, 10, $1)`,
        [photo],
      );
      await migrate(database, MIGRATIONS);
      const blobs = createBlobStore(database);
      const [media] = await database.query<{ id: string; size: number; kept: boolean }>(
        `select b.id, b.size, b.kept from media_variants v join blobs b on b.id = v.blob_id where v.hash = 'old-picture'`,
      );
      const [kept] = await database.query<{ id: string; size: number }>(
        `select b.id, b.size from contact_photos p join blobs b on b.id = p.blob_id where p.token_hash = 'old-photo'`,
      );
      expect(media).toMatchObject({ size: variant.length, kept: true });
      expect((await blobs.read(media!)).equals(variant)).toBe(true);
      expect((await blobs.read(kept!)).equals(photo)).toBe(true);
      const [chunks] = await database.query<{ n: number }>(
        'select count(*)::int as n from blob_chunks where blob_id = $1',
        [media!.id],
      );
      expect(chunks!.n).toBe(10);
    } finally {
      await drop();
    }
  });
});
