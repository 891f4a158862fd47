import type { Database } from '../db/client';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Count one hit for `key`; `allowed` is false once the window's budget is spent. */
  hit(key: string): Promise<RateLimitResult>;
  /** How many hits `key` has in the current window, without counting one. */
  peek(key: string): Promise<number>;
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
  return {
    async hit(key) {
      if (max <= 0) return { allowed: true, hits: 0, retryAfter: 0 };
      const [row] = await database.query<{ hits: number }>(
        `insert into rate_limits (bucket, key, window_start, hits) values ($1, $2, $3, 1)
         on conflict (bucket, key, window_start) do update set hits = rate_limits.hits + 1
         returning hits`,
        [bucket, key, windowStart()],
      );
      const hits = Number(row?.hits ?? 1);
      return { allowed: hits <= max, hits, retryAfter: retryAfter() };
    },
    async peek(key) {
      const [row] = await database.query<{ hits: number }>(
        'select hits from rate_limits where bucket = $1 and key = $2 and window_start = $3',
        [bucket, key, windowStart()],
      );
      return Number(row?.hits ?? 0);
    },
    async reset(key) {
      await database.query('delete from rate_limits where bucket = $1 and key = $2', [bucket, key]);
    },
    async forgive(key) {
      await database.query(
        'update rate_limits set hits = greatest(hits - 1, 0) where bucket = $1 and key = $2 and window_start = $3',
        [bucket, key, windowStart()],
      );
    },
  };
}

/** Delete counters of windows that ended; any instance may run it at any time. */
export async function pruneRateLimits(database: Database, olderThanMs = 24 * 3600 * 1000) {
  await database.query('delete from rate_limits where window_start < $1', [
    new Date(Date.now() - olderThanMs),
  ]);
}
