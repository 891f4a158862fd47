import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, privateDataDir } from './private-files.mjs';
import { testDatabaseKind } from './test/helpers';
import { runCommand, type SiteProcess, startSite } from './test/site-process';

// The tests run as root, who reads everything anyway: what another local user could do is read
// from the modes, as that user's kernel would.
const folders: string[] = [];
const sites: SiteProcess[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) if (site.child.exitCode === null) await site.stop();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
  folders.push(dir);
  return dir;
}

/** Every entry under `dir` (itself included) that a user other than its owner could touch. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077)
      found.push(`${path.relative(dir, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return found;
}

/** A data folder as an older version, or a careless copy, left it: open to every local user. */
function worldOpenDataDir(root: string) {
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(dataDir, 'old-uploads', '1'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'secret.key'), 'an old key of forty-three characters or so..\n');
  fs.writeFileSync(path.join(dataDir, 'old-uploads', '1', 'photo'), 'a photo');
  fs.chmodSync(path.join(dataDir, 'secret.key'), 0o644);
  fs.chmodSync(path.join(dataDir, 'old-uploads', '1', 'photo'), 0o666);
  fs.chmodSync(path.join(dataDir, 'old-uploads', '1'), 0o777);
  fs.chmodSync(path.join(dataDir, 'old-uploads'), 0o755);
  fs.chmodSync(dataDir, 0o777);
  return dataDir;
}

describe('the data folder is its owner’s alone', () => {
  it('creates a missing folder owner-only and tightens an open one and everything in it', () => {
    const root = tempFolder();
    const fresh = path.join(root, 'fresh');
    privateDataDir(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);

    const dataDir = worldOpenDataDir(root);
    // A link in the folder is not followed: what it points to is not the site's to change.
    const outside = path.join(root, 'outside.txt');
    fs.writeFileSync(outside, 'not the site’s');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dataDir, 'link'));
    expect(openToOthers(dataDir)).toHaveLength(5);

    privateDataDir(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'old-uploads')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
  });

  // Only root can make a file immutable (`chattr +i`), the stand-in for a file another user owns;
  // an unprivileged developer's run has no way to set the scene, CI (root) always runs it.
  const isRoot = process.getuid?.() === 0;
  it.runIf(isRoot)(
    'refuses to start, naming the path and what to do, when a file cannot be made private',
    async () => {
      const dataDir = worldOpenDataDir(tempFolder());
      const key = path.join(dataDir, 'secret.key');
      // Even root cannot chmod an immutable file: it stands in for a file another user owns.
      const immutable = spawnSync('chattr', ['+i', key], { encoding: 'utf8' });
      expect(immutable.status, immutable.stderr).toBe(0);
      try {
        expect(() => privateDataDir(dataDir)).toThrow(DataDirError);
        expect(() => privateDataDir(dataDir)).toThrow(`${key} is open to other users (mode 0644)`);
        const start = await runCommand(process.execPath, ['scripts/start.mjs'], {
          env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        });
        expect(start.code).toBe(1);
        expect(start.stderr).toContain(`${key} is open to other users`);
        expect(start.stderr).toContain(`chmod -R go-rwx ${dataDir}`);
        expect(start.output).not.toMatch(/Site ready/);
      } finally {
        spawnSync('chattr', ['-i', key]);
      }
    },
  );

  // The embedded database's folder; a PostgreSQL site keeps no data of its own on disk.
  it.runIf(testDatabaseKind === 'pglite')(
    'npm start leaves nothing under DATA_DIR that another user could read, its socket included',
    async () => {
      const dataDir = worldOpenDataDir(tempFolder());
      const site = await startSite({ DATA_DIR: dataDir });
      sites.push(site);
      // PGlite wrote its files, the lock holds the address, the local channel listens.
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'site.pid'), 'utf8')).url).toBeTruthy();
      expect(fs.statSync(path.join(dataDir, 'site.sock')).isSocket()).toBe(true);

      expect(openToOthers(dataDir)).toEqual([]);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, 'site.sock')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, 'site.pid')).mode & 0o777).toBe(0o600);
    },
  );
});
