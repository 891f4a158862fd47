import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

/** What a refused request is told to wait: long enough for a stall to pass, short for a person. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** How often the lag is measured: the cost is one timer callback, the benefit a fresh reading. */
const SAMPLE_MS = 10;
/** The share of the last reading kept at the next sample, when the loop has caught up. */
const FADE = 0.8;

/**
 * Routes that keep answering under pressure. /api/status tells the app shell's banner and load
 * balancers whether the server and its database are up; a busy moment is not "down", and failing
 * every instance's health check at once during a spike would take the whole site away. The
 * build's hashed scripts and styles are files sent as stored (precompressed): refusing them saves
 * nothing and leaves a page that did arrive without its style.
 */
const EXEMPT = new Set(['/api/status', '/assets/*']);

/**
 * When the event loop stalls, answer the requests that piled up behind it a fast 503 with
 * Retry-After instead of working through the queue while it grows.
 *
 * The lag is how late a 10 ms timer fires. Timers run before the loop reads sockets, so after a
 * stall the reading is already up to date when the first queued request arrives here. The
 * connections that waited are read over the next few turns of the loop, so the reading fades by
 * a fifth per sample rather than dropping at once: after a 1.5 s stall and a 500 ms limit, traffic
 * is let in again some 50 ms later; under lasting overload every sample is late and it stays up.
 * (@fastify/under-pressure compares the mean lag of a window instead: tried first, it let the
 * backlog of a single stall through whenever its timer ran before the histogram's, and read an
 * empty 10 ms window as infinite lag; decision 010.)
 *
 * Replays from the response cache answer before this hook (and in front of Fastify): they cost
 * microseconds and keep serving pages while renders are refused.
 */
export function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number) {
  if (maxEventLoopDelayMs <= 0) return;
  let expected = performance.now() + SAMPLE_MS;
  let lag = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(now - expected, lag * FADE, 0);
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // Nobody could wait on a server that was not listening: a stall while it started (migrations,
  // the demo content) must not turn its first visitors away.
  app.addHook('onListen', (done) => {
    lag = 0;
    expected = performance.now() + SAMPLE_MS;
    done();
  });

  app.addHook('onRequest', function shedLoad(request, reply, done) {
    if (lag <= maxEventLoopDelayMs || (request.routeOptions.url && EXEMPT.has(request.routeOptions.url)))
      return done();
    reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    done(new HttpError(503, 'The server is busy. Please try again in a few seconds.'));
  });
}

/** Refuse work while the event loop lags; after the cache's replay, which stays cheap under load. */
export const loadSheddingPlugin = fp(
  async (app) => registerLoadShedding(app, app.env.MAX_EVENT_LOOP_DELAY_MS),
  {
    name: 'load-shedding',
    // After the connection limits: a refused request still has its body's deadline.
    dependencies: ['env', 'response-cache', 'client-connections'],
  },
);
