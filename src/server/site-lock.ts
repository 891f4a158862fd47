import fs from 'node:fs';
import path from 'node:path';

/** The embedded database serves one process: a running server leaves its pid and address here. */
const lockFile = (dataDir: string) => path.join(dataDir, 'site.pid');

export function markRunning(dataDir: string, url: string) {
  fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, url }));
}

export function markStopped(dataDir: string) {
  fs.rmSync(lockFile(dataDir), { force: true });
}

/** The server running on `dataDir`, if one is (a lock left by a killed process is ignored). */
export function runningSite(dataDir: string): { pid: number; url: string } | null {
  try {
    const lock = JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as { pid: number; url: string };
    process.kill(lock.pid, 0);
    return lock;
  } catch {
    return null;
  }
}
