import fp from 'fastify-plugin';
import type { SiteData } from '../../../shared/site-data';
import { signupStatus } from '../auth/setup-code';
import { seoRoutes } from '../seo/routes';
import { offlineContactRoutes } from './offline-contact-routes';
import { createSiteData } from './site-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** What pages read: public records typed by their declarations, as a visitor sees them. */
    site: SiteData;
  }
}

/** `app.site`: what the pages read and their forms do. */
export const sitePlugin = fp(
  async (app) => {
    app.decorate(
      'site',
      createSiteData(
        app.repositories,
        app.settingsStore,
        app.intake,
        app.contentHooks,
        app.subscriptions.links,
        app.recovery,
        () => signupStatus(app.database, app.settingsStore),
        app.database,
      ),
    );
  },
  { name: 'site', dependencies: ['repositories', 'settings', 'intake', 'subscriptions', 'recovery'] },
);

/** The sitemap, robots.txt and feeds; the numbers pages read offline show. */
export const seoPlugin = fp(
  async (app) => {
    await app.register(seoRoutes(app.site));
    await app.register(offlineContactRoutes(app.site));
  },
  { name: 'seo', dependencies: ['site'], encapsulate: true },
);

export const sitePlugins = [sitePlugin, seoPlugin];
