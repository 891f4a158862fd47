import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEAD_STATS_PATH, leadStatsQuerySchema, leadStatsSchema } from '../../../shared/lead-stats';
import { errorSchema } from '../../http/schemas';
import type { TapStore } from '../events/store';
import type { LeadStatsStore } from './store';

/** `GET /api/stats/leads?weeks=12`: how the business is doing, for the dashboard (staff only). */
export function leadStatsRoutes(store: LeadStatsStore, taps: TapStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      LEAD_STATS_PATH,
      {
        config: { access: 'staff' },
        schema: {
          tags: ['stats'],
          summary:
            'Requests per week by service, response times, outcomes, open urgent, follow-ups due, taps',
          querystring: leadStatsQuerySchema,
          response: { 200: leadStatsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const { weeks } = request.query;
        const [stats, tapWeeks] = await Promise.all([store.leadStats(weeks), taps.tapsPerWeek(weeks)]);
        return reply.send({
          ...stats,
          taps: tapWeeks.map(({ weekStart, call, whatsapp }) => ({ start: weekStart, call, whatsapp })),
        });
      },
    );
  };
}
