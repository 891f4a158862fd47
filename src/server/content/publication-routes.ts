import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleTo } from '../../shared/content/visibility';
import { secretLink } from '../../shared/secret-links';
import { serverSecret } from '../db/server-secrets';
import { conflict, HttpError, notFound } from '../errors';
import { errorSchema, idParams, pageQuery } from '../http/schemas';
import type { ContentHooks } from './hooks';
import { keyScopeFor } from './key-limits';
import { PREVIEW_LIFETIME_MS, previewToken } from './preview-token';
import { listVersions, readVersion } from './publication-store';
import {
  cancelSchedule,
  type DraftOutcome,
  mayPublish,
  type PublishableRecords,
  type PublishQueue,
  publishNow,
  restoreVersion,
  schedulePublish,
  unpublish,
} from './publishing';
import { routeContext } from './route-context';

/** The name of the key preview links are signed with, in `server_secrets`. */
export const PREVIEW_SECRET = 'preview';

/** The furthest ahead a publish may be scheduled. */
const SCHEDULE_HORIZON_MS = 2 * 366 * 24 * 60 * 60 * 1000;

const publishBody = z.strictObject({
  at: z.iso
    .datetime({ offset: true, error: 'at is a time with its zone, as 2026-12-01T09:00:00+05:00.' })
    .optional(),
  version: z.number().int().min(1).max(2_147_483_647).optional(),
});
const versionParams = idParams.extend({ n: z.coerce.number().int().min(1).max(1_000_000) });
const versionSummary = z.object({
  n: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  fields: z.array(z.string()),
});

/**
 * Where a drafted type's routes are: each record's under `${base}/:id`, or, for the one record of
 * the site's words (decision 110), under `base` itself, with `one` its id and `record` its answer.
 */
export interface PublicationPlace {
  base: string;
  tags: string[];
  label: string;
  record: z.ZodType;
  one?: string;
  /** The declaration whose staff-only fields answers hide: the type's own when absent. */
  declared?: Parameters<typeof visibleTo>[1];
}

/** A content type's place: its records' own paths and answers. */
export function typePlace(repository: PublishableRecords): PublicationPlace {
  const { base, tags, label, schemas } = routeContext(repository.def);
  return { base, tags, label, record: schemas.record };
}

/**
 * The routes of a type declared with `versions` (decision 109): publish a draft now or at a time,
 * call a schedule off, take a record off the site, a preview link, the kept versions and restoring
 * one into the draft. Staff only; what visitors read is the record routes' published rows.
 */
export function publicationRoutes(
  repository: PublishableRecords,
  hooks: ContentHooks,
  queue: () => PublishQueue,
  place: PublicationPlace = typePlace(repository),
): FastifyPluginAsyncZod {
  const { def } = repository;
  const { tags, label } = place;
  const declared = place.declared ?? def;
  const publishRule = def.access.publish ?? def.access.update;
  const write = { keyScope: keyScopeFor(def, 'write', hooks) };
  const noun = label.toLowerCase();
  // A record's routes take its id from the path; the one record's are at the base.
  const base = place.one ? place.base : `${place.base}/:id`;
  const recordParams = place.one ? {} : { params: idParams };
  const nParams = place.one ? versionParams.omit({ id: true }) : versionParams;
  const idOf = (params: unknown) => place.one ?? (params as { id: string }).id;
  return async (app) => {
    const answer = (request: { user: Parameters<typeof visibleTo>[0] }, outcome: DraftOutcome) => {
      if (outcome.kind === 'missing') throw notFound(label);
      if (outcome.kind === 'stale') throw conflict(visibleTo(request.user, declared, outcome.current));
      return visibleTo(request.user, declared, outcome.record);
    };
    const recordAnswers = { 200: place.record, 400: errorSchema, 404: errorSchema, 409: errorSchema };

    app.post(
      `${base}/publish`,
      {
        config: { access: publishRule, ...write },
        schema: {
          tags,
          summary: `Publish a ${noun}'s draft now, or with \`at\` at that time (a new time replaces the old)`,
          ...recordParams,
          body: publishBody,
          response: recordAnswers,
        },
      },
      async (request) => {
        const id = idOf(request.params);
        const { at, version } = request.body;
        const now = new Date();
        const when = at ? new Date(at) : null;
        if (when && when.getTime() - now.getTime() > SCHEDULE_HORIZON_MS)
          throw new HttpError(400, 'Choose a time within the next two years.', {
            fields: { at: 'Choose a time within the next two years.' },
          });
        const actor = request.user;
        const outcome = await app.changes.write((tx) =>
          // A time already past publishes now: a schedule a moment late is meant as now.
          when && when > now
            ? schedulePublish(tx, repository, queue(), { id, at: when, actor, now, expected: version })
            : publishNow(tx, repository, queue(), { id, actor, now, expected: version }),
        );
        return answer(request, outcome);
      },
    );

    app.delete(
      `${base}/publish`,
      {
        config: { access: publishRule, ...write },
        schema: {
          tags,
          summary: `Call off a ${noun}'s scheduled publish; the draft stays`,
          ...recordParams,
          response: recordAnswers,
        },
      },
      async (request) =>
        answer(
          request,
          await app.changes.write((tx) =>
            cancelSchedule(tx, repository, queue(), { id: idOf(request.params), actor: request.user }),
          ),
        ),
    );

    // The site's words are always on the site: they change, they are never taken off.
    if (!place.one)
      app.post(
        `${base}/unpublish`,
        {
          config: { access: publishRule, ...write },
          schema: {
            tags,
            summary: `Take a ${noun} off the site without deleting it; publishing puts it back`,
            ...recordParams,
            response: recordAnswers,
          },
        },
        async (request) =>
          answer(
            request,
            await app.changes.write((tx) =>
              unpublish(tx, repository, { id: idOf(request.params), actor: request.user }),
            ),
          ),
      );

    app.post(
      `${base}/preview`,
      {
        config: { access: def.access.update, ...write },
        schema: {
          tags,
          summary: `A link to the public page with the ${noun}'s draft, for anyone who has it, for one hour`,
          ...recordParams,
          response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), 404: errorSchema },
        },
      },
      async (request, reply) => {
        const record = await repository.findById(idOf(request.params));
        if (!record) throw notFound(label);
        const expires = Date.now() + PREVIEW_LIFETIME_MS;
        const key = await serverSecret(app.database, PREVIEW_SECRET);
        const token = previewToken(key, { type: def.name, id: record._id, expires });
        return reply.header('cache-control', 'no-store').send({
          url: secretLink('preview', token, app.siteOrigin()),
          expiresAt: new Date(expires).toISOString(),
        });
      },
    );

    app.get(
      `${base}/versions`,
      {
        config: { access: def.access.update, ...write },
        schema: {
          tags,
          summary: `The versions a ${noun} was published as, newest first (the last 50 are kept)`,
          ...recordParams,
          querystring: z.strictObject(pageQuery),
          response: {
            200: z.object({ data: z.array(versionSummary), totalCount: z.number().int() }),
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const record = await repository.findById(idOf(request.params));
        if (!record) throw notFound(label);
        return listVersions(app.database, def, record._id, request.query);
      },
    );

    app.get(
      `${base}/versions/:n`,
      {
        config: { access: def.access.update, ...write },
        schema: {
          tags,
          summary: `One published version of a ${noun}, with its values`,
          params: nParams,
          response: {
            200: versionSummary.extend({ values: z.record(z.string(), z.unknown()) }),
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const record = await repository.findById(idOf(request.params));
        const version = record ? await readVersion(app.database, def, record._id, request.params.n) : null;
        if (!version) throw notFound('Version');
        return version;
      },
    );

    app.post(
      `${base}/versions/:n/restore`,
      {
        config: { access: def.access.update, ...write },
        schema: {
          tags,
          summary: `Make a published version the ${noun}'s draft; it goes on the site only when published`,
          params: nParams,
          response: recordAnswers,
        },
      },
      async (request) => {
        const { n } = request.params;
        const id = idOf(request.params);
        const outcome = await app.changes.write((tx) =>
          restoreVersion(tx, repository, {
            id,
            n,
            actor: request.user,
            now: new Date(),
            mayPublish: mayPublish(request, def),
          }),
        );
        if (outcome.kind === 'no-version') throw notFound('Version');
        return answer(request, outcome);
      },
    );
  };
}
