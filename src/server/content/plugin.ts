import fp from 'fastify-plugin';
import { contentTypes } from '../../shared/content/types';
import { type ContentRepository, createContentRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each declared content type's records, by type name. */
    repositories: ReadonlyMap<string, ContentRepository>;
  }
}

/** `app.repositories`: one repository per content-type declaration. */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate(
      'repositories',
      new Map(contentTypes.map((def) => [def.name, createContentRepository(app.database.db, def)])),
    );
  },
  { name: 'repositories', dependencies: ['database'] },
);
