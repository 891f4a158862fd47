/**
 * The content engine's two plugins that read what modules provide (the choice check of settings,
 * staff names of auth, the hooks of the request and subscriber modules), so they sit on the top floor.
 */
import fp from 'fastify-plugin';
import { siteTimeZone } from '../../shared/clock';
import { createIntake, type Intake } from '../content/intake';
import { contentRoutes } from '../content/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a visitor's new record goes through: limits, honeypot, checks, the type's hooks. */
    intake: Intake;
  }
}

/** `app.intake`: records that visitors send (requests, subscribers) come in through it. */
export const intakePlugin = fp(
  async (app) => {
    app.decorate(
      'intake',
      createIntake(app, {
        checkChoices: app.checkChoices,
        hooks: app.contentHooks,
        sealTrackToken: async (token) => (await app.secretBox())?.seal(token) ?? null,
      }),
    );
  },
  { name: 'intake', dependencies: ['env', 'database', 'repositories', 'settings', 'secret-box'] },
);

/** Every served type's API: the generic routes, with what its module's hooks add. */
export const contentRoutesPlugin = fp(
  async (app) => {
    const userNames = async () =>
      new Map((await app.authStore.listUsers()).map((user) => [user._id, user.name]));
    const timeZone = async () => siteTimeZone((await app.settingsStore.get()).timeZone);
    const deps = { intake: app.intake, checkChoices: app.checkChoices, userNames, timeZone };
    for (const def of app.contentTypes) {
      await app.register(
        contentRoutes(app.repositories.get(def.name)!, deps, app.contentHooks.get(def.name)),
      );
    }
  },
  { name: 'content-routes', dependencies: ['intake', 'auth-store', 'settings'], encapsulate: true },
);
