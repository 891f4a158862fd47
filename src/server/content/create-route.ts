import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleTo } from '../../shared/content/visibility';
import { mayCall } from '../../shared/permissions';
import { HttpError, tooManyRequests } from '../errors';
import { clientNetwork } from '../http/client-network';
import { errorSchema } from '../http/schemas';
import type { ContentHooks } from './hooks';
import { type Intake, intakeLimit, submitterFor } from './intake';
import { keyScopeFor } from './key-limits';
import { publicationOf } from './publication-store';
import { mayPublish, PUBLISH_REFUSED } from './publishing';
import type { ContentRepository } from './repository';
import { routeContext } from './route-context';
import { trackPath } from './tracking';

/** `POST /api/{name}`: a new record, through intake's safeguards like the page forms' records. */
export function createRoute(
  repository: ContentRepository,
  hooks: ContentHooks,
  intake: Intake,
): FastifyPluginAsyncZod {
  const { def, schemas, base, tags, label } = routeContext(repository.def);
  const submit = submitterFor(repository, hooks, intake);
  return async (app) => {
    app.post(
      base,
      {
        config: {
          access: def.access.create,
          writeLimit: intakeLimit(def, app.env),
          keyScope: keyScopeFor(def, 'create', hooks),
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
        const { publish, ...body } = request.body as Record<string, unknown> & { publish?: boolean };
        // A type with drafts: `publish: false` stores the record off the site (decision 109);
        // otherwise it goes on the site at once, which needs the right to publish.
        if (def.versions && publish === false) body.publishedAt = null;
        else if (!mayPublish(request, def)) throw new HttpError(403, PUBLISH_REFUSED);
        const result = await submit(body, {
          ip: clientNetwork(request),
          user: request.user,
          countedAtEdge: request.routeOptions.config.writeLimit !== undefined,
        });
        if (result.kind === 'limited') throw tooManyRequests(result.message, result.retryAfter);
        // Whether an address is on a private list is nobody's business: new and known get the
        // same status and bytes, never the stored record. It is stored before the answer, so
        // nothing accepted can be lost. Staff who may read the list anyway get the record.
        const { user } = request;
        const mayReadList = mayCall(user?.role, def.access.list) && def.access.list !== 'public';
        const optIn = def.intake?.doubleOptIn;
        if (optIn && !mayReadList) return reply.status(202).send({ message: optIn.acknowledgement });
        // A duplicate of a unique record is stored once: 200, not 201.
        const stored = def.versions
          ? { ...result.record, ...publicationOf(result.record, null) }
          : result.record;
        const answer = visibleTo(request.user, def, stored);
        if (result.kind === 'existed') return reply.status(200).send(answer);
        const trackUrl = result.trackToken ? trackPath(result.trackToken) : undefined;
        return reply.status(201).send(trackUrl ? { ...answer, trackUrl } : answer);
      },
    );
  };
}
