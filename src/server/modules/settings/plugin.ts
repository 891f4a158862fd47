import fp from 'fastify-plugin';
import { takesRequests } from '../../../shared/permissions';
import { type ChoiceCheck, createChoiceCheck } from '../../content/choices';
import { goLiveRoutes } from '../go-live/routes';
import { settingsRoutes } from './routes';
import { createSettingsStore, type SettingsStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's settings (company details, two-factor policy, notification choices). */
    settingsStore: SettingsStore;
    /** Whether a chosen record or staff member exists: settings, requests and records refer to them. */
    checkChoices: ChoiceCheck;
  }
}

/** `app.settingsStore` and `app.checkChoices`. */
export const settingsPlugin = fp(
  async (app) => {
    app.decorate('settingsStore', createSettingsStore(app.database));
    const repositories = app.repositories;
    app.decorate(
      'checkChoices',
      createChoiceCheck({
        // A reference names a record on the site: a draft or a record taken off is no choice, for
        // a visitor's form (whose answer would tell it exists) or a page that would link to it.
        hasSlug: async (type, slug) =>
          Boolean(await repositories.get(type)?.findBySlug(slug, { published: true })),
        hasId: async (type, id) => Boolean(await repositories.get(type)?.findById(id, { published: true })),
        isApprovedStaff: async (id) => {
          const user = await app.authStore.findUserById(id);
          return takesRequests(user) && !user?.deactivatedAt;
        },
      }),
    );
  },
  { name: 'settings', dependencies: ['database', 'repositories', 'auth-store'] },
);

/** The settings screen's API and the go-live checklist. */
export const settingsRoutesPlugin = fp(
  async (app) => {
    await app.register(settingsRoutes(app.settingsStore, app.checkChoices));
    await app.register(goLiveRoutes(app.settingsStore));
  },
  { name: 'settings-routes', dependencies: ['settings'], encapsulate: true },
);

export const settingsPlugins = [settingsPlugin, settingsRoutesPlugin];
