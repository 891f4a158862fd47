import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextTimerTurn } from '../test/eventually';
import { createTestApp } from '../test/helpers';
import { BUSY_RETRY_AFTER_SECONDS } from './load-shedding';

/** Block the event loop, as a runaway regex or a synchronous task would. */
function stall(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
}

const t = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '200' } });
const off = await createTestApp();
const notListening = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '200' } });
let base: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await off.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Opening the databases kept this thread busy: start once the lag samples let a request in.
  await eventually(async () => (await fetch(`${base}/api/service?q=warm-up`)).status === 200);
});

interface Answer {
  status: number;
  retryAfter: string | null;
  cacheControl: string | null;
  body: string;
  /** When the answer arrived, on the shared performance clock. */
  at: number;
}

/**
 * Requests sent from another thread while this one stalls, as visitors' requests arrive while a
 * server is stuck: they wait in the socket until the loop is free. Resolves once the thread runs
 * (call `stall` then); the thread sends 100 ms later and `answers` come back after the stall.
 */
async function requestsDuringStall(urls: string[]): Promise<{ answers: Promise<Answer[]> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.postMessage('ready');
     setTimeout(async () => {
       const answers = await Promise.all(workerData.urls.map(async (url) => {
         const res = await fetch(url, { headers: { connection: 'close' } });
         const body = await res.text();
         return { status: res.status, retryAfter: res.headers.get('retry-after'),
           cacheControl: res.headers.get('cache-control'), body,
           at: performance.timeOrigin + performance.now() };
       }));
       parentPort.postMessage(answers);
     }, 100);`,
    { eval: true, workerData: { urls } },
  );
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const answers = new Promise<Answer[]>((resolve, reject) => {
    worker.once('message', (list: Answer[]) => {
      void worker.terminate();
      resolve(list);
    });
    worker.once('error', reject);
  });
  return { answers };
}

const now = () => performance.timeOrigin + performance.now();

describe('a stalled event loop', () => {
  it('answers the requests that queued behind the stall 503 with Retry-After at once, then recovers', async () => {
    expect((await fetch(`${base}/api/service?q=one`)).status).toBe(200);

    const { answers } = await requestsDuringStall([
      `${base}/api/service?q=two`,
      `${base}/api/department?q=two`,
    ]);
    stall(1500);
    const stallEnded = now();
    for (const answer of await answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(answer.cacheControl).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual({
        error: 'The server is busy. Please try again in a few seconds.',
      });
      // Answered as soon as the loop was free again, not after some queue drained (wide bounds).
      expect(answer.at - stallEnded).toBeLessThan(1000);
    }

    // The readings see a free loop again: service resumes within a moment (a wide bound: on a
    // machine busy with other work the samples themselves run late, so the reading fades slower).
    await eventually(async () => (await fetch(`${base}/api/service?q=three`)).status === 200, {
      timeout: 3000,
      interval: 50,
    });
  });

  it('still answers /api/status truthfully while busy: the server and its database are up', async () => {
    const { answers } = await requestsDuringStall([`${base}/api/status`, `${base}/api/service?q=four`]);
    stall(1000);
    const [status, other] = await answers;
    expect(status!.status).toBe(200);
    expect(JSON.parse(status!.body)).toEqual({ isActive: true });
    expect(other!.status).toBe(503);
  });

  it('is switched off by MAX_EVENT_LOOP_DELAY_MS=0', async () => {
    const url = `http://127.0.0.1:${(off.app.server.address() as AddressInfo).port}/api/service`;
    const { answers } = await requestsDuringStall([url]);
    stall(1000);
    expect((await answers)[0]!.status).toBe(200);
  });

  it('does not count a stall before the server listened: the first visitor after a slow start gets in', async () => {
    stall(600);
    // Give the lag timer its turn to read the stall, as a start that seeds content would.
    await nextTimerTurn();
    await notListening.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (notListening.app.server.address() as AddressInfo).port;
    expect((await fetch(`http://127.0.0.1:${port}/api/service`)).status).toBe(200);
  });
});
