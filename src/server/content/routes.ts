import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentTypeDef } from '../../shared/content/define';
import { reorderSchema, schemasFor } from '../../shared/content/schema';
import { visibleKeys, visibleTo } from '../../shared/content/visibility';
import { listPageSchema } from '../../shared/list-page';
import { isApprovedStaff } from '../../shared/roles';
import { fieldChanges } from '../db/change-log';
import { conflict, HttpError, notFound } from '../errors';
import { errorSchema, pageQuery } from '../http/schemas';
import { createCountCache } from './count-cache';
import { csvRow } from './csv';
import { type Intake, intakeLimit, type RecordPhotos } from './intake';
import { type ContentRepository, recordName, type UpdateResult } from './repository';
import { trackPath } from './tracking';

/**
 * The query string a list accepts: search, the declared filters and, when paginated, the page.
 * Nothing else: a key that names any other column (`?password_hash=`, `?sort=`) is a 400 and never
 * reaches SQL (Strapi CVE-2023-22894, CVE-2024-56143).
 */
function listQuerySchema(def: ContentTypeDef) {
  const shape: Record<string, z.ZodType> = { q: z.string().max(200).optional() };
  for (const key of def.list.filters ?? []) {
    const field = def.fields[key];
    shape[key] =
      field?.kind === 'select'
        ? z.enum(field.options as [string, ...string[]]).optional()
        : field?.kind === 'boolean'
          ? z.enum(['true', 'false']).optional()
          : z.string().max(200).optional();
  }
  if (def.list.paginated) Object.assign(shape, pageQuery);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. Allowed: ${Object.keys(shape).join(', ')}.`
        : undefined,
  });
}

const idParams = z.object({ id: z.string().max(100) });
const versionHeader = z.object({ 'if-match': z.string().max(40).optional() });

/** The version a client edited, from the body or an If-Match header (`"3"` or `3`). */
function expectedVersion(body: { version?: number }, ifMatch: string | undefined): number | undefined {
  if (body.version !== undefined) return body.version;
  const match = ifMatch?.match(/^(?:W\/)?"?(\d+)"?$/);
  return match ? Number(match[1]) : undefined;
}

/**
 * The spec's §7 calls for one content type: GET/POST /api/{name}, GET/PUT/DELETE /api/{name}/{id}.
 * Registered once per declaration; nothing here knows which type it serves.
 */
export function contentRoutes(
  def: ContentTypeDef,
  repository: ContentRepository,
  intake: Intake,
  /** The photos of a type whose intake takes them. */
  photos?: RecordPhotos,
): FastifyPluginAsyncZod {
  const withPhotos = def.intake?.photos ? photos : undefined;
  const schemas = schemasFor(def);
  const base = `/api/${def.name}`;
  const tags = [def.plural];
  const label = def.label;

  return async (app) => {
    const query = listQuerySchema(def);
    const filtersOf = (q: Record<string, unknown>) =>
      Object.fromEntries((def.list.filters ?? []).map((key) => [key, q[key] as string | undefined]));

    if (def.list.paginated) {
      const countOf = createCountCache(app, def.name);
      app.get(
        base,
        {
          config: { access: def.access.list },
          schema: {
            tags,
            summary: `List ${def.plural.toLowerCase()}, newest first`,
            querystring: query,
            response: {
              200: listPageSchema(schemas.record),
              400: errorSchema,
            },
          },
        },
        async (request) => {
          const q = request.query as Record<string, unknown> & { page: number; pageSize: number; q?: string };
          const listQuery = { q: q.q, filters: filtersOf(q) };
          const [records, totalCount] = await Promise.all([
            repository.list({ ...listQuery, page: q.page, pageSize: q.pageSize }),
            countOf(listQuery, () => repository.count(listQuery)),
          ]);
          const data = records.map((record) => visibleTo(request.user, def, record));
          if (!withPhotos || !isApprovedStaff(request.user)) return { data, totalCount };
          // A queue row needs only how many photos a request has: one query for the page.
          const counts = await withPhotos.counts(data.map((record) => String(record._id)));
          return {
            data: data.map((record) => ({ ...record, photoCount: counts.get(String(record._id)) ?? 0 })),
            totalCount,
          };
        },
      );
    } else {
      app.get(
        base,
        {
          config: { access: def.access.list },
          schema: {
            tags,
            summary: `List ${def.plural.toLowerCase()} in their display order`,
            querystring: query,
            response: { 200: z.array(schemas.record), 400: errorSchema },
          },
        },
        async (request) => {
          const q = request.query as Record<string, unknown> & { q?: string };
          const records = await repository.list({ q: q.q, filters: filtersOf(q) });
          return records.map((record) => visibleTo(request.user, def, record));
        },
      );
    }

    if (def.list.paginated && def.access.list !== 'public') {
      const exportQuery = query.omit({ page: true, pageSize: true });
      app.get(
        `${base}/export.csv`,
        {
          config: { access: def.access.list },
          schema: {
            tags,
            summary: `Download ${def.plural.toLowerCase()} as CSV (same search and filters as the list)`,
            querystring: exportQuery,
            produces: ['text/csv'],
          },
        },
        async (request, reply) => {
          const q = request.query as Record<string, unknown> & { q?: string };
          const listQuery = { q: q.q, filters: filtersOf(q) };
          const keys = visibleKeys(request.user, def);
          const day = new Date().toISOString().slice(0, 10);
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${def.name}-${day}.csv"`)
            .header('cache-control', 'no-store');
          async function* rows() {
            // A byte-order mark makes spreadsheet programs read the file as UTF-8.
            yield `\uFEFF${csvRow(['Received', ...keys.map((key) => def.fields[key]!.label)])}`;
            for (let page = 1; ; page++) {
              const records = await repository.list({ ...listQuery, page, pageSize: 500 });
              for (const record of records)
                yield csvRow([record.createdAt, ...keys.map((key) => record[key])]);
              if (records.length < 500) return;
            }
          }
          return reply.send(Readable.from(rows()));
        },
      );
    }

    app.get(
      `${base}/:id`,
      {
        config: { access: def.access.read },
        schema: {
          tags,
          summary: `One ${label.toLowerCase()} by id${def.slugFrom ? ' or slug' : ''}`,
          params: idParams,
          response: { 200: schemas.record, 404: errorSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const record =
          (await repository.findById(id)) ?? (def.slugFrom ? await repository.findBySlug(id) : null);
        if (!record) throw notFound(label);
        const answer = visibleTo(request.user, def, record);
        // Photos are shown to staff only, as addresses of a staff-only route.
        if (!withPhotos || !isApprovedStaff(request.user)) return answer;
        return { ...answer, photos: await withPhotos.urls(record._id) };
      },
    );

    app.post(
      base,
      {
        config: { access: def.access.create, writeLimit: intakeLimit(def, app.env) },
        schema: {
          tags,
          summary: `Create a ${label.toLowerCase()}`,
          body: schemas.create,
          response: {
            200: schemas.record,
            // A tracked type's new record comes with the sender's private status page, told once.
            201: def.intake?.track ? schemas.record.extend({ trackUrl: z.string() }) : schemas.record,
            202: z.object({ message: z.string() }),
            400: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await intake(repository, request.body as Record<string, unknown>, {
          ip: request.ip,
          user: request.user,
          countedAtEdge: request.routeOptions.config.writeLimit !== undefined,
        });
        if (result.kind === 'limited') {
          return reply
            .status(429)
            .header('retry-after', String(result.retryAfter))
            .send({ error: result.message });
        }
        // Whether an address is on a private list is nobody's business: new and known get the
        // same status and bytes, never the stored record. It is stored before the answer, so
        // nothing accepted can be lost. Staff who may read the list anyway get the record.
        const { user } = request;
        const mayReadList = isApprovedStaff(user) && (def.access.list !== 'admin' || user.role === 'admin');
        const optIn = def.intake?.doubleOptIn;
        if (optIn && !mayReadList) return reply.status(202).send({ message: optIn.acknowledgement });
        // A duplicate of a unique record is stored once: 200, not 201.
        const answer = visibleTo(request.user, def, result.record);
        if (result.kind === 'existed') return reply.status(200).send(answer);
        const trackUrl = result.trackToken ? trackPath(result.trackToken) : undefined;
        return reply.status(201).send(trackUrl ? { ...answer, trackUrl } : answer);
      },
    );

    app.put(
      `${base}/:id`,
      {
        config: { access: def.access.update },
        schema: {
          tags,
          summary: `Update a ${label.toLowerCase()}; send the version you edited to be told of a conflicting change`,
          params: idParams,
          headers: versionHeader,
          body: schemas.update,
          response: { 200: schemas.record, 400: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const { version, ...values } = request.body as Record<string, unknown> & { version?: number };
        const { id } = request.params;
        const expected = expectedVersion({ version }, request.headers['if-match']);
        const result = await app.changes.write(async (tx): Promise<UpdateResult> => {
          const records = repository.in(tx.db);
          const before = await records.findById(id, { forUpdate: true });
          if (!before) return { kind: 'missing' };
          const outcome = await records.update(id, values, expected);
          if (outcome.kind === 'updated')
            await tx.record({
              resource: def.name,
              id: outcome.record._id,
              action: 'update',
              actor: request.user,
              name: recordName(def, outcome.record),
              fields: fieldChanges(def.fields, before, outcome.record, Object.keys(values)),
            });
          return outcome;
        });
        if (result.kind === 'missing') throw notFound(label);
        if (result.kind === 'stale') throw conflict(visibleTo(request.user, def, result.current));
        return visibleTo(request.user, def, result.record);
      },
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: def.access.delete },
        schema: {
          tags,
          summary: `Move a ${label.toLowerCase()} to the trash (restorable for 30 days)`,
          params: idParams,
          response: { 200: z.object({ ok: z.literal(true), _id: z.string() }), 404: errorSchema },
        },
      },
      async (request) => {
        const record = await app.changes.write(async (tx) => {
          const deleted = await repository.in(tx.db).softDelete(request.params.id);
          if (deleted)
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

    if (def.list.order === 'position') {
      app.put(
        `${base}/order`,
        {
          config: { access: def.access.update },
          schema: {
            tags,
            summary: `Put the ${def.plural.toLowerCase()} in a new display order: every one, first to last, with the version you saw`,
            body: reorderSchema,
            response: { 200: z.array(schemas.record), 400: errorSchema, 409: errorSchema },
          },
        },
        async (request) => {
          const { order } = request.body;
          // One transaction and one audit row: the order is stored whole or not at all.
          return app.changes.write(async (tx) => {
            const records = repository.in(tx.db);
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
    }
  };
}
