import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentTypeDef } from '../../../shared/content/define';
import { isUniqueViolation, recordName } from '../../content/repository';
import { errorSchema, pageQuery } from '../../content/routes';
import { columnName } from '../../content/table';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../types';
import type { ChangeTransaction } from '../audit/change-log';

export const trashItemSchema = z.object({
  resource: z.string(),
  id: z.string(),
  title: z.string(),
  deletedAt: z.string(),
  /** Username of whoever moved it to the trash, from the audit log; null when unknown. */
  deletedBy: z.string().nullable(),
});

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const identifier = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** One select over every content type's trashed rows, built from the declarations. */
function trashedRows(defs: readonly ContentTypeDef[]) {
  return defs
    .map(
      (def) =>
        `select ${literal(def.name)} as resource, id::text as id,
                ${identifier(columnName(def.titleField))}::text as title, deleted_at
           from ${identifier(def.table)} where deleted_at is not null`,
    )
    .join('\nunion all\n');
}

/**
 * The trash of every content type: list, restore, purge one or all. Deleting a record anywhere
 * moves it here; the maintenance job purges what has been here longer than the retention period.
 */
export function trashPlugin(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const defs = [...app.repositories.values()].map((repository) => repository.def);
    const names = defs.map((def) => def.name) as [string, ...string[]];
    const repositoryOf = (resource: string) => {
      const repository = app.repositories.get(resource);
      if (!repository) throw notFound('Content type');
      return repository;
    };
    const resourceParams = z.object({ resource: z.string().max(100), id: z.string().max(100) });

    app.get(
      '/api/trash',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['trash'],
          summary: 'Deleted records of every content type, most recently deleted first',
          querystring: z.object({
            ...pageQuery,
            resource: z.enum(names).optional(),
          }),
          response: {
            200: z.object({ data: z.array(trashItemSchema), totalCount: z.number().int() }),
            400: errorSchema,
          },
        },
      },
      async (request) => {
        const { page, pageSize, resource } = request.query;
        const union = trashedRows(resource ? defs.filter((def) => def.name === resource) : defs);
        const [rows, [total]] = await Promise.all([
          database.query<{
            resource: string;
            id: string;
            title: string;
            deleted_at: Date | string;
            deleted_by: string | null;
          }>(
            `select t.resource, t.id, t.title, t.deleted_at, a.actor_name as deleted_by
               from (${union}) t
               left join lateral (
                 select actor_name from audit_log
                  where audit_log.resource = t.resource and audit_log.record_id = t.id and action = 'delete'
                  order by at desc limit 1
               ) a on true
              order by t.deleted_at desc, t.resource, t.id
              limit $1 offset $2`,
            [pageSize, (page - 1) * pageSize],
          ),
          database.query<{ n: number | string }>(`select count(*) as n from (${union}) t`),
        ]);
        return {
          data: rows.map((row) => ({
            resource: row.resource,
            id: row.id,
            title: row.title,
            deletedAt: new Date(row.deleted_at).toISOString(),
            deletedBy: row.deleted_by ?? null,
          })),
          totalCount: Number(total?.n ?? 0),
        };
      },
    );

    app.post(
      '/api/trash/:resource/:id/restore',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['trash'],
          summary: 'Bring a deleted record back; answers the restored record',
          params: resourceParams,
          response: {
            200: z.record(z.string(), z.unknown()),
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request) => {
        const { resource, id } = request.params;
        const repository = repositoryOf(resource);
        let record: Awaited<ReturnType<typeof repository.restore>>;
        try {
          record = await app.changes.write(async (tx) => {
            const restored = await repository.in(tx.db).restore(id);
            if (restored)
              await tx.record({
                resource,
                id: restored._id,
                action: 'restore',
                actor: request.user,
                name: recordName(repository.def, restored),
              });
            return restored;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          const field = repository.def.uniqueField;
          const label = field ? repository.def.fields[field]?.label.toLowerCase() : 'value';
          throw new HttpError(
            409,
            `Another ${repository.def.label.toLowerCase()} with this ${label} exists.`,
          );
        }
        if (!record) throw notFound(`${repository.def.label} in the trash`);
        return record;
      },
    );

    app.delete(
      '/api/trash/:resource/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['trash'],
          summary: 'Delete one record in the trash for good',
          params: resourceParams,
          response: { 200: z.object({ ok: z.literal(true), purged: z.number().int() }), 404: errorSchema },
        },
      },
      async (request) => {
        const { resource, id } = request.params;
        const repository = repositoryOf(resource);
        const ids = await app.changes.write(async (tx) => {
          const purged = await repository.in(tx.db).purge({ ids: [id] });
          await recordPurged(tx, resource, purged, request.user);
          return purged;
        });
        if (ids.length === 0) throw notFound(`${repository.def.label} in the trash`);
        return { ok: true as const, purged: ids.length };
      },
    );

    app.delete(
      '/api/trash',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['trash'],
          summary: 'Empty the trash: delete every record in it for good',
          response: { 200: z.object({ ok: z.literal(true), purged: z.number().int() }) },
        },
      },
      async (request) => {
        // One transaction: the trash is emptied with every audit row, or stays as it was.
        const purged = await app.changes.write(async (tx) => {
          let count = 0;
          for (const repository of app.repositories.values()) {
            const ids = await repository.in(tx.db).purge({});
            await recordPurged(tx, repository.def.name, ids, request.user);
            count += ids.length;
          }
          return count;
        });
        return { ok: true as const, purged };
      },
    );
  };
}

/** Record that the records `ids` of `resource` were deleted for good, in the purge's transaction. */
export async function recordPurged(
  tx: ChangeTransaction,
  resource: string,
  ids: string[],
  actor: SessionUser | null,
) {
  for (const id of ids) await tx.record({ resource, id, action: 'purge', actor });
}
