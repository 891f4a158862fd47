import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChoiceCheck } from './choices';
import { createRoute } from './create-route';
import type { ContentHooks } from './hooks';
import type { Intake } from './intake';
import { listRoutes, type UserNames } from './list-routes';
import { publicationRoutes } from './publication-routes';
import type { PublishQueue } from './publishing';
import { recordRoutes } from './record-routes';
import { reorderRoute } from './reorder-route';
import type { ContentRepository } from './repository';

/** What the routes need besides the type's repository, handed in by app.ts. */
export interface ContentRouteDeps {
  intake: Intake;
  checkChoices: ChoiceCheck;
  userNames: UserNames;
  /** The site's time zone: the CSV's times are written in it (decision 097). */
  timeZone(): Promise<string>;
  /** Where scheduled publishes wait: the site's job queue. */
  queue(): PublishQueue;
}

/**
 * The spec's §7 calls for one content type: GET/POST /api/{name}, GET/PUT/DELETE /api/{name}/{id}.
 * Registered once per declaration; nothing here knows which type it serves: what a type adds comes
 * in through its hooks (content/hooks.ts), its own routes included.
 */
export function contentRoutes(
  repository: ContentRepository,
  deps: ContentRouteDeps,
  hooks: ContentHooks = {},
): FastifyPluginAsyncZod {
  const { def } = repository;
  // A publish writes the draft's values itself (content/publishing.ts), past updateRecord and so
  // past this hook: a type with drafts cannot also have one, or some of its changes would go unheard.
  if (def.versions && hooks.afterUpdate)
    throw new Error(`${def.name}: a type with versions cannot have an afterUpdate hook (decision 109)`);
  return async (app) => {
    await app.register(listRoutes(repository, hooks, deps.userNames, deps.timeZone));
    await app.register(recordRoutes(repository, hooks, deps.checkChoices, deps.queue));
    await app.register(createRoute(repository, hooks, deps.intake));
    if (def.list.order === 'position') await app.register(reorderRoute(repository, hooks));
    if (def.versions) await app.register(publicationRoutes(repository, hooks, deps.queue));
    if (hooks.routes) await app.register(hooks.routes);
  };
}
