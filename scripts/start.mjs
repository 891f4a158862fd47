// `npm start`: build when there is no build or the sources changed since, then start the server.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

// Refuse at once when another process holds the embedded database's folder, before building
// anything; the server this process becomes keeps the same lock. DATA_DIR as src/server/env.ts reads it.
if (!process.env.DATABASE_URL) {
  const { acquireSiteLock, SiteLockedError } = await import('../src/server/site-lock.mjs');
  // Taking the lock makes the data folder owner-only, or refuses, naming the path and what to do.
  const { DataDirError } = await import('../src/server/private-files.mjs');
  try {
    acquireSiteLock(path.resolve(process.env.DATA_DIR ?? './data'));
  } catch (error) {
    if (!(error instanceof SiteLockedError) && !(error instanceof DataDirError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const marker = path.join(root, 'build/.complete');
const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(
  newestSource(path.join(root, 'src')),
  fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt < sourcesAt) {
  console.info(
    builtAt
      ? 'Sources changed: building the site again...'
      : 'Building the site (first start only, 10 to 20 seconds)...',
  );
  const { buildAll } = await import('./build.mjs');
  // Only warnings and errors: the bundler's list of files means nothing to someone starting the site.
  await buildAll({ quiet: true });
}
// From here on whatever the site creates (its database files above all) is its owner's alone; set
// after the build, whose output is not private. The server sets it again itself (main.ts).
process.umask(0o077);
await import(path.join(root, 'build/server/main.js'));
