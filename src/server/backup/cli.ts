// `npm run backup -- <file>` and `npm run restore -- <file>`: see README "Backup and restore".
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { askSite, ChannelError } from '../local-channel/client';
import { DataDirError, PRIVATE_UMASK, privateWriteStream } from '../private-files.mjs';
import { acquireSiteLock, type SiteLock, SiteLockedError } from '../site-lock.mjs';
import { BackupError, backupToFile, restoreFromFile } from './backup';

const [command, file] = process.argv.slice(2);
// Backups, and the data folder a restore fills, are their owner's alone (private-files.mjs).
process.umask(PRIVATE_UMASK);

/** A fetch body read chunk by chunk (the DOM's stream type is not Node's, which `Readable.fromWeb` takes). */
async function* chunksOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
}

async function main() {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('Usage: npm run backup -- <file>   or   npm run restore -- <file>');
  }
  // Backup through a running site's admin API (the embedded database serves one process only).
  if (command === 'backup' && process.env.SITE_URL) {
    const token = process.env.SITE_TOKEN;
    if (!token)
      throw new BackupError(
        'SITE_TOKEN (an admin token from POST /api/auth/login) is required with SITE_URL.',
      );
    const res = await fetch(`${process.env.SITE_URL.replace(/\/$/, '')}/api/backup`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new BackupError(`The site answered ${res.status}: ${await res.text()}`);
    await pipeline(chunksOf(res.body), privateWriteStream(file));
    console.info(`Backup written to ${file} (from ${process.env.SITE_URL}).`);
    return;
  }
  const env = loadEnv();
  if (command === 'restore' && !fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  // The embedded database serves one process: hold its folder while we work, so that a site
  // started meanwhile is refused instead of opening it beside us.
  let lock: SiteLock | null = null;
  if (!env.DATABASE_URL) {
    try {
      lock = acquireSiteLock(env.DATA_DIR, { command });
    } catch (error) {
      if (!(error instanceof SiteLockedError)) throw error;
      const { holder } = error;
      // A running embedded site backs itself up when asked over its local channel: no token.
      if (command === 'backup' && holder.command === 'site') {
        await backupThroughSite(env.DATA_DIR, file);
        return;
      }
      throw new BackupError(
        holder.url && command === 'backup'
          ? `The site is running on ${env.DATA_DIR} (process ${holder.pid}). Back up through it: ` +
              `SITE_URL=${holder.url} SITE_TOKEN=<admin token> npm run backup -- ${file}`
          : `${error.message}${holder.url ? ' Stop the site before restoring.' : ''}`,
      );
    }
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const counts =
      command === 'backup' ? await backupToFile(database, file) : await restoreFromFile(database, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.info(
      command === 'backup'
        ? `Backup written to ${file}: ${rows} rows in ${Object.keys(counts).length} tables.`
        : `Restored ${rows} rows in ${Object.keys(counts).length} tables from ${file}.`,
    );
  } finally {
    await database.close();
    lock?.release();
  }
}

async function backupThroughSite(dataDir: string, file: string) {
  const { answer, rest } = await askSite(dataDir, { op: 'backup' });
  if (!answer.ok) throw new BackupError(answer.error);
  await pipeline(rest, privateWriteStream(file));
  // The site ends the socket whether or not its backup finished: only a file that ends with the
  // trailer line is a backup.
  let tail = '';
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), async (lines: AsyncIterable<Buffer>) => {
    for await (const chunk of lines) tail = (tail + chunk.toString('utf8')).slice(-4096);
  }).catch(() => undefined);
  if (!/"end":true/.test(tail.trim().split('\n').at(-1) ?? ''))
    throw new BackupError(
      `The site's backup stopped before its end; see the site's log. ${file} is incomplete.`,
    );
  console.info(`Backup written to ${file} (by the site running on ${dataDir}).`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BackupError || error instanceof ChannelError || error instanceof DataDirError
      ? error.message
      : error,
  );
  process.exit(1);
});
