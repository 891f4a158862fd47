import fp from 'fastify-plugin';
import { schemasFor } from '../../shared/content/schema';
import { confirmEmailSchema } from '../../shared/recovery';
import { PREVIEW_SECRET } from '../content/publication-routes';
import { serverSecret } from '../db/server-secrets';
import { requestFormReader } from '../modules/requests/photo-form';
import { previewTarget } from '../modules/site/preview';
import { registerSsr } from '../plugins/ssr';

export interface PagesOptions {
  /** Serve the web pages: from the build, or through Vite in development. Off for API-only tests. */
  ssr?: false | { dev?: boolean };
  /** The project root holding the web build. */
  root: string;
  /** The clock pages read (a center's "open now"); tests fix it. */
  now?: () => Date;
}

/** The web pages, rendered on the server; and a JSON 404 for unknown API paths, not a page. */
export const pagesPlugin = fp<PagesOptions>(
  async (app, options) => {
    if (!options.ssr) return;
    await registerSsr(app, {
      root: options.root,
      dev: options.ssr.dev,
      site: app.site,
      now: options.now ?? (() => new Date()),
      multipartForms: { '/contact': requestFormReader(app, app.requestPhotos) },
      preview: async (token, page) =>
        previewTarget(
          app.database,
          app.drafted,
          app.site,
          await serverSecret(app.database, PREVIEW_SECRET),
          { token, page },
          new Date(),
        ),
      // What pages take url-encoded: a record anyone may create (the contact request without
      // photos, the subscription), and a mailed link's token (confirm, unsubscribe, new e-mail).
      bodyForms: [
        ...[...app.repositories.values()]
          .filter((repository) => repository.def.access.create === 'public')
          .map((repository) => schemasFor(repository.def).create),
        confirmEmailSchema,
      ],
    });
    app.all(
      '/api/*',
      {
        config: {
          access: 'public',
          // A 404 writes nothing, but its POST is still an anonymous request the limit must cover.
          writeLimit: { bucket: 'unknown-api', max: 120, windowMinutes: 1, message: 'Too many requests.' },
        },
        schema: { hide: true },
      },
      (request, reply) => {
        reply.status(404).send({ error: `Nothing at ${request.method} ${request.url.split('?')[0]}.` });
      },
    );
  },
  { name: 'pages', dependencies: ['site', 'requests', 'repositories', 'settings'], encapsulate: true },
);
