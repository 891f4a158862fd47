import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry, auditEntrySchema } from '../../../shared/audit';
import type { Database } from '../../db/client';
import { errorSchema, pageQuery } from '../../http/schemas';

type Row = Omit<AuditEntry, 'at' | '_id'> & { id: string; at: Date | string };

/** Reading the audit log; rows are written by the change log (change-log.ts) in each write's transaction. */
export function createAuditLog(database: Database) {
  return {
    async list(query: { page: number; pageSize: number; resource?: string; action?: string }) {
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (query.resource) conditions.push(`resource = $${params.push(query.resource)}`);
      if (query.action) conditions.push(`action = $${params.push(query.action)}`);
      const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
      const [rows, [total]] = await Promise.all([
        database.query<Row>(
          `select id, at, actor_id as "actorId", actor_name as "actorName", action, resource,
                  record_id as "recordId", record_name as "recordName", fields, changes
             from audit_log ${where}
            order by at desc, id desc
            limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, query.pageSize, (query.page - 1) * query.pageSize],
        ),
        database.query<{ n: number | string }>(`select count(*) as n from audit_log ${where}`, params),
      ]);
      return {
        data: rows.map(({ id, at, ...row }) => ({
          _id: id,
          at: new Date(at).toISOString(),
          ...row,
          actorId: row.actorId ?? null,
          recordName: row.recordName ?? null,
          fields: Array.isArray(row.fields) ? row.fields : [],
          changes: Array.isArray(row.changes) ? row.changes : [],
        })),
        totalCount: Number(total?.n ?? 0),
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The audit log for admins. */
export function auditPlugin(log: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit',
      {
        config: { access: 'admin' },
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
