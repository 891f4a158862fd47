import fp from 'fastify-plugin';
import { siteWords } from '../../../shared/content/settings';
import { takesRequests } from '../../../shared/permissions';
import { type ChoiceCheck, createChoiceCheck } from '../../content/choices';
import type { PublishableRecords } from '../../content/publishing';
import { goLiveRoutes } from '../go-live/routes';
import { settingsRoutes } from './routes';
import { siteWordsRecords } from './site-words';
import { createSettingsStore, type SettingsStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's settings (company details, two-factor policy, notification choices). */
    settingsStore: SettingsStore;
    /** Whether a chosen record or staff member exists: settings, requests and records refer to them. */
    checkChoices: ChoiceCheck;
    /**
     * The records of a drafted type by its name, for what finds them by name (the queue's scheduled
     * publish, a preview link): a content type's repository, or the site's words (decision 110).
     */
    drafted: (type: string) => PublishableRecords | undefined;
  }
}

/** `app.settingsStore` and `app.checkChoices`. */
export const settingsPlugin = fp(
  async (app) => {
    app.decorate('settingsStore', createSettingsStore(app.database));
    const repositories = app.repositories;
    const words = siteWordsRecords(app.database);
    app.decorate('drafted', (type: string) =>
      type === siteWords.name
        ? words
        : repositories.get(type)?.def.versions
          ? repositories.get(type)
          : undefined,
    );
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
    await app.register(settingsRoutes(app.settingsStore, app.checkChoices, () => app.jobs));
    await app.register(goLiveRoutes(app.settingsStore));
  },
  { name: 'settings-routes', dependencies: ['settings', 'jobs'], encapsulate: true },
);

export const settingsPlugins = [settingsPlugin, settingsRoutesPlugin];
