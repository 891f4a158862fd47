import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyScope, apiKeyMessages } from '../../shared/api-keys';
import { apiNounOf, type ContentTypeDef } from '../../shared/content/define';
import { reorderSchema, schemasFor } from '../../shared/content/schema';
import { visibleKeys, visibleTo } from '../../shared/content/visibility';
import { type RequestActivity, requestActivityShape } from '../../shared/lead-desk';
import { listPageSchema } from '../../shared/list-page';
import { isApprovedStaff } from '../../shared/roles';
import { type ChangeTransaction, fieldChanges } from '../db/change-log';
import { conflict, HttpError, notFound, tooManyRequests } from '../errors';
import type { SessionUser } from '../http/identity';
import { errorSchema, pageQuery } from '../http/schemas';
import type { ChoiceCheck } from './choices';
import { createCountCache } from './count-cache';
import { csvRow } from './csv';
import { type Intake, intakeLimit, type RecordPhotos } from './intake';
import { type ContentRepository, NONE, recordName, type StoredRecord, type UpdateResult } from './repository';
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
          : field?.kind === 'user'
            ? z
                .union([z.uuid(), z.literal(ME), z.literal(NONE)], {
                  error: `${field.label} must be a staff member's id, ${ME} or ${NONE}.`,
                })
                .optional()
            : field?.kind === 'reference' && field.by === 'id'
              ? // An id column compares only with an id: anything else is the client's 400, not SQL's error.
                z
                  .union([z.uuid(), z.literal(NONE)], {
                    error: `${field.label} must be the id of a ${field.to} or ${NONE}.`,
                  })
                  .optional()
              : z.string().max(200).optional();
  }
  const orders = Object.keys(def.list.orders ?? {});
  if (orders.length > 0)
    shape.order = z
      .enum(orders as [string, ...string[]], { error: `order must be one of: ${orders.join(', ')}.` })
      .optional()
      .describe(
        Object.entries(def.list.orders ?? {})
          .map(([name, order]) => `${name}: ${order.summary}`)
          .join('; '),
      );
  if (def.list.paginated) Object.assign(shape, pageQuery);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. Allowed: ${Object.keys(shape).join(', ')}.`
        : undefined,
  });
}

/** A user filter's value for the caller: `?assignee=me`. */
const ME = 'me';

/** What a route of a type does, as far as an API key's scopes go. */
type Operation = 'read' | 'write' | 'create' | 'delete';

/**
 * The scope an API key needs for an operation on a type, derived from its declaration (decision
 * 081): public content is `content:*`; the lead desk's requests are read with `leads:read` and
 * worked on with `leads:write`, never created (that is the visitors' door) or deleted; anything
 * else staff-only (subscribers) takes no key at all.
 */
export function keyScopeFor(def: ContentTypeDef, operation: Operation): ApiKeyScope | undefined {
  if (def.desk)
    return operation === 'read' ? 'leads:read' : operation === 'write' ? 'leads:write' : undefined;
  if (def.access.list === 'public' && def.access.read === 'public')
    return operation === 'read' ? 'content:read' : 'content:write';
  return undefined;
}

/**
 * The field naming whom a desk request is assigned to: a key limited to a staff member sees only
 * the requests in it (its user field).
 */
export function assigneeFieldOf(def: ContentTypeDef): string | undefined {
  if (!def.desk) return undefined;
  return Object.keys(def.fields).find((key) => def.fields[key]?.kind === 'user');
}

/**
 * Whether a record is outside what the request's API key may see: a key limited to a staff member
 * reaches only the desk requests assigned to them; on anything else the limit changes nothing.
 */
export function outsideKeyLimit(
  request: FastifyRequest,
  def: ContentTypeDef,
  record: Record<string, unknown>,
): boolean {
  const userId = request.apiKey?.userId;
  const field = assigneeFieldOf(def);
  return Boolean(userId && field && record[field] !== userId);
}

const idParams = z.object({ id: z.string().max(100) });
const versionHeader = z.object({ 'if-match': z.string().max(40).optional() });

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

/** An update as the lead desk hears of it, inside the update's transaction. */
export interface StageChange {
  def: ContentTypeDef;
  /** The type's repository bound to the transaction. */
  records: ContentRepository;
  before: StoredRecord;
  after: StoredRecord;
  actor: SessionUser | null;
  /** The client's choice; absent means the declaration's default for the new stage. */
  notifyCustomer?: boolean;
}

/** What the routes need from the modules app.ts hands in, described here by shape. */
export interface ContentRouteHooks {
  checkChoices: ChoiceCheck;
  /** Every account's name by id: a user field is exported as the person, not their id. */
  userNames(): Promise<Map<string, string>>;
  /** The lead desk (modules/leads), for types that declare `desk`. */
  desk?: {
    /** What a single record's answer adds: its notes and history. */
    activityOf(id: string): Promise<RequestActivity>;
    /** Inside an update's transaction, after the row changed: a stage change's history and mail. */
    afterUpdate(tx: ChangeTransaction, change: StageChange): Promise<{ mailed: boolean }>;
    nudge(): void;
  };
  /** The photos of a type whose intake takes them. */
  photos?: RecordPhotos;
}

/**
 * The spec's §7 calls for one content type: GET/POST /api/{name}, GET/PUT/DELETE /api/{name}/{id}.
 * Registered once per declaration; nothing here knows which type it serves.
 */
export function contentRoutes(
  def: ContentTypeDef,
  repository: ContentRepository,
  intake: Intake,
  hooks: ContentRouteHooks,
): FastifyPluginAsyncZod {
  const withPhotos = def.intake?.photos ? hooks.photos : undefined;
  const schemas = schemasFor(def);
  const base = `/api/${def.name}`;
  const tags = [def.plural];
  const label = def.label;
  const noun = apiNounOf(def);

  const desk = def.desk ? hooks.desk : undefined;
  // One record is answered with its notes and history where the desk keeps them.
  const readSchema = desk ? schemas.record.extend(requestActivityShape) : schemas.record;

  return async (app) => {
    const query = listQuerySchema(def);
    const assigneeField = assigneeFieldOf(def);
    const filtersOf = (q: Record<string, unknown>, request: FastifyRequest) => {
      const { user, apiKey } = request;
      const filters = Object.fromEntries(
        (def.list.filters ?? []).map((key) => {
          const value = q[key] as string | undefined;
          if (value !== ME || def.fields[key]?.kind !== 'user') return [key, value];
          // `me` is whoever asks; staff-only lists have someone asking. A key limited to nobody is nobody.
          if (apiKey && !apiKey.userId) throw new HttpError(400, apiKeyMessages.meWithoutUser);
          return [key, user?._id ?? NONE];
        }),
      );
      // A key limited to a staff member lists their requests, whatever the query asks.
      if (apiKey?.userId && assigneeField) filters[assigneeField] = apiKey.userId;
      return filters;
    };

    if (def.list.paginated) {
      const countOf = createCountCache(app, def.name);
      app.get(
        base,
        {
          config: { access: def.access.list, keyScope: keyScopeFor(def, 'read') },
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
          const q = request.query as Record<string, unknown> & {
            page: number;
            pageSize: number;
            q?: string;
            order?: string;
          };
          const listQuery = { q: q.q, filters: filtersOf(q, request) };
          const [records, totalCount] = await Promise.all([
            repository.list({ ...listQuery, order: q.order, page: q.page, pageSize: q.pageSize }),
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
          config: { access: def.access.list, keyScope: keyScopeFor(def, 'read') },
          schema: {
            tags,
            summary: `List ${def.plural.toLowerCase()} in their display order`,
            querystring: query,
            response: { 200: z.array(schemas.record), 400: errorSchema },
          },
        },
        async (request) => {
          const q = request.query as Record<string, unknown> & { q?: string; order?: string };
          const records = await repository.list({
            q: q.q,
            filters: filtersOf(q, request),
            order: q.order,
          });
          return records.map((record) => visibleTo(request.user, def, record));
        },
      );
    }

    if (def.list.paginated && def.access.list !== 'public') {
      const exportQuery = query.omit({ page: true, pageSize: true });
      app.get(
        `${base}/export.csv`,
        {
          config: { access: def.access.list, keyScope: keyScopeFor(def, 'read') },
          schema: {
            operationId: `export${noun.many}`,
            tags,
            summary: `Download ${def.plural.toLowerCase()} as CSV (same search and filters as the list)`,
            querystring: exportQuery,
            produces: ['text/csv'],
          },
        },
        async (request, reply) => {
          const q = request.query as Record<string, unknown> & { q?: string; order?: string };
          const listQuery = { q: q.q, filters: filtersOf(q, request), order: q.order };
          const keys = visibleKeys(request.user, def);
          const day = new Date().toISOString().slice(0, 10);
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${def.name}-${day}.csv"`)
            .header('cache-control', 'no-store');
          const names = keys.some((key) => def.fields[key]?.kind === 'user') ? await hooks.userNames() : null;
          const cell = (record: Record<string, unknown>, key: string) => {
            const value = record[key];
            return names && def.fields[key]?.kind === 'user' && typeof value === 'string'
              ? (names.get(value) ?? 'A former staff member')
              : value;
          };
          async function* rows() {
            // A byte-order mark makes spreadsheet programs read the file as UTF-8.
            yield `\uFEFF${csvRow(['Received', ...keys.map((key) => def.fields[key]!.label)])}`;
            for (let page = 1; ; page++) {
              const records = await repository.list({ ...listQuery, page, pageSize: 500 });
              for (const record of records)
                yield csvRow([record.createdAt, ...keys.map((key) => cell(record, key))]);
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
        config: { access: def.access.read, keyScope: keyScopeFor(def, 'read') },
        schema: {
          tags,
          summary: `One ${label.toLowerCase()} by id${def.slugFrom ? ' or slug' : ''}`,
          params: idParams,
          response: { 200: readSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const record =
          (await repository.findById(id)) ?? (def.slugFrom ? await repository.findBySlug(id) : null);
        if (!record || outsideKeyLimit(request, def, record)) throw notFound(label);
        const answer = visibleTo(request.user, def, record);
        const withActivity = desk ? { ...answer, ...(await desk.activityOf(record._id)) } : answer;
        // Photos are shown to staff only, as addresses of a staff-only route.
        if (!withPhotos || !isApprovedStaff(request.user)) return withActivity;
        return { ...withActivity, photos: await withPhotos.urls(record._id) };
      },
    );

    app.post(
      base,
      {
        config: {
          access: def.access.create,
          writeLimit: intakeLimit(def, app.env),
          keyScope: keyScopeFor(def, 'create'),
        },
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
        if (result.kind === 'limited') throw tooManyRequests(result.message, result.retryAfter);
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
        config: { access: def.access.update, keyScope: keyScopeFor(def, 'write') },
        schema: {
          tags,
          summary: `Update a ${label.toLowerCase()}; send the version you edited to be told of a conflicting change`,
          params: idParams,
          headers: versionHeader,
          body: schemas.update,
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
        const { version, notifyCustomer, ...values } = request.body as Record<string, unknown> & {
          version?: number;
          notifyCustomer?: boolean;
        };
        const { id } = request.params;
        const expected = expectedVersion({ version }, request.headers['if-match']);
        // Outside the transaction: on PGlite a lookup on the pool would wait for it forever.
        await hooks.checkChoices(def, values, await repository.findById(id));
        let mailed = false;
        const result = await app.changes.write(async (tx): Promise<UpdateResult> => {
          const records = repository.in(tx.db);
          const before = await records.findById(id, { forUpdate: true });
          if (!before || outsideKeyLimit(request, def, before)) return { kind: 'missing' };
          const outcome = await records.update(id, values, expected);
          if (outcome.kind !== 'updated') return outcome;
          await tx.record({
            resource: def.name,
            id: outcome.record._id,
            action: 'update',
            actor: request.user,
            name: recordName(def, outcome.record),
            fields: fieldChanges(def.fields, before, outcome.record, Object.keys(values)),
          });
          if (!desk) return outcome;
          const after = outcome.record;
          ({ mailed } = await desk.afterUpdate(tx, {
            def,
            records,
            before,
            after,
            actor: request.user,
            notifyCustomer,
          }));
          // The desk may have stamped the first response: answer the record as stored.
          return { kind: 'updated', record: (await records.findById(id)) ?? after };
        });
        if (mailed) desk?.nudge();
        if (result.kind === 'missing') throw notFound(label);
        if (result.kind === 'stale') throw conflict(visibleTo(request.user, def, result.current));
        return visibleTo(request.user, def, result.record);
      },
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: def.access.delete, keyScope: keyScopeFor(def, 'delete') },
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
          config: { access: def.access.update, keyScope: keyScopeFor(def, 'write') },
          schema: {
            operationId: `reorder${noun.many}`,
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
