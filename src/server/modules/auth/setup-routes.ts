import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isClaimed } from './setup-code';

/** GET /api/auth/setup-status: whether the site is claimed, so the sign-up page can ask for the code. */
export const setupStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/setup-status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the site has an admin; until it has, the first sign-up needs the setup code',
        response: { 200: z.object({ claimed: z.boolean() }) },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ claimed: await isClaimed(app.database) }),
  );
};
