import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SOCKET_FILE } from '../../../src/server/local-channel/protocol';
import { SITE_LOCK_FILE } from '../../../src/server/site-lock.mjs';
import { E2E_SETUP_CODE } from '../setup-code';

const root = path.resolve(import.meta.dirname, '../../..');

/** `npm start`: builds first when the build is older than the sources. */
export const START_SCRIPT = path.join(root, 'scripts/start.mjs');
/** The built server, for a start that must not build (global setup has checked the build). */
export const BUILT_SERVER = path.join(root, 'build/server/main.js');

/** Names the seeded data folder global setup leaves for the workers' servers to start from a copy of. */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';

/** How every journey's server runs: a production server with its limits out of the journeys' way. */
const JOURNEY_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // The embedded database, never a PostgreSQL server named in the caller's environment.
  DATABASE_URL: '',
  CONTACT_RATE_LIMIT: '1000',
  SUBSCRIBE_RATE_LIMIT: '1000',
  PAGE_POST_RATE_LIMIT: '1000',
  SIGNUP_MAX_PER_IP: '1000',
  // The journeys claim a fresh site with this code (the claim journey reads its own from stdout).
  SETUP_CODE: E2E_SETUP_CODE,
  // As in the unit tests: on a busy CI machine the first cold page took over 500 ms of event
  // loop and was shed with a 503, which the journeys' error check rightly reports. Load
  // shedding has its own test (src/server/plugins/load-shedding.test.ts).
  MAX_EVENT_LOOP_DELAY_MS: '0',
  // Playwright's API requests reuse an idle connection without retrying: one reused just as the
  // server closed it after 5 s idle failed a journey with ECONNRESET (a browser retries that case
  // itself). Here idle connections outlast every pause of a journey (production keeps 5 s:
  // src/server/http/server-options.ts).
  KEEP_ALIVE_TIMEOUT_SECONDS: '120',
};

export interface RunningSite {
  /** Where it answers, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** What it printed until it was ready, its ready message whole (a fresh site's claim link is there). */
  startOutput: string;
  /** Ends the server (SIGTERM, as an operator stops it) and waits until it has closed its database. */
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  /** START_SCRIPT or BUILT_SERVER. */
  entry: string;
  /** 0 (the default) lets the system pick a free port; a journey that must know it first passes freePort(). */
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Start a production server on `dataDir` and resolve once it listens. The port is read from the
 * line the server prints when it is ready, so two workers never race for one.
 */
export async function startSite({
  dataDir,
  entry,
  port = 0,
  env = {},
  timeoutMs = 150_000,
}: StartOptions): Promise<RunningSite> {
  const server: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, ...JOURNEY_ENV, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk;
  };
  server.stdout!.on('data', record);
  server.stderr!.on('data', record);
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const ready = new Promise<number>((resolve) => {
    const look = () => {
      // The message ends with the API docs line: waiting for it keeps the lines between in `output`.
      const listening = /Site ready at http:\/\/localhost:(\d+)[\s\S]*API docs:/.exec(output);
      if (listening) resolve(Number(listening[1]));
    };
    server.stdout!.on('data', look);
  });
  const deadline = AbortSignal.timeout(timeoutMs);
  const late = new Promise<'late'>((resolve) => deadline.addEventListener('abort', () => resolve('late')));
  const outcome = await Promise.race([ready, exited.then(() => 'exited' as const), late]);
  if (typeof outcome !== 'number') {
    server.kill('SIGKILL');
    throw new Error(
      `The e2e server on ${dataDir} ${outcome === 'late' ? `was not ready within ${timeoutMs} ms` : 'stopped before it was ready'}:\n${output}`,
    );
  }
  // From now on only its warnings and errors, in the report of the journey that caused them.
  server.stdout!.off('data', record);
  server.stderr!.off('data', record);
  server.stdout!.resume();
  server.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    origin: `http://127.0.0.1:${outcome}`,
    startOutput: output,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      const code = await exited;
      if (code !== 0 && code !== null) throw new Error(`The e2e server on ${dataDir} exited with ${code}`);
    },
  };
}

/**
 * Copy the data folder of the demo site global setup seeded and stopped, without its site lock
 * or its local socket: a copied lock would name a process that is not the copy's, and a socket
 * is no file to copy.
 */
export function copySeededDataDir(to: string) {
  const from = process.env[SEEDED_DATA_DIR_ENV];
  if (!from)
    throw new Error(`${SEEDED_DATA_DIR_ENV} is not set: run the journeys with \`npx playwright test\``);
  const leftBehind = (file: string) =>
    file === SOCKET_FILE || file === SITE_LOCK_FILE || file.startsWith(`${SITE_LOCK_FILE}.`);
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => path.dirname(source) !== from || !leftBehind(path.basename(source)),
  });
}

/** A port no one listens on now, for a server that must be told its public address up front. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
