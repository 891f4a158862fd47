// `npm run bench`: build, start the production server on fresh databases with the demo content,
// and measure it against the physical limit in one run. Prints a table and one JSON line.
//
//   npm run bench                      everything (about 6 minutes on 2 cores)
//   npm run bench -- --quick           3 s per load test instead of 10
//   npm run bench -- --no-lighthouse   skip the browser audits
//   npm run bench -- --no-postgres     skip the PostgreSQL rows
//   npm run bench -- --public-only     only the public-page budgets (issue 13): throughput of the
//                                      public pages, page weight, Lighthouse, click-to-paint
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickToPaint, pageWeight } from './bench-browser.mjs';
import { autocannonLoad, GENERATOR, throughput } from './bench-load.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = new Set(process.argv.slice(2));
const DURATION = argv.has('--quick') ? 3 : 10;
const PUBLIC_ONLY = argv.has('--public-only');
const CONNECTIONS = 50;
// What Chromium sends. The site answers it with its stored brotli copy; the raw server sends
// those same compressed bytes with the same headers, so both put identical bytes on the wire.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const LIGHTHOUSE_RUNS = 3;
const INBOX_SIZE = Number(process.env.BENCH_INBOX_SIZE ?? 100_000);
const CHROMIUM = CHROMIUM_PATH;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const BUDGET = {
  homeRatio: 0.8,
  pageRatio: 0.5,
  apiRatio: 0.5,
  inboxP99Ms: 30,
  lighthouse: 100,
  lcpMs: 1200,
  homeTotalKb: 300,
  homeJsGzipKb: 25,
  coldStartMs: 3000,
  idleRssMb: 250,
};

const results = { machine: machine(), budgets: BUDGET };
const log = (...parts) => console.error('›', ...parts);

// ---------------------------------------------------------------------------------------------
// Processes

async function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Start the built server; resolves once `readyPath` answers 200, with the time that took. */
async function startSite({ env, readyPath = '/home' }) {
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
      // The benchmark claims its fresh site with this code instead of reading it from the banner.
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

async function stopSite(site) {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  site.child.stopping = true;
  site.child.kill('SIGTERM');
  await exited;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain node:http server in its own process answering every path with fixed bytes. */
async function startRawServer(responses) {
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

// ---------------------------------------------------------------------------------------------
// Load

function load(url, options = {}) {
  return autocannonLoad({
    url,
    connections: options.connections ?? CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? DURATION }),
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
  });
}

// Set by Node's HTTP server on every response; the raw server's own replace them.
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** A response exactly as the site put it on the wire: headers and the (compressed) body. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const headers = Object.fromEntries(
            Object.entries(res.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)),
          );
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * CPU time (ms) the process's main thread has used, where Linux tells it; null elsewhere. On a
 * busy machine req/s moves with the neighbours, CPU per request much less.
 */
function mainThreadCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Load `url` and count the main-thread CPU time of `pid` per request meanwhile. */
async function measured(url, pid, headers) {
  const before = mainThreadCpuMs(pid);
  const result = await throughput(url, { duration: DURATION, connections: CONNECTIONS, headers });
  const after = mainThreadCpuMs(pid);
  const cpuUs =
    before === null || after === null ? null : round(((after - before) * 1000) / result.requests, 1);
  return { ...result, cpuUs };
}

/** The site and a raw node:http server with the very same bytes, one after the other. */
async function versusRaw(site, wanted) {
  let paths = wanted;
  const responses = {};
  const headers = { 'accept-encoding': ACCEPT_ENCODING };
  for (const p of paths) {
    try {
      // The first request renders and stores the page; the second is what every visitor gets.
      await capture(site.base + p);
      responses[p] = await capture(site.base + p);
    } catch (error) {
      log(`skipping ${p}: ${error.message}`);
    }
  }
  paths = paths.filter((p) => responses[p]);
  const raw = await startRawServer(responses);
  const rows = [];
  try {
    for (const p of paths) {
      // Warm both up (JIT, connections), then measure each with the same generator.
      await throughput(site.base + p, { duration: 1, headers });
      await throughput(raw.base + p, { duration: 1, headers });
      const ours = await measured(site.base + p, site.child.pid, headers);
      const theirs = await measured(raw.base + p, raw.child.pid, headers);
      const row = {
        path: p,
        bytes: responses[p].body.length,
        encoding: responses[p].headers['content-encoding'] ?? 'identity',
        rps: ours.rps,
        p99: ours.p99,
        rawRps: theirs.rps,
        rawP99: theirs.p99,
        ratio: round(ours.rps / theirs.rps, 2),
        cpuUs: ours.cpuUs,
        rawCpuUs: theirs.cpuUs,
        non2xx: ours.non2xx,
        loadAverage: round(os.loadavg()[0], 2),
      };
      log(`${p}: ${row.rps} req/s vs raw ${row.rawRps} (${row.ratio})`);
      rows.push(row);
    }
  } finally {
    raw.child.kill();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Browser: page weight as Chromium loads /home, and Lighthouse

/** Lighthouse on every public page, `LIGHTHOUSE_RUNS` times each, in one Chromium. */
async function lighthouse(site, pages) {
  const modulePath = path.join(root, 'scripts/lighthouse.mjs');
  if (!fs.existsSync(modulePath)) return { skipped: 'scripts/lighthouse.mjs not present' };
  const { auditPages } = await import(modulePath);
  const started = performance.now();
  const rows = await auditPages({
    urls: pages.map((p) => site.base + p),
    runs: LIGHTHOUSE_RUNS,
    chromePath: CHROMIUM,
    onRun: (url, r) =>
      log(`lighthouse ${new URL(url).pathname}: performance ${r.performance}, LCP ${r.lcp} ms`),
  });
  const seconds = round((performance.now() - started) / 1000, 1);
  log(`lighthouse: ${pages.length} pages × ${LIGHTHOUSE_RUNS} runs in ${seconds} s`);
  return {
    seconds,
    runs: LIGHTHOUSE_RUNS,
    pages: rows.map(({ url, ...r }) => ({ path: new URL(url).pathname, ...r })),
  };
}

/**
 * Every public page: the fixed pages as the sitemap lists them (it reads the one list of them,
 * src/shared/seo/public-pages.ts), and the first record page of each kind it lists (a service, a
 * center, a project), each after its list page.
 */
async function publicPages(site) {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // Every page of its own, and one record page of each kind (a service, a center, a project):
  // records of one kind share one template, so a second one measures nothing new.
  const kinds = new Set();
  return paths.filter((p) => {
    const kind = p.split('/')[1];
    if (p.split('/').length <= 2) return true;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}

/** Why the browser measurements cannot run here, or null when they can. */
function browserMissing() {
  if (argv.has('--no-lighthouse')) return 'skipped (--no-lighthouse)';
  if (!fs.existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Inbox at scale

/** Fill the inbox with believable messages, straight into the stopped site's database. */
async function fillInbox({ dataDir, url }, count) {
  const sql = `
    insert into contact_messages (name, email, phone, message, status, stage, service, urgent, created_at, updated_at)
    select
      (array['Ayesha','Bilal','Sara','Usman','Hina','Omar','Fatima','Ali','Zara','Hamza'])[1 + i % 10] || ' ' ||
      (array['Khan','Ahmed','Malik','Iqbal','Raza','Sheikh','Butt','Qureshi'])[1 + (i / 10) % 8],
      'customer' || i || '@example.com',
      '03' || lpad((100000000 + i)::text, 9, '0'),
      (array['Our cold room compressor stopped overnight, please send a technician.',
             'Quote needed for repainting a three-storey office building.',
             'Two CCTV cameras at the gate show no picture since the storm.',
             'The split air conditioner in the meeting room leaks water.',
             'Main breaker trips whenever the water pump starts.',
             'Annual maintenance contract for 40 air conditioners, please call.'])[1 + i % 6] || ' Ref ' || i,
      case when i % 3 = 0 then 'read' else 'Pending' end,
      -- The lead desk's queue: every stage, six services, one request in forty urgent.
      (array['new','contacted','scheduled','done','lost'])[1 + (i / 7) % 5],
      (array['cold-room-repair','split-ac-service','cctv-installation','electrical-wiring','painting','chiller-maintenance'])[1 + (i / 3) % 6],
      i % 40 = 0,
      now() - (i || ' seconds')::interval,
      now() - (i || ' seconds')::interval
    from generate_series(1, ${count}) as i`;
  if (url) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.query('vacuum analyze contact_messages');
    await client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // The folder's lock, like the server and the backup script: never beside a running site.
    const { acquireSiteLock } = await import('../src/server/site-lock.mjs');
    const lock = acquireSiteLock(dataDir, { command: 'bench' });
    try {
      const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      await db.exec(sql);
      await db.exec('vacuum analyze contact_messages');
      await db.close();
    } finally {
      lock.release();
    }
  }
}

const BENCH_SETUP_CODE = 'bench-setup-code-0123456789';

async function staffToken(site) {
  const account = {
    name: 'Bench Admin',
    username: 'bench-admin',
    password: 'bench-admin-password-1',
    setupCode: BENCH_SETUP_CODE,
  };
  await fetch(`${site.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const res = await fetch(`${site.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function inbox(site) {
  const authorization = `Bearer ${await staffToken(site)}`;
  const rows = [];
  for (const query of [
    'page=2500',
    'q=compressor',
    'q=customer4242',
    'status=Pending&page=100',
    // The lead desk's queue: a stage and service filter, and the queue's order.
    'stage=new&service=cold-room-repair',
    'stage=new&service=cold-room-repair&page=50',
    'order=queue',
    'order=queue&page=100',
    'stage=contacted&service=painting&order=queue',
  ]) {
    const url = `${site.base}/api/contactus?${query}`;
    const check = await fetch(url, { headers: { authorization } });
    const body = await check.json();
    if (check.status !== 200) throw new Error(`${url}: ${check.status} ${JSON.stringify(body)}`);
    // One staff member reading the inbox: latency of one request at a time, then ten at once.
    const one = await load(url, {
      connections: 1,
      duration: Math.min(DURATION, 5),
      headers: { authorization },
    });
    const ten = await load(url, {
      connections: 10,
      duration: Math.min(DURATION, 5),
      headers: { authorization },
    });
    rows.push({
      query,
      totalCount: body.totalCount,
      p50: one.p50,
      p99: one.p99,
      rps: one.rps,
      p99At10: ten.p99,
      rpsAt10: ten.rps,
    });
    log(`inbox ${query}: p50 ${one.p50} ms, p99 ${one.p99} ms (${body.totalCount} matching)`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL database for the run

async function withPostgresDatabase(fn) {
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

// ---------------------------------------------------------------------------------------------

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim()}`,
    memoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    date: new Date().toISOString(),
  };
}

function round(n, digits = 0) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

async function lifecycle(label, env) {
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

async function main() {
  log('building');
  // Lighthouse is installed on first use: before anything is timed, not between two measurements.
  if (!browserMissing()) (await import('./bench-tools.mjs')).ensureBenchTools({ log });
  const { buildAll } = await import('./build.mjs');
  await buildAll();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  try {
    // Embedded PGlite: the laptop case, and the one every budget is set on.
    const { site, ...start } = await lifecycle('pglite', { DATA_DIR: dataDir });
    results.pglite = start;
    try {
      const pages = await publicPages(site);
      results.loadGenerator = GENERATOR;
      log(`load generator: ${GENERATOR}`);
      results.pages = await versusRaw(
        site,
        pages.filter((p) => p === '/home' || p.startsWith('/services')),
      );
      if (!PUBLIC_ONLY) results.api = await versusRaw(site, ['/api/service', '/api/client']);
      const missing = browserMissing();
      if (missing) results.browser = { skipped: missing };
      else {
        results.homeWeightKb = await pageWeight(`${site.base}/home`);
        log(`/home weight: ${JSON.stringify(results.homeWeightKb)}`);
        results.clickToPaint = await clickToPaint({ url: `${site.base}/home`, linkName: 'Services' });
        log(`click to paint: ${JSON.stringify(results.clickToPaint)}`);
        results.lighthouse = await lighthouse(site, pages);
      }
      if (PUBLIC_ONLY) return;
      const contact = await load(`${site.base}/api/contactus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Visitor',
          email: 'visitor@example.com',
          phone: '03001234567',
          message: 'Please call me about a service visit.',
        }),
      });
      results.contactPost = {
        rps: contact.rps,
        p99: contact.p99,
        non2xx: contact.non2xx,
        requests: contact.requests,
      };
      log(`contact POST: ${contact.rps} req/s, ${contact.non2xx} non-2xx`);
      results.pglite.rssAfterLoadMb = round(rssMb(site.child.pid));
    } finally {
      await stopSite(site);
    }
    log(`filling the embedded inbox with ${INBOX_SIZE} messages`);
    await fillInbox({ dataDir }, INBOX_SIZE);
    const inboxSite = await startSite({ env: { DATA_DIR: dataDir } });
    try {
      results.inbox = await inbox(inboxSite);
    } finally {
      await stopSite(inboxSite);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (!argv.has('--no-postgres') && !PUBLIC_ONLY) {
    results.postgres = await withPostgresDatabase(async (url) => {
      const { site, ...start } = await lifecycle('postgres', { DATABASE_URL: url });
      await stopSite(site);
      log(`filling the PostgreSQL inbox with ${INBOX_SIZE} messages`);
      await fillInbox({ url }, INBOX_SIZE);
      const inboxSite = await startSite({ env: { DATABASE_URL: url } });
      try {
        return { ...start, inbox: await inbox(inboxSite) };
      } finally {
        await stopSite(inboxSite);
      }
    });
  }
}

function report() {
  const lines = [];
  const mark = (ok) => (ok ? 'PASS' : 'FAIL');
  lines.push(
    `Machine: ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}`,
  );
  lines.push('');
  lines.push(
    `Load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  lines.push(
    `Throughput (${results.loadGenerator}${results.loadGenerator === 'wrk' ? ', 1 thread' : ''}, ${CONNECTIONS} connections, ${DURATION} s, Accept-Encoding: ${ACCEPT_ENCODING}) vs raw node:http sending the same bytes and headers`,
  );
  for (const r of [...(results.pages ?? []), ...(results.api ?? [])]) {
    const budget =
      r.path === '/home' ? BUDGET.homeRatio : r.path.startsWith('/api') ? BUDGET.apiRatio : BUDGET.pageRatio;
    lines.push(
      `  ${mark(r.ratio >= budget)} ${r.path.padEnd(36)} ${String(r.rps).padStart(7)} req/s p99 ${String(r.p99).padStart(4)} ms | raw ${String(r.rawRps).padStart(7)} req/s | ratio ${r.ratio} (≥ ${budget}) | ${r.bytes} B ${r.encoding}`,
    );
    if (r.cpuUs !== null)
      lines.push(
        `       main-thread CPU per request: site ${r.cpuUs} µs, raw ${r.rawCpuUs} µs (raw/site ${round(r.rawCpuUs / r.cpuUs, 2)}); load average ${r.loadAverage}`,
      );
  }
  if (results.contactPost)
    lines.push(
      `       contact POST ${results.contactPost.rps} req/s, p99 ${results.contactPost.p99} ms, ${results.contactPost.non2xx} non-2xx`,
    );
  for (const [label, rows] of [
    ['PGlite', results.inbox],
    ['PostgreSQL', results.postgres?.inbox],
  ]) {
    if (!rows) continue;
    lines.push(`Inbox at ${INBOX_SIZE} messages (${label}), one request at a time`);
    for (const r of rows)
      lines.push(
        `  ${mark(r.p99 <= BUDGET.inboxP99Ms)} ${r.query.padEnd(28)} p50 ${r.p50} ms p99 ${r.p99} ms (${r.totalCount} match; 10 at once: p99 ${r.p99At10} ms, ${r.rpsAt10} req/s)`,
      );
  }
  if (results.browser?.skipped) lines.push(`Browser measurements: ${results.browser.skipped}`);
  if (results.homeWeightKb) {
    const w = results.homeWeightKb;
    lines.push(
      `/home as Chromium loads it on a 390 px phone at 3x, scrolled to the bottom (transferred KB): html ${w.html} css ${w.css} js ${w.js} images ${w.image} fonts ${w.font} other ${w.other}`,
    );
    lines.push(
      `  ${mark(w.js <= BUDGET.homeJsGzipKb)} JavaScript /home ${w.js} KB compressed, ${w.scripts.length} files (≤ ${BUDGET.homeJsGzipKb} KB)`,
    );
    lines.push(
      `  ${mark(w.total <= BUDGET.homeTotalKb)} page weight /home ${w.total} KB (≤ ${BUDGET.homeTotalKb} KB)`,
    );
  }
  if (results.clickToPaint) {
    const c = results.clickToPaint;
    lines.push(
      "Click on Services in the header of /home to the next page's first paint (Chromium, 1280 px, median of 5)",
    );
    lines.push(
      `       with the page's speculation rules (${c.withRules.rulesOnPage} on the page): ${c.withRules.medianMs} ms (${c.withRules.minMs}–${c.withRules.maxMs}; ${c.withRules.modes.join(', ')})`,
    );
    lines.push(
      `       speculation rules taken out:          ${c.withoutRules.medianMs} ms (${c.withoutRules.minMs}–${c.withoutRules.maxMs}; ${c.withoutRules.modes.join(', ')})`,
    );
  }
  if (results.lighthouse?.pages) {
    const l = results.lighthouse;
    lines.push(
      `Lighthouse 12, mobile preset, median of ${l.runs} runs per page (${l.pages.length} pages in ${l.seconds} s, one Chromium)`,
    );
    for (const r of l.pages) {
      if (r.performance === undefined) {
        lines.push(`  FAIL ${r.path.padEnd(28)} Lighthouse failed: ${r.error}`);
        continue;
      }
      const scores = [r.performance, r.accessibility, r.bestPractices, r.seo];
      const failing = Object.values(r.failing).flat();
      lines.push(
        `  ${mark(scores.every((s) => s >= BUDGET.lighthouse))} ${r.path.padEnd(28)} performance ${r.performance} (${r.performanceRange.join('–')}) accessibility ${r.accessibility} best practices ${r.bestPractices} SEO ${r.seo} (each ≥ ${BUDGET.lighthouse})${failing.length ? ` | failing: ${failing.join(', ')}` : ''}${r.failedRuns ? ` | ${r.failedRuns} failed run(s) retried: ${r.error}` : ''}`,
      );
      lines.push(
        `  ${mark(r.lcp <= BUDGET.lcpMs)} ${''.padEnd(28)} LCP ${r.lcp} ms (${r.lcpRange.join('–')}; ≤ ${BUDGET.lcpMs}) FCP ${r.fcp} ms TBT ${r.tbt} ms CLS ${r.cls}`,
      );
    }
  } else if (results.lighthouse) lines.push(`Lighthouse: ${results.lighthouse.skipped}`);
  for (const [label, r] of [
    ['PGlite', results.pglite],
    ['PostgreSQL', results.postgres],
  ]) {
    if (!r || r.skipped) {
      if (r?.skipped) lines.push(`${label}: ${r.skipped}`);
      continue;
    }
    lines.push(
      `${label}: first start (migrate + seed) ${r.firstStartMs} ms; ${mark(r.coldStartMs <= BUDGET.coldStartMs)} cold start ${r.coldStartMs} ms; ${label === 'PGlite' ? mark(r.idleRssMb <= BUDGET.idleRssMb) : '   '} idle RSS ${r.idleRssMb} MB${r.rssAfterLoadMb ? `, after load ${r.rssAfterLoadMb} MB` : ''}`,
    );
  }
  console.log(lines.join('\n'));
  console.log(JSON.stringify(results));
}

await main();
report();
