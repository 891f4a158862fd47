import type { Database } from '../db/client';

/** The rate limiter's counters: one row per bucket, key and fixed window. */
export function createRateLimitStore(database: Database) {
  return {
    /** Count one hit in the window; answers the window's hits, this one included. */
    async countHit(bucket: string, key: string, windowStart: Date): Promise<number> {
      const [row] = await database.query<{ hits: number }>(
        `insert into rate_limits (bucket, key, window_start, hits) values ($1, $2, $3, 1)
         on conflict (bucket, key, window_start) do update set hits = rate_limits.hits + 1
         returning hits`,
        [bucket, key, windowStart],
      );
      return Number(row?.hits ?? 1);
    },

    async forget(bucket: string, key: string): Promise<void> {
      await database.query('delete from rate_limits where bucket = $1 and key = $2', [bucket, key]);
    },

    async takeBackHit(bucket: string, key: string, windowStart: Date): Promise<void> {
      await database.query(
        'update rate_limits set hits = greatest(hits - 1, 0) where bucket = $1 and key = $2 and window_start = $3',
        [bucket, key, windowStart],
      );
    },

    /** Delete the counters of every window that started before `before`. */
    async deleteWindowsBefore(before: Date): Promise<void> {
      await database.query('delete from rate_limits where window_start < $1', [before]);
    },
  };
}
