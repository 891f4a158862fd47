import type { Database } from '../db/client';
import { createRateLimitStore } from './rate-limit-store';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  /**
   * Count one hit for `key`; `allowed` is false once the window's budget is spent. There is no
   * way to read a count without spending: a budget is spent before the secret it guards is
   * checked, in this one statement, and a success takes its hit back (decision 010).
   */
  hit(key: string): Promise<RateLimitResult>;
  /** Forget `key` (for example after a successful login). */
  reset(key: string): Promise<void>;
  /** Take back one hit of the current window (an attempt that turned out legitimate). */
  forgive(key: string): Promise<void>;
}

/**
 * A fixed-window limiter whose counters live in the database, so every instance behind a load
 * balancer sees the same counts and a restart forgets nothing. `max` 0 switches it off.
 */
export function createRateLimiter(
  database: Database,
  options: { bucket: string; max: number; windowMs: number },
): RateLimiter {
  const { bucket, max, windowMs } = options;
  const windowStart = () => new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const retryAfter = () => Math.max(1, Math.ceil((windowStart().getTime() + windowMs - Date.now()) / 1000));
  const store = createRateLimitStore(database);
  return {
    async hit(key) {
      if (max <= 0) return { allowed: true, hits: 0, retryAfter: 0 };
      const hits = await store.countHit(bucket, key, windowStart());
      return { allowed: hits <= max, hits, retryAfter: retryAfter() };
    },
    reset: (key) => store.forget(bucket, key),
    forgive: (key) => store.takeBackHit(bucket, key, windowStart()),
  };
}

/** Delete counters of windows that ended; any instance may run it at any time. */
export async function pruneRateLimits(database: Database, olderThanMs = 24 * 3600 * 1000) {
  await createRateLimitStore(database).deleteWindowsBefore(new Date(Date.now() - olderThanMs));
}
