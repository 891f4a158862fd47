import type { TapType } from '../../../shared/taps';
import type { Database } from '../../db/client';

/** One week of taps, Monday first (ISO weeks, in UTC). */
export interface WeeklyTaps {
  weekStart: string;
  call: number;
  whatsapp: number;
}

/** The longest history a dashboard may ask for: ten years of weeks. */
const MAX_WEEKS = 520;

/**
 * Tap counts: one row per UTC day and kind of tap. Nothing about who tapped is ever written, so
 * there is nothing to delete, export or protect later (docs/decisions/070).
 */
export function createTapStore(database: Database) {
  return {
    /** Count one tap on `day` (YYYY-MM-DD; today in UTC when left out). */
    async recordTap(type: TapType, day?: string): Promise<void> {
      await database.query(
        `insert into tap_counts (day, type, count)
           values (coalesce($2::date, (now() at time zone 'utc')::date), $1, 1)
         on conflict (day, type) do update set count = tap_counts.count + 1`,
        [type, day ?? null],
      );
    },

    /**
     * The last `weeks` weeks up to the one holding `today` (UTC when left out), oldest first,
     * with a zero for a week nobody tapped, so a chart needs no gaps filled.
     */
    async tapsPerWeek(weeks: number, today?: string): Promise<WeeklyTaps[]> {
      const count = Math.min(MAX_WEEKS, Math.max(1, Math.trunc(weeks)));
      return database.query<WeeklyTaps>(
        `with bounds as (
           select date_trunc('week', coalesce($2::date, (now() at time zone 'utc')::date))::date as last
         ), series as (
           select (last - 7 * n)::date as week from bounds, generate_series(0, $1::int - 1) as n
         )
         select to_char(s.week, 'YYYY-MM-DD') as "weekStart",
                coalesce(sum(t.count) filter (where t.type = 'call'), 0)::int as call,
                coalesce(sum(t.count) filter (where t.type = 'whatsapp'), 0)::int as whatsapp
           from series s
           left join tap_counts t on t.day >= s.week and t.day < s.week + 7
          group by s.week
          order by s.week`,
        [count, today ?? null],
      );
    },
  };
}

export type TapStore = ReturnType<typeof createTapStore>;
