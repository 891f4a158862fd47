// The data folder holds password hashes, personal data, live reset links and the key that seals
// two-factor secrets: nobody but the user running the site may read or write any of it. Folders are
// 0700 and files 0600, whoever wrote them (PGlite writes its own files; the process's umask covers
// those, set at start). Plain JavaScript so that `npm start` (scripts/start.mjs) and the site lock
// (site-lock.mjs) can use it before anything is built. See docs/decisions/010-security.md.
import fs from 'node:fs';
import path from 'node:path';

/** The umask a site process runs with: whatever it creates is its owner's alone. */
export const PRIVATE_UMASK = 0o077;

/** The data folder (or something in it) is open to others and this process cannot close it. */
export class DataDirError extends Error {}

const tightened = new Set();

function refuse(file, dataDir, mode, error) {
  const uid = typeof process.getuid === 'function' ? process.getuid() : '?';
  return new DataDirError(
    `${file} is open to other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')}) and this ` +
      `process (user ${uid}) cannot make it private (${error.code}). Give the data folder to the user ` +
      `that runs the site (chown -R <that user> ${dataDir}) or close it yourself ` +
      `(chmod -R go-rwx ${dataDir}), then start again.`,
  );
}

/** Take group and world access away from one entry; folders keep their owner's full access. */
function tighten(file, stat, dataDir) {
  if ((stat.mode & 0o077) === 0) return;
  const mode = stat.isDirectory() ? 0o700 : stat.mode & 0o700;
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw refuse(file, dataDir, stat.mode, error);
  }
}

function walk(dir, dataDir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    // A link's own mode means nothing, and what it points to is not the site's to change.
    if (entry.isSymbolicLink()) continue;
    let stat;
    try {
      stat = fs.lstatSync(file);
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    tighten(file, stat, dataDir);
    if (stat.isDirectory()) walk(file, dataDir);
  }
}

/**
 * Create `dataDir` owner-only (0700), or tighten an existing one and everything in it: once per
 * process and folder, at start. Throws DataDirError, naming the path and what to do, when something
 * is open to others and cannot be closed (another user owns it).
 */
export function privateDataDir(dataDir) {
  const dir = path.resolve(dataDir);
  if (tightened.has(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenDataDir(dir);
  tightened.add(dir);
}

/**
 * Take group and world access away from `dataDir` and everything in it, now. PGlite gives the files
 * it writes mode 0666 whatever the umask: the embedded database calls this once it has opened its
 * folder; files it creates later are out of others' reach all the same, behind the 0700 folder.
 */
export function tightenDataDir(dataDir) {
  const dir = path.resolve(dataDir);
  tighten(dir, fs.statSync(dir), dir);
  walk(dir, dir);
}

/**
 * A write stream to `file`, owner-only (0600) from the moment it exists, and tightened when it
 * existed before with a wider mode (a backup written over an older one).
 */
export function privateWriteStream(file) {
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  return fs.createWriteStream('', { fd });
}
