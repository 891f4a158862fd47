import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './app';
import { openDatabase } from './db/client';
import { acquireSiteLock, processStartTime, SITE_LOCK_FILE, SiteLockedError } from './site-lock.mjs';
import { testDatabaseKind } from './test/helpers';
import { runCommand, runScript, type SiteProcess, startSite } from './test/site-process';

const folders: string[] = [];
const sites: SiteProcess[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) if (site.child.exitCode === null) await site.stop();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lock-'));
  folders.push(dir);
  return dir;
}

const readLock = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, SITE_LOCK_FILE), 'utf8'));
const writeLock = (dir: string, holder: unknown) =>
  fs.writeFileSync(path.join(dir, SITE_LOCK_FILE), JSON.stringify(holder));

/** A process that is alive while the test needs it (a real pid with a real start time). */
function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

/** The pid of a process that has ended. */
function deadPid() {
  return spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
}

/** `npm start` on `dataDir` to its end, as a person would run it a second time. */
async function startAgain(dataDir: string) {
  const begun = performance.now();
  const result = await runCommand(process.execPath, [path.join(PROJECT_ROOT, 'scripts/start.mjs')], {
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '' },
  });
  return { code: result.code, output: result.output, ms: performance.now() - begun };
}

describe.skipIf(testDatabaseKind !== 'pglite')('one process per data folder', () => {
  it('refuses a second npm start on the same folder, naming the first; the first keeps serving', async () => {
    const dataDir = dataFolder();
    const first = await startSite({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    sites.push(first);
    const lock = readLock(dataDir);
    expect(lock.pid).toBe(first.child.pid);

    const second = await startAgain(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`process ${first.child.pid}`);
    expect(second.output).toContain(first.url.replace('127.0.0.1', 'localhost'));
    expect(second.output).toContain(dataDir);
    // It stops before building or opening the database.
    expect(second.output).not.toMatch(/build|Site ready/i);
    expect(second.ms).toBeLessThan(10_000);
    console.info(`second npm start refused after ${Math.round(second.ms)} ms`);

    // A restore must not open the folder beside the site either.
    const restore = await runScript(
      'src/server/backup/cli.ts',
      ['restore', path.join(PROJECT_ROOT, 'package.json')],
      { env: { DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`(process ${first.child.pid}`);
    expect(restore.stderr).toContain('Stop the site before restoring.');

    // The others' exits left the first one's lock, and the first still answers.
    expect(readLock(dataDir)).toEqual(lock);
    expect((await fetch(`${first.url}/api/status`)).status).toBe(200);

    // A clean stop removes the lock.
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, SITE_LOCK_FILE))).toBe(false);
  }, 120_000);

  it('holds the folder while its database is open, and lets go when it is closed', async () => {
    const dataDir = dataFolder();
    const database = await openDatabase({ dataDir });
    expect(readLock(dataDir).pid).toBe(process.pid);
    await database.close();
    expect(fs.existsSync(path.join(dataDir, SITE_LOCK_FILE))).toBe(false);
  });

  it('takes over a lock left by a process that has died', async () => {
    const dataDir = dataFolder();
    writeLock(dataDir, {
      pid: Number(deadPid()),
      startTime: '1',
      command: 'site',
      url: 'http://localhost:1',
    });
    const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    sites.push(site);
    expect(readLock(dataDir)).toMatchObject({
      pid: site.child.pid,
      url: site.url.replace('127.0.0.1', 'localhost'),
    });
  }, 120_000);

  it('takes over a lock whose pid now belongs to another process (a reused pid)', async () => {
    const dataDir = dataFolder();
    const other = liveProcess();
    try {
      const started = processStartTime(other.pid);
      expect(started).not.toBeNull();
      writeLock(dataDir, {
        pid: other.pid,
        startTime: `${Number(started) - 100}`,
        command: 'site',
        url: null,
      });
      const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      sites.push(site);
      expect(readLock(dataDir).pid).toBe(site.child.pid);
    } finally {
      other.stop();
    }
  }, 120_000);

  it('refuses while the holder is alive, never signals a process group, and never removes a lock it does not hold', async () => {
    const dataDir = dataFolder();
    const other = liveProcess();
    try {
      const holder = {
        pid: other.pid,
        startTime: processStartTime(other.pid),
        command: 'restore',
        url: null,
      };
      writeLock(dataDir, holder);
      expect(() => acquireSiteLock(dataDir)).toThrow(SiteLockedError);
      expect(() => acquireSiteLock(dataDir)).toThrow(
        `npm run restore (process ${other.pid}) is using ${dataDir}`,
      );
      expect(readLock(dataDir)).toEqual(holder);

      // Lock files that name no process (0 and negatives would address process groups) are stale.
      for (const pid of [0, -1, '1', null]) {
        writeLock(dataDir, { pid, startTime: null, command: 'site', url: null });
        const lock = acquireSiteLock(dataDir);
        expect(readLock(dataDir).pid).toBe(process.pid);
        // Taking it again from the same process is the same lock (npm start, then its server).
        acquireSiteLock(dataDir).setUrl('http://localhost:9');
        expect(readLock(dataDir).url).toBe('http://localhost:9');
        lock.release();
        expect(fs.existsSync(path.join(dataDir, SITE_LOCK_FILE))).toBe(false);
      }
      // Whatever code opens the folder's database meets the same lock.
      writeLock(dataDir, holder);
      await expect(openDatabase({ dataDir })).rejects.toThrow(`npm run restore (process ${other.pid})`);

      fs.writeFileSync(path.join(dataDir, SITE_LOCK_FILE), 'not json');
      const lock = acquireSiteLock(dataDir);
      // Someone else's lock appears (an operator's copy, a takeover): release leaves it alone.
      writeLock(dataDir, holder);
      lock.release();
      expect(readLock(dataDir)).toEqual(holder);
    } finally {
      other.stop();
    }
  });
});
