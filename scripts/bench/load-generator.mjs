// The bench's load generator for GET throughput: wrk (Debian's package) where it is installed,
// autocannon otherwise. autocannon runs in Node and saturates before a raw node:http server does
// on 2 cores, so its ratios are flattered; the bench prints which one measured.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

function findWrk() {
  if (process.env.BENCH_NO_WRK) return null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/bin')) {
    const file = path.join(dir, 'wrk');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

const WRK = findWrk();
export const GENERATOR = WRK ? 'wrk' : 'autocannon';

/** wrk prints latencies as 812.00us, 1.20ms or 2.00s. */
function millis(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return null;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
  return Math.round(Number(m[1]) * factor * 100) / 100;
}

function runWrk(url, { duration, connections, headers }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(WRK, args, { timeout: (duration + 30) * 1000 }, (error, stdout) => {
      if (error) return reject(error);
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      // The latency table's rows read `     50%  812.00us`.
      const rows = new Map(
        stdout
          .split('\n')
          .map((line) => line.trim().split(/\s+/))
          .filter((cells) => cells.length === 2 && cells[0].endsWith('%'))
          .map(([share, value]) => [share, value]),
      );
      const percentile = (p) => millis(rows.get(`${p}%`) ?? '');
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      const errors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
      const requests = Number(/(?<!\d)(\d+) requests in/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(rps)) return reject(new Error(`unreadable wrk output: ${stdout}`));
      resolve({ rps: Math.round(rps), p50: percentile(50), p99: percentile(99), non2xx, errors, requests });
    });
  });
}

/** autocannon with any of its options, summed up as the bench reports every load. */
export async function autocannonLoad(options) {
  const result = await autocannon(options);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** GET `url` as fast as the generator can for `duration` seconds over `connections` connections. */
export function throughput(url, { duration, connections = 50, headers = {} }) {
  return WRK
    ? runWrk(url, { duration, connections, headers })
    : autocannonLoad({ url, duration, connections, headers });
}
