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

/**
 * Start the site exactly as `npm start` does and wait for its "ready" line. Load shedding is off
 * unless `env` turns it on, as in the in-process test apps: on a machine busy with the rest of the
 * suite, a second-long stall of this site's event loop (argon2 at sign-up, a collection) is
 * ordinary, and a 503 would fail a test about something else. Its own tests turn it on.
 */
export function startSite(env: Record<string, string>): Promise<SiteProcess> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/start.mjs')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
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

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout then stderr. */
  output: string;
}

/**
 * Run a command to its end, as an operator would beside a running site, without blocking this
 * process: a synchronous spawn stops the test's event loop too, so its HTTP client cannot drop a
 * kept-alive connection the site closes meanwhile, and the next request on it fails ("other side
 * closed"); a site started by this process could also fill its output pipe and stall.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, output: `${stdout}${stderr}` }));
  });
}

/** A TypeScript entry of the project (`src/…`), run with tsx as its npm script does. */
export function runScript(
  entry: string,
  args: string[],
  options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<CommandResult> {
  return runCommand(
    path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'),
    [path.join(PROJECT_ROOT, entry), ...args],
    options,
  );
}
