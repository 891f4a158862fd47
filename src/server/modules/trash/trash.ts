import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPageSchema } from '../../../shared/list-page';
import { mayCall } from '../../../shared/permissions';
import { trashItemSchema } from '../../../shared/trash';
import { mayPublish, unscheduleTrashed } from '../../content/publishing';
import { recordName } from '../../content/repository';
import type { ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../http/identity';
import { errorSchema, pageQuery } from '../../http/schemas';
import { notForYourRole } from '../../plugins/access';
import { createTrashRepository } from './trash-repository';

/**
 * The trash of every content type: list, restore, purge one or all. Deleting a record anywhere
 * moves it here; the maintenance job purges what has been here longer than the retention period.
 */
export function trashPlugin(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const defs = [...app.repositories.values()].map((repository) => repository.def);
    const names = defs.map((def) => def.name) as [string, ...string[]];
    const trash = createTrashRepository(database, defs);
    const repositoryOf = (resource: string) => {
      const repository = app.repositories.get(resource);
      if (!repository) throw notFound('Content type');
      return repository;
    };
    /** A deleted record comes back only for someone who may delete its kind (the editor no request). */
    const restorableBy = (request: FastifyRequest, resource: string) => {
      const repository = repositoryOf(resource);
      if (!mayCall(request.user?.role, repository.def.access.delete))
        throw new HttpError(403, notForYourRole(request.user?.role ?? 'pending'));
      return repository;
    };
    const resourceParams = z.object({ resource: z.string().max(100), id: z.string().max(100) });

    app.get(
      '/api/trash',
      {
        config: { access: 'trash:read' },
        schema: {
          tags: ['trash'],
          summary: 'Deleted records of every content type, most recently deleted first',
          querystring: z.object({
            ...pageQuery,
            resource: z.enum(names).optional(),
          }),
          response: {
            200: listPageSchema(trashItemSchema),
            400: errorSchema,
          },
        },
      },
      async (request) => trash.list(request.query, (def) => mayCall(request.user?.role, def.access.delete)),
    );

    app.post(
      '/api/trash/:resource/:id/restore',
      {
        config: { access: 'trash:read' },
        schema: {
          operationId: 'restoreTrashedRecord',
          tags: ['trash'],
          summary:
            'Bring a deleted record back, without its schedule; answers the restored record. A published record of a type with drafts comes back off the site unless you may publish it',
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
        const repository = restorableBy(request, resource);
        const { def } = repository;
        // Back on the site only for someone who may put it there (decision 109): anyone else brings
        // a published record back off the site, for an editor to publish.
        const offSite = Boolean(def.versions) && !mayPublish(request, def);
        let record: Awaited<ReturnType<typeof repository.restore>>;
        try {
          record = await app.changes.write(async (tx) => {
            const records = repository.in(tx);
            const before = await records.findById(id, { trashed: true, forUpdate: true });
            const restored = before && (await records.restore(id, { offSite }));
            if (!before || !restored) return null;
            await unscheduleTrashed(tx, def, app.jobs, { record: restored, actor: request.user });
            const cameBackOff = Boolean(before.publishedAt) && !restored.publishedAt;
            await tx.record({
              resource,
              id: restored._id,
              action: 'restore',
              actor: request.user,
              name: recordName(def, restored),
              ...(cameBackOff
                ? { fields: [{ field: 'publishedAt', before: before.publishedAt, after: null }] }
                : {}),
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
        config: { access: 'trash:purge' },
        schema: {
          operationId: 'deleteTrashedRecord',
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
          const purged = await repository.in(tx).purge({ ids: [id] });
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
        config: { access: 'trash:purge' },
        schema: {
          operationId: 'emptyTrash',
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
            const ids = await repository.in(tx).purge({});
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

/** Deleted records, kept for a while and restorable. */
export const trashRoutesPlugin = fp(
  async (app) => {
    await app.register(trashPlugin(app.database));
  },
  { name: 'trash', dependencies: ['database', 'jobs'], encapsulate: true },
);
