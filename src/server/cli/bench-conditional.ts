// What a revalidated read saves: the staff inbox list (GET /api/contactus, bearer token) answered
// 200 and answered 304 to If-None-Match, measured with wrk in one run on an in-memory database.
//
//   npx tsx src/server/cli/bench-conditional.ts [--seconds 10] [--port 34950] [--messages 200]
//                                               [--postgres postgres://postgres@127.0.0.1:5432/test]
//
// With --postgres, a scratch database is created on that server and dropped at the end.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs, promisify } from 'node:util';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { loadEnv } from '../env';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '34950' },
    messages: { type: 'string', default: '200' },
    connections: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    postgres: { type: 'string' },
  },
});
const SETUP_CODE = 'bench-setup-code-0123456789';
const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  DATA_DIR: '/nonexistent',
  SETUP_CODE,
  SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnop',
  CONTACT_RATE_LIMIT: '0',
  // Measure the answers, not the overload guard.
  MAX_EVENT_LOOP_DELAY_MS: '0',
});

const scratch = `etag_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = values.postgres ? await createScratchDatabase(values.postgres, scratch) : undefined;
const database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' });
const app = await buildApp({ env, database, logger: false, ssr: false });

const signup = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: {
    name: 'Bench Admin',
    username: 'benchadmin',
    password: 'correct horse battery',
    setupCode: SETUP_CODE,
  },
});
if (signup.statusCode >= 300) throw new Error(`signup: ${signup.body}`);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'benchadmin', password: 'correct horse battery' },
});
const authorization = `Bearer ${login.json().token}`;
for (let n = 1; n <= Number(values.messages); n++) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      phone: '03001234567',
      message: `My fridge is not cooling, the compressor clicks and stops (${n}). Please call after five.`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`message: ${res.body}`);
}

const port = Number(values.port);
if (port < 34900 || port > 34999) throw new Error('use a port in 34900-34999');
await app.listen({ host: '127.0.0.1', port });
const url = `http://127.0.0.1:${port}/api/contactus`;
const acceptEncoding = 'gzip, deflate, br, zstd';
const sample = await fetch(url, { headers: { authorization, 'accept-encoding': acceptEncoding } });
const etag = sample.headers.get('etag') ?? '';
const bodyBytes = (await sample.arrayBuffer()).byteLength;
const check = await fetch(url, { headers: { authorization, 'if-none-match': etag } });
if (check.status !== 304) throw new Error(`expected 304, got ${check.status}`);

// Asynchronous: the server under test answers on this very event loop.
async function wrk(headers: Record<string, string>) {
  const args = ['-t1', `-c${values.connections}`, `-d${values.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  // The server runs in this process: its CPU time per answer is steadier than requests per second
  // on a machine shared with other work.
  const cpuBefore = process.cpuUsage();
  const { stdout: out } = await promisify(execFile)('wrk', [...args, url], { encoding: 'utf8' });
  const cpu = process.cpuUsage(cpuBefore);
  const requests = Number(/(?<!\d)(\d+) requests in/.exec(out)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(out)?.[1];
  const p99 = /\s99%\s+(\S+)/.exec(out)?.[1];
  // wrk counts in powers of 1024: 183.17KB is 183.17 * 1024 bytes a second, headers included.
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(out);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[transfer?.[2] ?? 'B'] ?? 1;
  const bytesPerAnswer = Math.round((Number(transfer?.[1]) * unit) / rps);
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? '0';
  const cpuPerAnswer = Math.round((cpu.user + cpu.system) / requests);
  return {
    rps: Math.round(rps),
    p50,
    p99,
    'cpu µs/answer': cpuPerAnswer,
    'bytes/answer': bytesPerAnswer,
    errors,
  };
}

const base = { authorization, 'accept-encoding': acceptEncoding };
type Row = Awaited<ReturnType<typeof wrk>>;
const runs: Record<string, Row[]> = { 'answered 200, br': [], 'answered 304': [] };
// Alternated, round after round, so that a busy neighbour slows both alike.
for (let round = 0; round < Number(values.rounds); round++) {
  runs['answered 200, br']!.push(await wrk(base));
  runs['answered 304']!.push(await wrk({ ...base, 'if-none-match': etag }));
}
const best = (rows: Row[]) => rows.reduce((a, b) => (b.rps > a.rps ? b : a));
const rows = {
  'answered 200, br': best(runs['answered 200, br']!),
  'answered 304': best(runs['answered 304']!),
};
console.info(
  `GET /api/contactus as staff (bearer), ${values.messages} messages, a page of 20 (${bodyBytes} bytes of JSON), ` +
    `${database.kind}, wrk -t1 -c${values.connections} -d${values.seconds}s, best of ${values.rounds} alternated rounds`,
);
console.table(rows);
for (const [name, list] of Object.entries(runs))
  console.info(name, 'rounds:', list.map((row) => row.rps).join(', '));
const ratio = rows['answered 304'].rps / rows['answered 200, br'].rps;
const cpuRatio = rows['answered 304']['cpu µs/answer'] / rows['answered 200, br']['cpu µs/answer'];
console.info(
  `304 / 200 (br): ${ratio.toFixed(2)}x the requests per second, ${cpuRatio.toFixed(2)}x the CPU time per answer`,
);
await app.close();
await database.close();
if (values.postgres) await dropScratchDatabase(values.postgres, scratch);
