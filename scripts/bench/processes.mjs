// The processes a bench run starts: the built site on a free port, a raw node:http server sending
// fixed bytes to compare it with, and a PostgreSQL database of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BENCH_SETUP_CODE, log, PG_URL, root, round, sleep } from './options.mjs';

export async function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Start the built server; resolves once `readyPath` answers 200, with the time that took. */
export async function startSite({ env, readyPath = '/home' }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'build/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The contact benchmark measures the pipeline, not the limiter: 0 switches the limit off.
      CONTACT_RATE_LIMIT: '0',
      SETUP_CODE: BENCH_SETUP_CODE,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  // A site that goes away mid-run turns every later figure into a connection error: say so.
  child.once('exit', (code, signal) => {
    if (!child.stopping)
      log(`the site exited during the run (code ${code}, signal ${signal}): ${stderr.slice(-2000)}`);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(base + readyPath);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    await sleep(20);
  }
  return { child, base, port, startMs: performance.now() - started };
}

export async function stopSite(site) {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  site.child.stopping = true;
  site.child.kill('SIGTERM');
  await exited;
}

export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

/** A plain node:http server in its own process answering every path with fixed bytes. */
export async function startRawServer(responses) {
  const file = path.join(os.tmpdir(), `bench-raw-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([url, r]) => [
          url,
          { headers: r.headers, body: r.body.toString('base64') },
        ]),
      ),
    ),
  );
  const port = await freePort();
  const code = `
    const http = require('node:http');
    const table = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    const answers = new Map(Object.entries(table).map(([u, r]) => [u, { headers: { ...r.headers, 'content-length': Buffer.from(r.body, 'base64').length }, body: Buffer.from(r.body, 'base64') }]));
    http.createServer((req, res) => {
      const a = answers.get(req.url);
      if (!a) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, a.headers);
      res.end(a.body);
    }).listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return { child, base: `http://127.0.0.1:${port}` };
}

export async function lifecycle(label, env) {
  // First start: migrations and the demo seed on an empty database.
  const first = await startSite({ env });
  const firstStartMs = Math.round(first.startMs);
  await stopSite(first);
  // Cold start: a new process on the existing data, to the first 200 of /home.
  const site = await startSite({ env });
  const coldStartMs = Math.round(site.startMs);
  await sleep(3000);
  const idleRssMb = round(rssMb(site.child.pid));
  log(`${label}: first start ${firstStartMs} ms, cold start ${coldStartMs} ms, idle RSS ${idleRssMb} MB`);
  return { site, firstStartMs, coldStartMs, idleRssMb };
}

export async function withPostgresDatabase(fn) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${PG_URL}: ${error.message}` };
  }
  const name = `site_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
