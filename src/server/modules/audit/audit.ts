import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry, auditEntrySchema } from '../../../shared/audit';
import { describeFailure } from '../../../shared/failure';
import type { Database } from '../../db/client';
import { errorSchema, pageQuery } from '../../http/schemas';
import { awaitBeforeResponse } from '../../plugins/request-work';
import type { ChangeEvent } from '../../types';

/** Field names that never reach the log, even as names of changed fields. */
const SECRET_FIELD = /pass(word)?|secret|token|hash/i;

type Row = Omit<AuditEntry, 'at' | '_id'> & { id: string; at: Date | string };

export function createAuditLog(database: Database) {
  return {
    async write(event: ChangeEvent): Promise<void> {
      const fields = [...new Set(event.fields ?? [])].filter((name) => !SECRET_FIELD.test(name));
      await database.query(
        `insert into audit_log (actor_id, actor_name, action, resource, record_id, fields)
         values ($1, $2, $3, $4, $5, $6::jsonb)`,
        [
          event.actor?._id ?? null,
          event.actor?.username ?? null,
          event.action,
          event.resource,
          String(event.id),
          JSON.stringify(fields),
        ],
      );
    },

    async list(query: { page: number; pageSize: number; resource?: string; action?: string }) {
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (query.resource) conditions.push(`resource = $${params.push(query.resource)}`);
      if (query.action) conditions.push(`action = $${params.push(query.action)}`);
      const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
      const [rows, [total]] = await Promise.all([
        database.query<Row>(
          `select id, at, actor_id as "actorId", actor_name as "actorName", action, resource,
                  record_id as "recordId", fields
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
          fields: Array.isArray(row.fields) ? row.fields : [],
        })),
        totalCount: Number(total?.n ?? 0),
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Record every change event; the request that caused it answers only once the row is stored. */
export function auditPlugin(log: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.events.on('change', (event) => {
      awaitBeforeResponse(
        log.write(event).catch((error: unknown) => {
          app.log.error(
            // A failed insert's message quotes the row (titles people typed): kind and code only.
            { failure: describeFailure(error), event: { ...event, actor: event.actor?._id } },
            'audit log write failed',
          );
        }),
      );
    });

    app.get(
      '/api/audit',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['audit'],
          summary: 'The audit log, newest first: who changed what, and when (field names only)',
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
