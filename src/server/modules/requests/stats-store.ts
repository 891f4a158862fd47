import { SITE_TIME_ZONE } from '../../../shared/constants';
import { NO_SERVICE, type RequestStats } from '../../../shared/request-stats';
import type { Database } from '../../db/client';

/** A request counts when it is live (not in the trash) and not flagged as spam. */
const COUNTED = 'deleted_at is null and not spam';
const OPEN = `stage not in ('done', 'lost')`;

/**
 * The dashboard's numbers about requests, each a few aggregate queries however many requests
 * there are: the week counts and the window's figures read the window's rows through the
 * `created_at` index; what is open reads its own partial indexes (migration 0750).
 */
export function createRequestStatsStore(database: Database) {
  return {
    /**
     * `weeks` weeks up to the one holding `now` (each from Monday 00:00 in the site's time zone,
     * `zone`), oldest first. `now` is for tests; the database's clock otherwise.
     */
    async requestStats(
      weeks: number,
      now?: Date,
      zone = SITE_TIME_ZONE,
    ): Promise<Omit<RequestStats, 'taps'>> {
      const clock = now?.toISOString() ?? null;
      const [perWeek, [figures], followUpsDueList, newRequests] = await Promise.all([
        database.query<{ start: string; service: string; count: number }>(
          `with bounds as (
             select date_trunc('week', coalesce($2::timestamptz, now()) at time zone $3)::date as last
           ), series as (
             select (last - 7 * n)::date as week from bounds, generate_series(0, $1::int - 1) as n
           ), counted as (
             select date_trunc('week', created_at at time zone $3)::date as week,
                    coalesce(nullif(service, ''), '${NO_SERVICE}') as service, count(*)::int as count
               from contact_messages
              where ${COUNTED}
                and created_at >= (select min(week) from series)::timestamp at time zone $3
                and created_at < (select max(week) + 7 from series)::timestamp at time zone $3
              group by 1, 2
           )
           select to_char(s.week, 'YYYY-MM-DD') as start, c.service, coalesce(c.count, 0)::int as count
             from series s left join counted c on c.week = s.week
            order by s.week, c.service`,
          [weeks, clock, zone],
        ),
        database.query<{
          medianMinutes: number | null;
          p90Minutes: number | null;
          responded: number;
          won: number;
          lost: number;
          openUrgent: number;
          followUpsDue: number;
        }>(
          `with bounds as (
             select coalesce($2::timestamptz, now()) as now,
                    (date_trunc('week', coalesce($2::timestamptz, now()) at time zone $3)
                      - make_interval(weeks => $1::int - 1)) at time zone $3 as since
           ), window_rows as (
             select stage, extract(epoch from first_response_at - created_at) / 60 as minutes
               from contact_messages, bounds
              where ${COUNTED} and created_at >= bounds.since
                and created_at < bounds.since + make_interval(weeks => $1::int)
           ), figures as (
             -- One pass over the window and one sort for both percentiles.
             select percentile_cont(array[0.5, 0.9]) within group (order by minutes)
                      filter (where minutes is not null) as percentiles,
                    count(minutes)::int as responded,
                    (count(*) filter (where stage = 'done'))::int as won,
                    (count(*) filter (where stage = 'lost'))::int as lost
               from window_rows
           )
           select percentiles[1] as "medianMinutes", percentiles[2] as "p90Minutes", responded, won, lost,
             (select count(*)::int from contact_messages where ${COUNTED} and urgent and ${OPEN}) as "openUrgent",
             (select count(*)::int from contact_messages, bounds
               where ${COUNTED} and ${OPEN} and follow_up_at < ${endOfToday('$3')}) as "followUpsDue"
             from figures`,
          [weeks, clock, zone],
        ),
        database.query<{ _id: string; reference: string | null; name: string; followUpAt: string }>(
          `select id::text as "_id", reference, name,
                  to_char(follow_up_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "followUpAt"
             from contact_messages, (select coalesce($1::timestamptz, now()) as now) as bounds
            where ${COUNTED} and ${OPEN} and follow_up_at < ${endOfToday('$2')}
            order by follow_up_at, id limit 10`,
          [clock, zone],
        ),
        database.query<RequestStats['newRequests'][number]>(
          `(select id::text as "_id", reference, urgent, area, nullif(service, '') as service, stage,
                   to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt", 0 as rank,
                   created_at
              from contact_messages where ${COUNTED} and urgent and ${OPEN}
             order by created_at desc limit 10)
           union all
           (select id::text, reference, urgent, area, nullif(service, ''), stage,
                   to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 1, created_at
              from contact_messages where ${COUNTED} and stage = 'new' and not urgent
             order by created_at desc limit 10)
           order by rank, created_at desc limit 10`,
        ),
      ]);

      const byWeek = new Map<string, RequestStats['weeks'][number]>();
      for (const row of perWeek) {
        const week = byWeek.get(row.start) ?? { start: row.start, total: 0, byService: {} };
        if (row.service) {
          week.byService[row.service] = row.count;
          week.total += row.count;
        }
        byWeek.set(row.start, week);
      }
      const minutes = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
      const stats = figures!;
      return {
        weeks: [...byWeek.values()],
        firstResponse: {
          medianMinutes: stats.responded ? minutes(stats.medianMinutes) : null,
          p90Minutes: stats.responded ? minutes(stats.p90Minutes) : null,
          count: stats.responded,
        },
        outcomes: { won: stats.won, lost: stats.lost },
        openUrgent: stats.openUrgent,
        followUpsDue: stats.followUpsDue,
        followUpsDueList,
        newRequests: newRequests.map(({ _id, reference, urgent, area, service, stage, createdAt }) => ({
          _id,
          reference,
          urgent,
          area,
          service,
          stage,
          createdAt,
        })),
      };
    },
  };
}

/** The start of tomorrow in the site's zone (the query parameter `zone`), as a timestamptz, from `bounds.now`. */
function endOfToday(zone: string) {
  return `((date_trunc('day', bounds.now at time zone ${zone}) + interval '1 day') at time zone ${zone})`;
}

export type RequestStatsStore = ReturnType<typeof createRequestStatsStore>;
