import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStream } from './backup';

/**
 * GET /api/backup: the same gzip JSON-lines file `npm run backup` writes, streamed by the running
 * server. This is how the embedded database (one process only) is backed up while the site runs.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/backup',
    {
      config: { access: 'backups:download' },
      schema: {
        operationId: 'downloadBackup',
        tags: ['backup'],
        summary: 'Download a backup of every table and image (gzip JSON lines); restore with npm run restore',
        produces: ['application/gzip'],
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="site-backup-${stamp}.jsonl.gz"`)
        .header('cache-control', 'no-store');
      return reply.send(
        backupStream(app.database, (error) => request.log.error({ err: error }, 'backup failed')),
      );
    },
  );
};

/** Download and restore of the whole site. */
export const backupPlugin = fp(
  async (app) => {
    await app.register(backupRoutes);
  },
  { name: 'backup', dependencies: ['database'], encapsulate: true },
);
