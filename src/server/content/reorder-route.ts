import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiNounOf, liveChangeRule } from '../../shared/content/define';
import { reorderSchema } from '../../shared/content/schema';
import { HttpError } from '../errors';
import { errorSchema } from '../http/schemas';
import type { ContentHooks } from './hooks';
import { keyScopeFor } from './key-limits';
import { type ContentRepository, recordName } from './repository';
import { routeContext } from './route-context';

/**
 * `PUT /api/{name}/order`, for a type in the staff's display order: every record, first to last.
 * The order is what visitors see at once (there is no draft of it), so for a type with versions it
 * needs the right to publish, not only to edit (decision 109).
 */
export function reorderRoute(repository: ContentRepository, hooks: ContentHooks): FastifyPluginAsyncZod {
  const { def, schemas, base, tags } = routeContext(repository.def);
  const noun = apiNounOf(def);
  return async (app) => {
    app.put(
      `${base}/order`,
      {
        config: { access: liveChangeRule(def), keyScope: keyScopeFor(def, 'write', hooks) },
        schema: {
          operationId: `reorder${noun.many}`,
          tags,
          summary: `Put the ${def.plural.toLowerCase()} in a new display order: every one, first to last, with the version you saw`,
          body: reorderSchema,
          response: { 200: z.array(schemas.record), 400: errorSchema, 403: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { order } = request.body;
        // One transaction and one audit row: the order is stored whole or not at all.
        return app.changes.write(async (tx) => {
          const records = repository.in(tx);
          const current = await records.list({ forUpdate: true });
          const listed = new Map(order.map((item) => [item._id, item.version]));
          const upToDate =
            listed.size === order.length &&
            current.length === order.length &&
            current.every((record) => listed.get(record._id) === record.version);
          if (!upToDate)
            throw new HttpError(
              409,
              'The list was changed by someone else. Reload it and move the record again.',
              {
                current,
              },
            );
          const byId = new Map(current.map((record) => [record._id, record]));
          const moved = await records.reorder(order.map((item) => item._id));
          await tx.record({
            resource: def.name,
            id: '*',
            action: 'reorder',
            actor: request.user,
            name: def.plural,
            fields: [
              {
                field: 'order',
                before: current.map((record) => recordName(def, record) ?? record._id),
                after: order.map((item) => {
                  const record = byId.get(item._id);
                  return (record && recordName(def, record)) ?? item._id;
                }),
              },
            ],
          });
          return moved;
        });
      },
    );
  };
}
