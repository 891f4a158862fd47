import type { Database } from '../db/client';

/** The rate limiter's counters: one row per bucket, key and window (decision 107). */
export function createRateLimitStore(database: Database) {
  return {
    /**
     * Count one hit in the window, up to `ceiling` (a hit over the budget is still spent, but a
     * thousand of them weigh no more than one); answers the window's hits, this one included,
     * and the hits of the window before it, in one statement.
     */
    async countHit(
      bucket: string,
      key: string,
      window: { start: Date; previousStart: Date; ceiling: number },
    ): Promise<{ hits: number; previous: number }> {
      const [row] = await database.query<{ hits: number; previous: number }>(
        `with hit as (
           insert into rate_limits (bucket, key, window_start, hits) values ($1, $2, $3, 1)
           on conflict (bucket, key, window_start)
             do update set hits = least(rate_limits.hits + 1, $5::integer)
           returning hits
         )
         select hit.hits,
                coalesce((select p.hits from rate_limits p
                          where p.bucket = $1 and p.key = $2 and p.window_start = $4), 0) as previous
           from hit`,
        [bucket, key, window.start, window.previousStart, window.ceiling],
      );
      return { hits: Number(row?.hits ?? 1), previous: Number(row?.previous ?? 0) };
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
