import type { FastifyInstance } from 'fastify';
import { secretLink } from '../shared/secret-links';
import { buildApp } from './app';
import type { Database } from './db/client';
import { type Env, loadEnv } from './env';
import { openLocalChannel } from './local-channel/server';
import { currentSetupCode } from './modules/auth/setup-code';
import { seedDemoInto } from './modules/demo/seed';
import { PRIVATE_UMASK } from './private-files.mjs';
import { acquireSiteLock } from './site-lock.mjs';

export interface StartOptions {
  dev?: boolean;
  /** The environment, when the caller has read it already. */
  env?: Env;
  /** The embedded database, when the caller began opening it (main.ts); closed at shutdown. */
  database?: Promise<Database>;
}

/** Build the app, seed an empty site, listen, and shut down gracefully on SIGTERM/SIGINT. */
export async function startServer(options: StartOptions = {}): Promise<FastifyInstance> {
  const env = options.env ?? loadEnv();
  // The data folder's files are their owner's alone, including those PGlite writes (main.ts sets
  // it first; `npm run dev` starts here).
  process.umask(PRIVATE_UMASK);
  // Held before anything is written: a second process on the same folder would corrupt it (opening
  // the embedded database takes the same lock, so main.ts opening it earlier is covered too).
  const lock = env.DATABASE_URL ? null : acquireSiteLock(env.DATA_DIR);
  // The slow steps of a first start, one short line each, for whoever watches the console; how
  // long each took goes into the ready log line.
  const steps: { step: string; at: number }[] = [];
  const announce = (step: string) => {
    steps.push({ step, at: performance.now() });
    console.info(step);
  };
  const database = await options.database;
  const app = await buildApp({ env, database, ssr: { dev: options.dev }, announce });
  // A database the app was handed is the app's to close all the same.
  if (database) app.addHook('onClose', () => database.close());
  if (env.SEED_DEMO) {
    const seeded = await seedDemoInto(app, announce);
    if (seeded) app.log.info('seeded demo content into the empty database');
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  lock?.setUrl(url);
  // The operator's way in to a running embedded site (reset links, backups): no HTTP, no token.
  const channel = lock
    ? await openLocalChannel(app, env.DATA_DIR).catch((error: unknown) => {
        // The site works without it (a socket path too long for the system, say); only the
        // operator's commands need it, and they say so.
        app.log.warn({ err: error }, 'the local channel (DATA_DIR/site.sock) could not be opened');
        return null;
      })
    : null;
  const origin = app.siteOrigin();
  // Counted from the process's start (performance's time origin), so that the figure includes
  // loading the server and, at a first start, building it: the wait a person sees.
  const readyAt = performance.now();
  const stepMs = Object.fromEntries(
    steps.map(({ step, at }, i) => [
      step.replace(/ \(.*$|\.\.\.$/, ''),
      Math.round((steps[i + 1]?.at ?? readyAt) - at),
    ]),
  );
  app.log.info({ ms: Math.round(readyAt), steps: stepMs, database: app.database.kind, origin }, 'ready');
  // Links in pages, the sitemap and e-mails name this origin; say which one when nobody chose it.
  const originLine = env.PUBLIC_URL
    ? `  Public address: ${origin}\n`
    : `  Public address: ${origin} (assumed: PUBLIC_URL is not set; links in pages, the sitemap and e-mails use it)\n`;
  // Until an admin exists, every instance prints the same claim link; after that only the login.
  const setupCode = await currentSetupCode(app.database, env.SETUP_CODE);
  const staffLine = setupCode
    ? `  Claim this site: open ${secretLink('setup', setupCode, env.PUBLIC_URL ? origin : url)} to create the admin account (the code works once)\n`
    : `  Staff area: ${url}/login\n`;
  const seconds = (readyAt / 1000).toFixed(1);
  console.info(
    `Site ready at ${url}  (database: ${app.database.kind === 'pglite' ? `embedded, ${env.DATA_DIR}` : 'PostgreSQL'}; started in ${seconds} s; Ctrl+C stops it)\n` +
      staffLine +
      originLine +
      `  API docs: ${url}/api/docs`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      await channel?.close();
      await app.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return app;
}
