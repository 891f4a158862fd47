import type { AuditEntry } from '../../../shared/audit';
import type { Database } from '../../db/client';

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
