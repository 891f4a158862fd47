import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './status-store';

/** GET /api/status: whether the server can reach its database (the app shell's banner asks). */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['status'],
        summary: 'Is the service up?',
        response: { 200: z.object({ isActive: z.boolean() }), 503: z.object({ isActive: z.boolean() }) },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          pingDatabase(app.database),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
        ]);
        return reply.header('cache-control', 'no-store').send({ isActive: true });
      } catch (error) {
        app.log.warn({ err: error }, 'status check: database unreachable');
        return reply.status(503).header('cache-control', 'no-store').send({ isActive: false });
      }
    },
  );
};

/** The health probe. */
export const statusPlugin = fp(
  async (app) => {
    await app.register(statusRoutes);
  },
  { name: 'status', dependencies: ['database'], encapsulate: true },
);
