import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GO_LIVE_ACCESS, GO_LIVE_PATH, goLiveSchema } from '../../../shared/go-live';
import { errorSchema } from '../../http/schemas';
import type { SettingsStore } from '../settings/store';
import { goLiveItems } from './checklist';

/** `GET /api/go-live`: what still stands between this site and its customers (admins fix it). */
export function goLiveRoutes(settings: SettingsStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      GO_LIVE_PATH,
      {
        config: { access: GO_LIVE_ACCESS },
        schema: {
          tags: ['go-live'],
          summary: 'The go-live checklist: each open item, with where to fix it (admins)',
          response: { 200: goLiveSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (_request, reply) => {
        const items = await goLiveItems({
          database: app.database,
          env: app.env,
          settings: await settings.get(),
        });
        return reply.header('cache-control', 'private, no-store').send({ items });
      },
    );
  };
}
