import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { PROJECT_ROOT } from '../app';
import { createTestDatabase, testDatabaseKind } from './helpers';

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<number | string | null>;
  /** SIGKILL: no chance to clean up, as in a power cut or an OOM kill. */
  kill(): Promise<number | string | null>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Start the site exactly as `npm start` does and wait for its "ready" line. */
export function startSite(env: Record<string, string>): Promise<SiteProcess> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/start.mjs')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Site ready at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!.replace('localhost', '127.0.0.1'),
          child,
          output: () => output,
          exited,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
          kill: () => {
            child.kill('SIGKILL');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/**
 * Where a test's site processes keep their data: a fresh PGlite folder, or a fresh PostgreSQL
 * database when the suite runs against PostgreSQL. `remove` deletes it.
 */
export async function siteStorage(): Promise<{
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  remove: () => Promise<void>;
}> {
  if (testDatabaseKind === 'postgres') {
    const db = await createTestDatabase();
    await db.database.close();
    return { env: { DATABASE_URL: db.url! }, kind: 'postgres', remove: db.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-'));
  return {
    env: { DATA_DIR: dataDir },
    kind: 'pglite',
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The setup code in the claim link a fresh site printed at start (undefined once claimed). */
export function setupCodeIn(output: string): string | undefined {
  return /\/signup\?code=([\w.~-]+)/.exec(output)?.[1];
}
