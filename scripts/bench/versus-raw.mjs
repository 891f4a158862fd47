// Throughput of the site against a raw node:http server sending the very same bytes, with the
// main-thread CPU time each spends per request.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { autocannonLoad, throughput } from './load-generator.mjs';
import { ACCEPT_ENCODING, CONNECTIONS, DURATION, log, round } from './options.mjs';
import { startRawServer } from './processes.mjs';

export function load(url, options = {}) {
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
export async function versusRaw(site, wanted) {
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
