import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/push';
import { validationFailed } from '../../errors';
import { errorSchema } from '../../http/schemas';
import { endpointProblem } from './endpoint-guard';
import type { PushStore } from './store';

/**
 * Browser notifications, turned on and off by each staff member for their own browser (My
 * account). Staff only: a visitor has nothing to be notified of, and an endpoint is a URL the
 * server will post to, so only a signed-in, approved person may hand one over.
 */
export function pushRoutes(store: PushStore, options: { publicKey: string; allowLoopback: boolean }) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/api/push/key',
      {
        config: { access: 'account' },
        schema: {
          tags: ['push'],
          summary: "The site's VAPID public key, for PushManager.subscribe({ applicationServerKey })",
          response: {
            200: z.object({ publicKey: z.string(), subscriptions: z.number().int() }),
            401: errorSchema,
            403: errorSchema,
          },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send({
          publicKey: options.publicKey,
          // How many of this person's browsers are subscribed (My account says whether any is).
          subscriptions: await store.countFor(request.user!._id),
        }),
    );

    app.post(
      '/api/push/subscriptions',
      {
        config: { access: 'account' },
        schema: {
          tags: ['push'],
          summary: "Send urgent requests to this browser as notifications (the browser's PushSubscription)",
          body: pushSubscriptionSchema,
          response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const problem = endpointProblem(request.body.endpoint, options.allowLoopback);
        if (problem) throw validationFailed({ endpoint: problem });
        await store.save(request.user!._id, request.body);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/api/push/subscriptions',
      {
        config: { access: 'account' },
        schema: {
          operationId: 'deletePushSubscription',
          tags: ['push'],
          summary: 'Stop notifications to this browser (by its endpoint)',
          body: pushUnsubscribeSchema,
          response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        // The same answer whether or not it was subscribed: turning off twice is not an error.
        await store.remove(request.user!._id, request.body.endpoint);
        return reply.code(204).send(null);
      },
    );
  };
  return plugin;
}
