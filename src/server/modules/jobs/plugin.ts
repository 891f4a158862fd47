import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from './queue';
import { jobRoutes } from './routes';
import { createJobStore } from './store';

export type { Job, JobHandler, JobQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's one job queue: work scheduled in a write's transaction and run once when due. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  /** The clock jobs fall due by; tests move it instead of waiting. */
  now?: () => Date;
  /** How often to look for due jobs (tests shorten it). */
  pollMs?: number;
}

/**
 * `app.jobs`. Handlers are registered while plugins load, so the first look for due jobs is at
 * ready, when every kind has its handler; the timer stops, and the pass under way ends, on close.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    const { queue, start, stop } = createJobQueue({
      database: app.database,
      changes: app.changes,
      log: app.log,
      now: options.now ?? (() => new Date()),
      pollMs: options.pollMs,
    });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => start());
    app.addHook('onClose', async () => stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);

/** The jobs' list for admins. */
export const jobRoutesPlugin = fp(
  async (app) => {
    await app.register(jobRoutes(createJobStore(app.database)));
  },
  { name: 'job-routes', dependencies: ['database'], encapsulate: true },
);
