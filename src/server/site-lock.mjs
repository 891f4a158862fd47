// The embedded database must be opened by one process at a time: two PGlite processes on one
// folder corrupt it. Whoever opens DATA_DIR first holds DATA_DIR/site.pid; everyone else is
// refused with the holder's pid and address. Plain JavaScript so that `npm start`
// (scripts/start.mjs) can take the lock before it builds anything; the server bundle includes it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { privateDataDir } from './private-files.mjs';

export const SITE_LOCK_FILE = 'site.pid';

/** Another live process holds the data folder. */
export class SiteLockedError extends Error {
  constructor(dataDir, holder) {
    super(
      `${describeHolder(holder)} is using ${dataDir}. Stop it first, or give this process another DATA_DIR.`,
    );
    this.holder = holder;
  }
}

function describeHolder(holder) {
  if (holder.url) return `The site at ${holder.url} (process ${holder.pid}, started ${holder.since})`;
  if (holder.command === 'site') return `A site that is still starting (process ${holder.pid})`;
  return `npm run ${holder.command} (process ${holder.pid})`;
}

/**
 * When the kernel started process `pid` (field 22 of /proc/<pid>/stat), or null without /proc.
 * A pid alone is not an identity: after a crash or a reboot the same number names another process.
 */
export function processStartTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command name in parentheses, which may itself hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock's text and parsed holder; null when there is no lock file. */
function readLock(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const holder = JSON.parse(text);
    // Only a positive integer names a process: 0 and negatives would signal process groups.
    if (Number.isSafeInteger(holder?.pid) && holder.pid > 0) return { text, holder };
  } catch {}
  return { text, holder: null };
}

const sameProcess = (a, b) => a.pid === b.pid && (a.startTime ?? null) === (b.startTime ?? null);

function isAlive(holder) {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if (error.code !== 'EPERM') return false;
  }
  if (!holder.startTime) return true;
  const startTime = processStartTime(holder.pid);
  return startTime === null || startTime === holder.startTime;
}

/** Create `file` holding `text`, or return false if it exists. The file never appears half-written. */
function createExclusive(file, text) {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, text, { flag: 'wx', mode: 0o600 });
  try {
    // link() fails when the target exists, atomically, like open(O_EXCL), but the content is complete.
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Remove a lock judged stale, but only that one: it is renamed aside first (atomic), and if what
 * was moved is not the lock that was judged (a rival took the stale lock over in between), it is
 * put back.
 */
function removeStale(file, judgedText) {
  const aside = `${file}.stale.${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  if (readLock(aside)?.text !== judgedText) {
    try {
      fs.linkSync(aside, file);
    } catch {}
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Hold `dataDir` for this process, or throw SiteLockedError naming the live holder. A lock left by
 * a dead process (or by a process whose pid was reused) is taken over. Taking it again from the
 * same process (npm start first, then the server it starts) returns the same lock. The lock is
 * released when this process exits normally; after a kill it is stale and the next start takes it.
 * The folder is made owner-only first (private-files.mjs): DataDirError when it cannot be.
 */
export function acquireSiteLock(dataDir, { command = 'site' } = {}) {
  // Whoever takes the folder first makes it private (owner-only), or refuses with what to do.
  privateDataDir(dataDir);
  const file = path.join(dataDir, SITE_LOCK_FILE);
  const me = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    command,
    url: null,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, JSON.stringify(me))) return holdLock(file, me);
    const found = readLock(file);
    if (!found) continue;
    if (found.holder && sameProcess(found.holder, me)) return holdLock(file, found.holder);
    if (found.holder && isAlive(found.holder)) throw new SiteLockedError(dataDir, found.holder);
    removeStale(file, found.text);
  }
  throw new Error(`Could not take ${file}: other processes keep replacing it.`);
}

function holdLock(file, holder) {
  let current = holder;
  const holds = () => {
    const found = readLock(file);
    return Boolean(found?.holder && sameProcess(found.holder, holder));
  };
  const release = () => {
    // Never remove a lock we do not hold: a second process must not delete the first one's file.
    if (holds()) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return {
    file,
    /** Record the address the site answers on, for the message a second process shows. */
    setUrl(url) {
      if (!holds()) return;
      current = { ...current, url };
      const draft = `${file}.${process.pid}.url`;
      fs.writeFileSync(draft, JSON.stringify(current), { mode: 0o600 });
      fs.renameSync(draft, file);
    },
    release,
  };
}
