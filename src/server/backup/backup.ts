import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { sentCopyOf } from '../modules/mail/outbox';
import { privateWriteStream } from '../private-files.mjs';
import { type BackupStore, createBackupStore } from './backup-store';

const BACKUP_FORMAT = 'coolfix-backup';
const BACKUP_VERSION = 1;
/**
 * Not site data: bookkeeping of migrations, sessions (everyone logs in again), rate-limit windows,
 * and server secrets: keys must not travel in a file an admin downloads and stores elsewhere, and
 * the XSRF key only matters to sessions, which are not restored; the restored site makes its own.
 */
const SKIPPED = new Set([
  'schema_migrations',
  'sessions',
  'rate_limits',
  'server_secrets',
  // Links mailed for recovery and address changes: short-lived, and keys to accounts.
  'password_resets',
  'email_changes',
  // Two-factor sign-in's five-minute tickets between the password and the code.
  'login_tickets',
  // Browsers' push subscriptions are bound to this site's VAPID key, a server secret that is not
  // restored either: staff turn notifications on again.
  'push_subscriptions',
  // API keys are keys to the site like sessions: a restored site gets new ones from its admin.
  'api_keys',
]);
const BATCH = 500;

/**
 * A mail still waiting to be sent that carries a secret link goes into the file as it will be kept
 * once sent, its links without their secrets: a backup holds no working reset, confirmation or
 * status link (decision 010, "Sent secrets are not kept"). Restored, such a mail is sent without
 * them; a reset or confirmation link would not work after a restore anyway.
 */
function withoutSecrets(table: string, json: string): string {
  if (table !== 'mail_outbox') return json;
  const row = JSON.parse(json) as {
    carries_secret?: boolean;
    sent_at: string | null;
    body: string;
    html: string;
    headers: Record<string, string> | null;
  };
  // A sent mail's row already is its kept copy.
  if (!row.carries_secret || row.sent_at !== null) return json;
  return JSON.stringify({ ...row, ...sentCopyOf(row) });
}

/** The site's tables, parents before the tables that reference them. */
async function siteTables(store: BackupStore): Promise<{ name: string; key: string[] }[]> {
  const tables = (await store.tableNames()).filter((name) => !SKIPPED.has(name));
  const links = await store.foreignKeys();
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const link of links) if (link.child === name && link.parent !== name) visit(link.parent, path);
    if (tables.includes(name)) ordered.push(name);
  };
  for (const name of tables) visit(name, new Set());
  const result: { name: string; key: string[] }[] = [];
  for (const name of ordered) result.push({ name, key: await store.primaryKey(name) });
  return result;
}

/**
 * Write every site table as JSON lines: a header, one line per row (`{"t": table, "r": row}`,
 * PostgreSQL's own JSON form of the row, bytea as hex), and a trailer with the row counts so a cut
 * file is recognised. Runs in one read-only repeatable-read transaction: a consistent snapshot
 * while the site keeps running (on PGlite, other queries wait until it is done).
 */
async function writeBackup(
  database: Database,
  write: (text: string) => Promise<void>,
): Promise<Record<string, number>> {
  return database.transaction(async (tx) => {
    const store = createBackupStore(tx);
    await store.beginSnapshot();
    const migrations = await store.appliedMigrations();
    const tables = await siteTables(store);
    await write(
      `${JSON.stringify({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        database: database.kind,
        migrations,
        tables: tables.map((t) => t.name),
      })}\n`,
    );
    const counts: Record<string, number> = {};
    for (const table of tables) {
      let count = 0;
      for (let offset = 0; ; offset += BATCH) {
        const rows = await store.rowsAsJson(table.name, table.key, offset, BATCH);
        if (rows.length)
          await write(
            rows
              .map((json) => `{"t":${JSON.stringify(table.name)},"r":${withoutSecrets(table.name, json)}}\n`)
              .join(''),
          );
        count += rows.length;
        if (rows.length < BATCH) break;
      }
      counts[table.name] = count;
    }
    await write(`${JSON.stringify({ end: true, counts })}\n`);
    return counts;
  });
}

/** The backup as a gzip stream (the admin API's download). */
export function backupStream(database: Database, onError: (error: unknown) => void): Readable {
  const gzip = zlib.createGzip();
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (gzip.write(text)) resolve();
      else gzip.once('drain', resolve);
    });
  writeBackup(database, write)
    .then(() => gzip.end())
    .catch((error: unknown) => {
      onError(error);
      gzip.destroy(error as Error);
    });
  return gzip;
}

/** Write a gzip backup file, owner-only (0600): it holds the site's personal data. */
export async function backupToFile(database: Database, file: string): Promise<Record<string, number>> {
  const out = privateWriteStream(file);
  const gzip = zlib.createGzip();
  const done = pipeline(gzip, out);
  const counts = await writeBackup(database, (text) =>
    gzip.write(text) ? Promise.resolve() : new Promise((resolve) => gzip.once('drain', resolve)),
  );
  gzip.end();
  await done;
  return counts;
}

export class BackupError extends Error {}

/**
 * Load a backup into an empty database: migrate it, check that every table is empty, insert all
 * rows in one transaction, and check the trailer's counts; anything wrong rolls everything back.
 */
export async function restoreFromFile(database: Database, file: string): Promise<Record<string, number>> {
  await migrate(database);
  const input = createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline
    .createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
    [Symbol.asyncIterator]();
  const first = await lines.next();
  const header = first.done
    ? null
    : (JSON.parse(first.value) as { format?: string; version?: number; migrations?: string[] });
  if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION)
    throw new BackupError('This file is not a site backup.');
  const known = new Set(await createBackupStore(database).appliedMigrations());
  const newer = (header.migrations ?? []).filter((id) => !known.has(id));
  if (newer.length)
    throw new BackupError(`The backup comes from a newer version of the site (${newer.join(', ')}).`);

  return database.transaction(async (tx) => {
    const store = createBackupStore(tx);
    const tables = await siteTables(store);
    for (const table of tables) {
      if (await store.hasRows(table.name))
        throw new BackupError(
          `The database is not empty (${table.name} has rows). Restore only into an empty database.`,
        );
    }
    const names = new Set(tables.map((t) => t.name));
    const counts: Record<string, number> = {};
    const columnsOf = await store.columnsByTable();
    let batch: { table: string; rows: Record<string, unknown>[] } | null = null;
    const flush = async () => {
      if (!batch?.rows.length) return;
      const columns = Object.keys(batch.rows[0]!);
      const known = columnsOf.get(batch.table);
      const unknown = columns.find((column) => !known?.has(column));
      if (unknown) throw new BackupError(`Unknown column in the backup: ${batch.table}.${unknown}`);
      await store.insertRows(batch.table, columns, batch.rows);
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
      batch = null;
    };
    let trailer: { end?: boolean; counts?: Record<string, number> } | null = null;
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      if (!next.value.trim()) continue;
      const line = JSON.parse(next.value) as {
        t?: string;
        r?: Record<string, unknown>;
        end?: boolean;
        counts?: Record<string, number>;
      };
      if (line.end) {
        trailer = line;
        break;
      }
      if (!line.t || !line.r || !names.has(line.t))
        throw new BackupError(`Unknown table in the backup: ${line.t}`);
      if (batch && (batch.table !== line.t || batch.rows.length >= BATCH)) await flush();
      batch ??= { table: line.t, rows: [] };
      batch.rows.push(line.r);
    }
    await flush();
    if (!trailer?.counts) throw new BackupError('The backup file is incomplete (cut off before its end).');
    for (const [table, n] of Object.entries(trailer.counts)) {
      counts[table] ??= 0;
      if ((counts[table] ?? 0) !== n)
        throw new BackupError(`The backup file is damaged: ${table} should have ${n} rows.`);
    }
    return counts;
  });
}
