import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleTo } from '../../shared/content/visibility';
import { conflict, HttpError, notFound, validationFailed } from '../errors';
import { errorSchema, idParams } from '../http/schemas';
import type { ChoiceCheck } from './choices';
import type { ContentHooks } from './hooks';
import { keyScopeFor, outsideReach } from './key-limits';
import { movedTo } from './publication-store';
import {
  asDraftQuery,
  asVisitorReads,
  mayPublish,
  PUBLISH_REFUSED,
  type PublishQueue,
  readForStaff,
  readsDrafts,
  saveDraft,
  unscheduleTrashed,
} from './publishing';
import { type ContentRepository, recordName } from './repository';
import { routeContext } from './route-context';
import { updateRecord } from './update';

const versionHeader = z.object({ 'if-match': z.string().max(40).optional() });
const draftQuery = z.strictObject({
  draft: z
    .enum(['1', 'true', '0', 'false'], { error: 'draft is 1 (the record as its draft has it) or 0.' })
    .optional(),
});

/**
 * The version a client edited, from the body or an If-Match header (`"3"` or `3`; `*` asks for no
 * check). Any other If-Match (a read's ETag, say) is refused rather than ignored: ignoring it would
 * let an edit the client meant to be conditional overwrite someone else's change.
 */
function expectedVersion(body: { version?: number }, ifMatch: string | undefined): number | undefined {
  if (body.version !== undefined) return body.version;
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = ifMatch.match(/^(?:W\/)?"?(\d+)"?$/);
  if (!match)
    throw new HttpError(
      412,
      'If-Match takes the version the record was read at (its `version`, as "3"), not an ETag.',
    );
  return Number(match[1]);
}

/** `GET`, `PUT` and `DELETE /api/{name}/{id}`: one record read, updated, moved to the trash. */
export function recordRoutes(
  repository: ContentRepository,
  hooks: ContentHooks,
  checkChoices: ChoiceCheck,
  queue: () => PublishQueue,
): FastifyPluginAsyncZod {
  const { def, schemas, base, tags, label } = routeContext(repository.def);
  const readSchema = hooks.read ? schemas.record.extend(hooks.read.shape) : schemas.record;
  const updateSchema = hooks.updateExtras ? schemas.update.extend(hooks.updateExtras) : schemas.update;
  const extraKeys = Object.keys(hooks.updateExtras ?? {});
  return async (app) => {
    app.get(
      `${base}/:id`,
      {
        config: { access: def.access.read, keyScope: keyScopeFor(def, 'read', hooks) },
        schema: {
          tags,
          summary: `One ${label.toLowerCase()} by id${def.slugFrom ? ' or slug' : ''}`,
          params: idParams,
          ...(def.versions ? { querystring: draftQuery } : {}),
          response: { 200: readSchema, 301: z.null(), 404: errorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const staff = readsDrafts(request, def);
        // Visitors read only what is on the site; staff who edit the type read every record.
        const find = { published: !staff };
        const record =
          (await repository.findById(id, find)) ??
          (def.slugFrom ? await repository.findBySlug(id, find) : null);
        if (!record && def.slugFrom) {
          // An address the record had before its slug changed answers with where it is now.
          const moved = await movedTo(app.database, def, id);
          const target = moved ? await repository.findById(moved, find) : null;
          if (target)
            return reply.redirect(`/api/${def.name}/${encodeURIComponent(String(target.slug))}`, 301);
        }
        if (!record || outsideReach(request, hooks.assigneeField, record)) throw notFound(label);
        const query = request.query as { draft?: string };
        const read = staff
          ? await readForStaff(app.database, repository, record, asDraftQuery(query.draft))
          : asVisitorReads(record);
        const answer = visibleTo(request.user, def, read);
        return hooks.read ? { ...answer, ...(await hooks.read.load(record, request.user)) } : answer;
      },
    );

    app.put(
      `${base}/:id`,
      {
        config: { access: def.access.update, keyScope: keyScopeFor(def, 'write', hooks) },
        schema: {
          tags,
          summary: `Update a ${label.toLowerCase()}; send the version you edited to be told of a conflicting change`,
          params: idParams,
          headers: versionHeader,
          body: updateSchema,
          response: {
            200: schemas.record,
            400: errorSchema,
            404: errorSchema,
            409: errorSchema,
            412: errorSchema,
          },
        },
      },
      async (request) => {
        const { version, publish, ...body } = request.body as Record<string, unknown> & {
          version?: number;
          publish?: boolean;
        };
        const extras = Object.fromEntries(extraKeys.map((key) => [key, body[key]]));
        const values = Object.fromEntries(Object.entries(body).filter(([key]) => !extraKeys.includes(key)));
        const { id } = request.params;
        const expected = expectedVersion({ version }, request.headers['if-match']);
        if (def.versions && publish === false) {
          await checkChoices(def, values, await repository.findById(id));
          const outcome = await app.changes.write((tx) =>
            saveDraft(tx, repository, {
              id,
              values,
              expected,
              actor: request.user,
              now: new Date(),
              mayPublish: mayPublish(request, def),
            }),
          );
          if (outcome.kind === 'missing') throw notFound(label);
          if (outcome.kind === 'stale') throw conflict(visibleTo(request.user, def, outcome.current));
          return visibleTo(request.user, def, outcome.record);
        }
        if (!mayPublish(request, def)) throw new HttpError(403, PUBLISH_REFUSED);
        if (def.versions && typeof values.slug === 'string') {
          const holder = await repository.findBySlug(values.slug);
          if (holder && holder._id !== id)
            throw validationFailed({ slug: 'Another record has this address. Choose another.' });
        }
        // Outside the transaction: on PGlite a lookup on the pool would wait for it forever.
        await checkChoices(def, values, await repository.findById(id));
        const result = await updateRecord(app.changes, repository, hooks, {
          id,
          values,
          expected,
          actor: request.user,
          apiKey: request.apiKey,
          extras,
          mayChange: (before) => !outsideReach(request, hooks.assigneeField, before),
        });
        if (result.kind === 'missing') throw notFound(label);
        if (result.kind === 'stale') throw conflict(visibleTo(request.user, def, result.current));
        return visibleTo(request.user, def, result.record);
      },
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: def.access.delete, keyScope: keyScopeFor(def, 'delete', hooks) },
        schema: {
          tags,
          summary: `Move a ${label.toLowerCase()} to the trash (restorable for 30 days)`,
          params: idParams,
          response: { 200: z.object({ ok: z.literal(true), _id: z.string() }), 404: errorSchema },
        },
      },
      async (request) => {
        const record = await app.changes.write(async (tx) => {
          const deleted = await repository.in(tx).softDelete(request.params.id);
          if (!deleted) return null;
          // Off the site with it goes its scheduled publish: a restore must not bring it back.
          await unscheduleTrashed(tx, def, queue(), { record: deleted, actor: request.user });
          await tx.record({
            resource: def.name,
            id: deleted._id,
            action: 'delete',
            actor: request.user,
            name: recordName(def, deleted),
          });
          return deleted;
        });
        if (!record) throw notFound(label);
        return { ok: true as const, _id: record._id };
      },
    );
  };
}
