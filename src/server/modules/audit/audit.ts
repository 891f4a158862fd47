import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, auditEntrySchema } from '../../../shared/audit';
import { errorSchema, pageQuery } from '../../http/schemas';
import { type AuditLog, createAuditLog } from './store';

/** The route's reading of the log; the statements live in the store. */
export { type AuditLog, createAuditLog };

/** The audit log for admins. */
export function auditPlugin(log: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit',
      {
        config: { access: 'audit:read' },
        schema: {
          operationId: 'listAuditEntries',
          tags: ['audit'],
          summary:
            'The audit log, newest first: who changed what, and when (values before and after for content, names only for personal data)',
          querystring: z.object({
            ...pageQuery,
            resource: z.string().max(100).optional(),
            action: z.enum(AUDIT_ACTIONS).optional(),
          }),
          response: {
            200: z.object({ data: z.array(auditEntrySchema), totalCount: z.number().int() }),
            400: errorSchema,
          },
        },
      },
      (request) => log.list(request.query),
    );
  };
}

/** The audit log's reading API. */
export const auditRoutesPlugin = fp(
  async (app) => {
    await app.register(auditPlugin(createAuditLog(app.database)));
  },
  { name: 'audit', dependencies: ['database'], encapsulate: true },
);
