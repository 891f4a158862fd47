import fp from 'fastify-plugin';
import type { ContentTypeDef } from '../../shared/content/define';
import { contentTypes } from '../../shared/content/types';
import type { ContentHookRegistry } from './hooks';
import { type ContentRepository, createContentRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content types this application serves: the declared ones, and a test's extra ones. */
    contentTypes: readonly ContentTypeDef[];
    /** Each served content type's records, by type name. */
    repositories: ReadonlyMap<string, ContentRepository>;
    /**
     * What modules add to a type's generic routes (content/hooks.ts), by type name: filled by the
     * modules' application-wide plugins, read when the routes register, which is after all of them.
     */
    contentHooks: ContentHookRegistry;
  }
}

export interface RepositoriesOptions {
  /** Types served beside the declared ones: a test's type whose table the test creates. */
  extraTypes?: readonly ContentTypeDef[];
}

/** `app.contentTypes`, `app.repositories` (one per served type) and the empty `app.contentHooks`. */
export const repositoriesPlugin = fp<RepositoriesOptions>(
  async (app, options) => {
    const served = [...contentTypes, ...(options.extraTypes ?? [])];
    app.decorate('contentTypes', served);
    app.decorate(
      'repositories',
      new Map(served.map((def) => [def.name, createContentRepository(app.database, def)])),
    );
    app.decorate('contentHooks', new Map());
  },
  { name: 'repositories', dependencies: ['database'] },
);
