import type { Database } from '../db/client';
import { createRateLimitStore } from './rate-limit-store';

export interface RateLimitResult {
  allowed: boolean;
  /** The weighted count the answer was made on, this hit included (rounded up). */
  hits: number;
  /** Seconds until a hit would be allowed again (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  /**
   * Count one hit for `key`; `allowed` is false once the budget is spent. There is no way to
   * read a count without spending: a budget is spent before the secret it guards is checked, in
   * this one statement, and a success takes its hit back (decision 010).
   */
  hit(key: string): Promise<RateLimitResult>;
  /** Forget `key` (for example after a successful login). */
  reset(key: string): Promise<void>;
  /** Take back one hit of the current window (an attempt that turned out legitimate). */
  forgive(key: string): Promise<void>;
}

/**
 * A sliding-window limiter (decision 107) whose counters live in the database, so every instance
 * behind a load balancer sees the same counts and a restart forgets nothing. A key's count is its
 * hits in the current fixed window plus those of the window before, weighted by how much of that
 * one still lies within `windowMs` of now: a burst across a window's end gets `max` in all, not
 * twice `max`. `max` 0 switches it off. `now`: the clock (tests move it).
 */
export function createRateLimiter(
  database: Database,
  options: { bucket: string; max: number; windowMs: number; now?: () => number },
): RateLimiter {
  const { bucket, max, windowMs, now = Date.now } = options;
  const windowStart = (at: number) => Math.floor(at / windowMs) * windowMs;
  const store = createRateLimitStore(database);
  return {
    async hit(key) {
      if (max <= 0) return { allowed: true, hits: 0, retryAfter: 0 };
      const at = now();
      const start = windowStart(at);
      const { hits, previous } = await store.countHit(bucket, key, {
        start: new Date(start),
        previousStart: new Date(start - windowMs),
        ceiling: max + 1,
      });
      const elapsed = (at - start) / windowMs;
      // Rounded to a millionth: a count that is the budget exactly is within it.
      const count = Math.round((hits + previous * (1 - elapsed)) * 1e6) / 1e6;
      return {
        allowed: count <= max,
        hits: Math.ceil(count),
        retryAfter: secondsUntilAllowed({ hits, previous, elapsed, max, windowMs }),
      };
    },
    reset: (key) => store.forget(bucket, key),
    forgive: (key) => store.takeBackHit(bucket, key, new Date(windowStart(now()))),
  };
}

/**
 * How long until one more hit would be allowed, if nothing else is hit meanwhile: later in this
 * window, once the previous window's weight has fallen far enough, or else in the next, once this
 * window's has. At least a second.
 */
function secondsUntilAllowed(count: {
  hits: number;
  previous: number;
  elapsed: number;
  max: number;
  windowMs: number;
}) {
  const { hits, previous, elapsed, max, windowMs } = count;
  const room = max - Math.min(hits + 1, max + 1);
  // In this window: (hits + 1) + previous × (1 − at) ≤ max.
  const at = room >= 0 ? (previous > 0 ? 1 - room / previous : 0) : Number.POSITIVE_INFINITY;
  // Else in the next: 1 + hits × (1 − next) ≤ max.
  const next = hits > 0 ? Math.max(0, 1 - (max - 1) / hits) : 0;
  const wait = at <= 1 ? Math.max(0, at - elapsed) : 1 - elapsed + next;
  return Math.max(1, Math.ceil(Math.round(wait * windowMs) / 1000));
}

/** Delete counters of windows that ended; any instance may run it at any time. */
export async function pruneRateLimits(database: Database, olderThanMs = 24 * 3600 * 1000) {
  await createRateLimitStore(database).deleteWindowsBefore(new Date(Date.now() - olderThanMs));
}
