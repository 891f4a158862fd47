import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { serverSecret } from '../db/server-secrets';
import { seedDemoInto } from '../modules/demo/seed';
import { createTestApp, createTestDatabase } from '../test/helpers';
import { imageUpload } from '../test/uploads';
import { BackupError, backupToFile, restoreFromFile } from './backup';

const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
const file = path.join(dir, 'site.jsonl.gz');
let admin: { authorization: string };

/** Every row of every table, in key order, as PostgreSQL prints it. */
async function snapshot(database: Database) {
  const tables = (
    await database.query<{ name: string }>(
      `select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('schema_migrations', 'sessions', 'rate_limits', 'server_secrets', 'login_tickets')
        order by 1`,
    )
  ).map((r) => r.name);
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await database.query<{ j: string }>(`select row_to_json(t)::text as j from "${table}" t`);
    result[table] = rows.map((r) => r.j).sort();
  }
  return result;
}

beforeAll(async () => {
  await seedDemoInto(t.app);
  admin = await t.signIn();
  // Edits on top of the demo: a message with awkward text and a photo, a subscriber, a deletion,
  // settings.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#963' } })
    .png()
    .toBuffer();
  const { token } = (
    await t.app.inject({
      method: 'POST',
      url: '/api/contactus/photos',
      ...imageUpload(photo, 'fault.png', 'photo'),
    })
  ).json();
  await t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: 'Zoë "Q" Ünal',
      email: 'z@example.com',
      phone: '03001234567',
      message: 'Line 1\nLine 2 \\ ✓',
      photos: [token],
    },
  });
  await t.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'Keep@Example.com' } });
  const [service] = (await t.app.inject({ method: 'GET', url: '/api/service' })).json();
  await t.app.inject({ method: 'DELETE', url: `/api/service/${service._id}`, headers: admin });
  await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: { tagline: 'Restored tagline' },
  });
});

describe('backup and restore', () => {
  it('round-trips the demo data plus edits: every row of every table, images included', async () => {
    const before = await snapshot(t.database);
    expect(before.media_variants?.length).toBeGreaterThan(10);
    expect(before.audit_log?.length).toBeGreaterThan(3);
    // A message's photos travel with it (decision 074).
    expect(before.contact_photos).toHaveLength(1);
    const counts = await backupToFile(t.database, file);
    expect(counts.services).toBe(before.services?.length);

    const target = await createTestDatabase();
    try {
      const restored = await restoreFromFile(target.database, file);
      expect(restored).toEqual(counts);
      expect(await snapshot(target.database)).toEqual(before);

      // Only into an empty database.
      await expect(restoreFromFile(target.database, file)).rejects.toThrow(/not empty/);
    } finally {
      await target.drop();
    }
  });

  it('carries no server secret, and restores onto a site that already made its own', async () => {
    const [key] = await t.database.query<{ value: string }>(
      `select value from server_secrets where name = 'xsrf'`,
    );
    expect(key?.value).toBeTruthy();
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(text).not.toContain('"t":"server_secrets"');
    expect(text).not.toContain(key!.value);

    // A new machine's site started once (empty, so it generated its XSRF key), then restored into.
    const target = await createTestDatabase();
    try {
      const own = await serverSecret(target.database, 'xsrf');
      await restoreFromFile(target.database, file);
      expect((await serverSecret(target.database, 'xsrf')).equals(own)).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it('refuses a cut-off file and leaves the database empty', async () => {
    const full = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    fs.writeFileSync(cut, zlib.gzipSync(full.slice(0, Math.floor(full.length / 2)).join('\n')));
    const target = await createTestDatabase();
    try {
      await expect(restoreFromFile(target.database, cut)).rejects.toThrow(BackupError);
      const [row] = await target.database.query<{ n: string }>('select count(*) as n from services');
      expect(Number(row?.n)).toBe(0);
      const notBackup = path.join(dir, 'other.gz');
      fs.writeFileSync(notBackup, zlib.gzipSync('{"hello":1}\n'));
      await expect(restoreFromFile(target.database, notBackup)).rejects.toThrow(/not a site backup/);
    } finally {
      await target.drop();
    }
  });

  it('is downloadable by an admin from the running site, in the same format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/backup', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const lines = zlib.gunzipSync(res.rawPayload).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'coolfix-backup', version: 1 });
    expect(JSON.parse(lines.at(-1)!).end).toBe(true);
    const editor = await t.signIn('office');
    expect((await t.app.inject({ method: 'GET', url: '/api/backup', headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
  });
  it('writes a backup file only its owner can read, even over an older file open to everyone', async () => {
    // It holds every customer's personal data: another local user must not read it.
    const older = path.join(dir, 'older.jsonl.gz');
    fs.writeFileSync(older, 'an older backup');
    fs.chmodSync(older, 0o666);
    const umask = process.umask(0o022);
    try {
      await backupToFile(t.database, path.join(dir, 'fresh.jsonl.gz'));
      await backupToFile(t.database, older);
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(path.join(dir, 'fresh.jsonl.gz')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(older).mode & 0o777).toBe(0o600);
  });
});
