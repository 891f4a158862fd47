import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatSortableTime } from '../../shared/clock';
import { PAGE_SIZE_DEFAULT } from '../../shared/constants';
import { apiNounOf } from '../../shared/content/define';
import { visibleKeys, visibleTo } from '../../shared/content/visibility';
import { listPageSchema } from '../../shared/list-page';
import { errorSchema } from '../http/schemas';
import { createCountCache } from './count-cache';
import { csvRow } from './csv';
import type { ContentHooks } from './hooks';
import { keyScopeFor } from './key-limits';
import { filtersOf, listQuerySchema } from './list-query';
import { draftsOf, publicationOf, withDraft } from './publication-store';
import { asDraftQuery, asVisitorReads, readsDrafts } from './publishing';
import type { ContentRepository, StoredRecord } from './repository';
import { routeContext } from './route-context';

/** Every account's name by id: a user field is exported as the person, not their id. */
export type UserNames = () => Promise<Map<string, string>>;

/**
 * `GET /api/{name}` (a page of `{ data, totalCount }`, or the whole list in its display order) and,
 * for a staff-only paginated list, `GET /api/{name}/export.csv` with the same search and filters.
 */
export function listRoutes(
  repository: ContentRepository,
  hooks: ContentHooks,
  userNames: UserNames,
  timeZone: () => Promise<string>,
): FastifyPluginAsyncZod {
  const { def, schemas, base, tags } = routeContext(repository.def);
  const access = def.access.list;
  const keyScope = keyScopeFor(def, 'read', hooks);
  return async (app) => {
    const query = listQuerySchema(def);
    const filters = (q: Record<string, unknown>, request: Parameters<typeof filtersOf>[2]) =>
      filtersOf(def, q, request, hooks.assigneeField);
    /**
     * The rows as the reader may have them: staff who edit a type with drafts get where each
     * record stands (and, asked `draft=1`, its draft's values); everyone else what is on the site.
     */
    const rowsFor = async (request: FastifyRequest, records: StoredRecord[], q: Record<string, unknown>) => {
      if (!readsDrafts(request, def))
        return records.map((record) => visibleTo(request.user, def, asVisitorReads(record)));
      const drafts = await draftsOf(
        app.database,
        def,
        records.map((record) => record._id),
      );
      const asDraft = asDraftQuery(q.draft);
      return records.map((record) => {
        const draft = drafts.get(record._id) ?? null;
        const values = asDraft ? withDraft(record, draft) : record;
        return { ...visibleTo(request.user, def, values), ...publicationOf(record, draft) };
      });
    };
    const published = (request: FastifyRequest) => !readsDrafts(request, def);

    if (!def.list.paginated) {
      const countOf = createCountCache(app, def.name);
      app.get(
        base,
        {
          config: { access, keyScope },
          schema: {
            tags,
            summary: `List ${def.plural.toLowerCase()} in their display order (all, or one page with \`page\`)`,
            querystring: query,
            response: { 200: z.array(schemas.record), 400: errorSchema },
          },
        },
        async (request, reply) => {
          const q = request.query as Record<string, unknown> & {
            q?: string;
            order?: string;
            page?: number;
            pageSize?: number;
          };
          const listQuery = { q: q.q, filters: filters(q, request), published: published(request) };
          if (q.page === undefined && q.pageSize === undefined)
            return rowsFor(request, await repository.list({ ...listQuery, order: q.order }), q);
          const page = { page: q.page ?? 1, pageSize: q.pageSize ?? PAGE_SIZE_DEFAULT };
          const [records, totalCount] = await Promise.all([
            repository.list({ ...listQuery, order: q.order, ...page }),
            countOf(listQuery, () => repository.count(listQuery)),
          ]);
          reply.header('x-total-count', String(totalCount));
          return rowsFor(request, records, q);
        },
      );
      return;
    }

    const countOf = createCountCache(app, def.name);
    app.get(
      base,
      {
        config: { access, keyScope },
        schema: {
          tags,
          summary: `List ${def.plural.toLowerCase()}, newest first`,
          querystring: query,
          response: { 200: listPageSchema(schemas.record), 400: errorSchema },
        },
      },
      async (request) => {
        const q = request.query as Record<string, unknown> & {
          page: number;
          pageSize: number;
          q?: string;
          order?: string;
        };
        const listQuery = { q: q.q, filters: filters(q, request), published: published(request) };
        const [records, totalCount] = await Promise.all([
          repository.list({ ...listQuery, order: q.order, page: q.page, pageSize: q.pageSize }),
          countOf(listQuery, () => repository.count(listQuery)),
        ]);
        const data = await rowsFor(request, records, q);
        return { data: hooks.listRows ? await hooks.listRows(data, request.user) : data, totalCount };
      },
    );

    if (access === 'public') return;
    app.get(
      `${base}/export.csv`,
      {
        config: { access, keyScope },
        schema: {
          operationId: `export${apiNounOf(def).many}`,
          tags,
          summary: `Download ${def.plural.toLowerCase()} as CSV (same search and filters as the list)`,
          querystring: query.omit({ page: true, pageSize: true }),
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const q = request.query as Record<string, unknown> & { q?: string; order?: string };
        const listQuery = { q: q.q, filters: filters(q, request), order: q.order };
        const keys = visibleKeys(request.user, def);
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${def.name}-${day}.csv"`)
          .header('cache-control', 'no-store');
        const isUser = (key: string) => def.fields[key]?.kind === 'user';
        const names = keys.some(isUser) ? await userNames() : null;
        const zone = await timeZone();
        // A chosen record (the service) by its title, never its slug: looked up once per slug.
        const titles = new Map<string, Promise<string>>();
        const titleOf = (key: string, slug: string) => {
          const field = def.fields[key];
          const referenced = field?.kind === 'reference' ? app.repositories.get(field.to) : undefined;
          if (!referenced) return slug;
          const cacheKey = `${key} ${slug}`;
          let title = titles.get(cacheKey);
          if (!title) {
            title = referenced
              .findBySlug(slug)
              .then((found) => String(found?.[referenced.def.titleField] ?? slug));
            titles.set(cacheKey, title);
          }
          return title;
        };
        const cell = async (record: Record<string, unknown>, key: string) => {
          const value = record[key];
          const kind = def.fields[key]?.kind;
          if (names && kind === 'user' && typeof value === 'string')
            return names.get(value) ?? 'A former staff member';
          if (kind === 'reference' && typeof value === 'string' && value) return titleOf(key, value);
          // Times in the site's zone as a spreadsheet sorts them, never UTC (decision 097).
          if (kind === 'dateTime') return formatSortableTime(value as string | null, zone);
          return value;
        };
        // A record with a public reference (a request's CF-7Q3KX) is found by it: a column added
        // last, so the columns clients already read keep their places.
        const referenced = Boolean(def.intake?.track);
        async function* rows() {
          const head = [
            'Received',
            ...keys.map((key) => def.fields[key]!.label),
            ...(referenced ? ['Reference'] : []),
          ];
          // A byte-order mark makes spreadsheet programs read the file as UTF-8.
          yield `\uFEFF${csvRow(head)}`;
          for (let page = 1; ; page++) {
            const records = await repository.list({ ...listQuery, page, pageSize: 500 });
            for (const record of records)
              yield csvRow([
                formatSortableTime(String(record.createdAt), zone),
                ...(await Promise.all(keys.map((key) => cell(record, key)))),
                ...(referenced ? [record.reference ?? ''] : []),
              ]);
            if (records.length < 500) return;
          }
        }
        return reply.send(Readable.from(rows()));
      },
    );
  };
}
