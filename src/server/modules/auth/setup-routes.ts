import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signupStatus } from './setup-code';

/**
 * GET /api/auth/setup-status: whether the site is claimed, so a sign-up form can ask for the code,
 * and whether anyone may ask for an account once it is.
 */
export const setupStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/setup-status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Whether the site has an admin (until it has, the first sign-up needs the setup code) and whether anyone may ask for an account',
        response: { 200: z.object({ claimed: z.boolean(), signupOpen: z.boolean() }) },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await signupStatus(app.database, app.settingsStore)),
  );
};
