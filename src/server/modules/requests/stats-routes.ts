import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatSortableTime, siteTimeZone } from '../../../shared/clock';
import {
  REQUEST_STATS_ACCESS,
  REQUEST_STATS_PATH,
  type RequestStats,
  requestStatsQuerySchema,
  requestStatsSchema,
} from '../../../shared/request-stats';
import { errorSchema } from '../../http/schemas';
import type { RequestStatsStore } from './stats-store';
import type { TapStore } from './tap-store';

/** How long an answer is shared when no request changed meanwhile. */
export const STATS_FRESH_MS = 30_000;

/** `GET /api/stats/leads?weeks=12`: how the business is doing, for the dashboard (staff only). */
export function requestStatsRoutes(store: RequestStatsStore, taps: TapStore): FastifyPluginAsyncZod {
  return async (app) => {
    // Every open dashboard refetches when a request changes: the first computes, the others share
    // its answer until the next change of a request (on any instance) or for STATS_FRESH_MS, after
    // which taps, the clock's weeks and follow-ups that fell due are read again.
    const answers = new Map<number, { at: number; stats: Promise<RequestStats> }>();
    app.changes.onChange((event) => {
      if (event.resource === 'contactus') answers.clear();
    });
    const statsFor = (weeks: number) => {
      const kept = answers.get(weeks);
      if (kept && Date.now() - kept.at < STATS_FRESH_MS) return kept.stats;
      // Weeks start on Monday in the site's time zone (decision 097), for requests and taps alike.
      const stats = app.settingsStore
        .get()
        .then(({ timeZone }) => {
          const zone = siteTimeZone(timeZone);
          const today = formatSortableTime(new Date(), zone).slice(0, 10);
          return Promise.all([store.requestStats(weeks, undefined, zone), taps.tapsPerWeek(weeks, today)]);
        })
        .then(([requestFigures, tapWeeks]) => ({
          ...requestFigures,
          taps: tapWeeks.map(({ weekStart, call, whatsapp }) => ({ start: weekStart, call, whatsapp })),
        }));
      const entry = { at: Date.now(), stats };
      answers.set(weeks, entry);
      stats.catch(() => {
        if (answers.get(weeks) === entry) answers.delete(weeks);
      });
      return stats;
    };

    app.get(
      REQUEST_STATS_PATH,
      {
        config: { access: REQUEST_STATS_ACCESS },
        schema: {
          // The published name clients were generated with; the idea is the request desk's figures.
          operationId: 'getLeadStats',
          tags: ['stats'],
          summary:
            'Requests per week by service, response times, outcomes, open urgent, follow-ups due, taps',
          querystring: requestStatsQuerySchema,
          response: { 200: requestStatsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => reply.send(await statsFor(request.query.weeks)),
    );
  };
}
