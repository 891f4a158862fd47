/**
 * The content engine's two plugins that read what modules provide (the choice check of settings,
 * staff names of auth, the hooks of the request and subscriber modules), so they sit on the top floor.
 */
import fp from 'fastify-plugin';
import { siteTimeZone } from '../../shared/clock';
import { createIntake, type Intake } from '../content/intake';
import { PUBLISH_JOB, publishScheduled } from '../content/publishing';
import { contentRoutes } from '../content/routes';
import type { SessionUser } from '../http/identity';

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
    const queue = () => app.jobs;
    const deps = { intake: app.intake, checkChoices: app.checkChoices, userNames, timeZone, queue };
    app.jobs.handle(PUBLISH_JOB, async (tx, job, at) => {
      const repository = app.drafted(String(job.payload.type));
      if (!repository) throw new Error(`No content type with drafts named ${job.payload.type}`);
      // Published under the name of whoever scheduled it, as the audit log shows it.
      const actor = (job.payload.actor ?? null) as SessionUser | null;
      await publishScheduled(tx, repository, app.jobs, {
        id: String(job.payload.id),
        actor,
        // Published at the run's time on the app's clock, as the queue saw it fall due.
        now: at,
      });
    });
    for (const def of app.contentTypes) {
      await app.register(
        contentRoutes(app.repositories.get(def.name)!, deps, app.contentHooks.get(def.name)),
      );
    }
  },
  { name: 'content-routes', dependencies: ['intake', 'auth-store', 'settings', 'jobs'], encapsulate: true },
);
