// `npm run measure:first-run`: how long a newcomer waits, from `git clone` to the first 200 of
// /home, with the README's `npm ci && npm start` (issue budget: 45 s with a warm npm cache).
//   npm run measure:first-run -- [--runs 3] [--cache warm|empty|both] [--port 35500]
// Each run clones this repository's HEAD into a temporary folder, runs `npm ci` (warm: the npm
// cache as it is; empty: a new temporary npm cache), then `npm start` on a free port with a fresh
// data folder, and polls /home. Then it stops the site and restarts it on the same data, timing
// the first page again. Prints each phase per run, then the median and range.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const runs = Number(option('runs', '3'));
const caches = option('cache', 'warm') === 'both' ? ['warm', 'empty'] : [option('cache', 'warm')];
const seconds = (ms) => Number((ms / 1000).toFixed(1));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * The CPU seconds (user + system) a command and its children used, from bash's `times`: a figure
 * that other work on the machine does not inflate, unlike the wall-clock time beside it.
 */
// The trap keeps bash alive through the Ctrl+C that stops the site, so that it can say the times.
const withCpu = (command) => `trap true INT; ${command}; status=$?; echo; echo cpu:; times; exit $status`;
function cpuSeconds(output) {
  // `times` prints the shell's own times, then its children's: the second line is the command's.
  const match = /cpu:\n.*\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(output);
  return match
    ? Number((Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) * 60 + Number(match[4])).toFixed(1))
    : null;
}

/** Run a shell command to its end; answers how long it took, its CPU time and what it printed. */
function timed(command, options) {
  const started = performance.now();
  const output = execFileSync('bash', ['-c', withCpu(command)], {
    encoding: 'utf8',
    stdio: 'pipe',
    ...options,
  });
  return { ms: performance.now() - started, cpu: cpuSeconds(output), output };
}

/** Start the site as `npm start` does; resolves when /home answers 200, with how long that took. */
async function startUntilHome(cwd, env) {
  const started = performance.now();
  const child = spawn('bash', ['-c', withCpu('npm start')], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${env.PORT}/home`;
  while (performance.now() - started < 600_000) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ms = performance.now() - started;
  // npm start runs node under npm: stop the whole group, as Ctrl+C at a terminal does.
  process.kill(-child.pid, 'SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms, cpu: cpuSeconds(output), output };
}

/** The server's own ready log line: how long creating the database and the demo content took. */
function steps(output) {
  const line = output.split('\n').find((l) => l.includes('"msg":"ready"'));
  return line ? JSON.parse(line).steps : {};
}

async function measure(cache) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-run-'));
  const npmCache =
    cache === 'empty' ? fs.mkdtempSync(path.join(os.tmpdir(), 'first-run-npm-cache-')) : undefined;
  const env = {
    ...process.env,
    ...(npmCache ? { npm_config_cache: npmCache } : {}),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'NODE_ENV', 'LOG_FORMAT']) delete env[key];
  try {
    const load = os.loadavg()[0].toFixed(2);
    const clone = timed(`git clone --quiet --no-hardlinks '${root}' '${dir}'`);
    const install = timed('npm ci 2>&1', { cwd: dir, env });
    const modulesMb = Number(
      execFileSync('du', ['-sm', 'node_modules'], { cwd: dir, encoding: 'utf8' }).split('\t')[0],
    );
    const port = String(Number(option('port', '0')) || (await freePort()));
    const first = await startUntilHome(dir, { ...env, PORT: port });
    const restart = await startUntilHome(dir, { ...env, PORT: port });
    return {
      cache,
      load,
      clone: seconds(clone.ms),
      npmCi: seconds(install.ms),
      npmCiCpu: install.cpu,
      firstStart: seconds(first.ms),
      firstStartCpu: first.cpu,
      total: seconds(clone.ms + install.ms + first.ms),
      restart: seconds(restart.ms),
      steps: steps(first.output),
      modulesMb,
      ebadengine: /EBADENGINE/.test(install.output),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (npmCache) fs.rmSync(npmCache, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) => `${median(values)} s (${Math.min(...values)}–${Math.max(...values)})`;

for (const cache of caches) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await measure(cache);
    results.push(r);
    console.info(
      `${cache} cache, run ${i + 1}: clone ${r.clone} s, npm ci ${r.npmCi} s (CPU ${r.npmCiCpu} s; ${r.modulesMb} MB${r.ebadengine ? ', EBADENGINE' : ''}), ` +
        `first start ${r.firstStart} s (CPU ${r.firstStartCpu} s; steps in ms ${JSON.stringify(r.steps)}) → first 200 of /home after ${r.total} s; ` +
        `restart ${r.restart} s; load ${r.load}`,
    );
  }
  const pick = (key) => results.map((r) => r[key]);
  console.info(
    `${cache} cache, ${runs} runs: clone → first 200 ${summary(pick('total'))} [budget 45 s warm]; ` +
      `npm ci ${summary(pick('npmCi'))}, CPU ${summary(pick('npmCiCpu'))}; ` +
      `first start ${summary(pick('firstStart'))}, CPU ${summary(pick('firstStartCpu'))}; ` +
      `restart ${summary(pick('restart'))} [budget 2 s]; load at start ${pick('load').join(', ')}`,
  );
}
