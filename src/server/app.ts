import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupPlugin } from './backup/routes';
import { repositoriesPlugin } from './content/plugin';
import type { Database } from './db/client';
import { databasePlugin } from './db/plugin';
import { type Env, envPlugin } from './env';
import { type PluginEntry, registerPlugins, withOptions } from './http/plugin-order';
import { serverOptions } from './http/server-options';
import { auditRoutesPlugin } from './modules/audit/audit';
import * as auth from './modules/auth/plugin';
import { clusterPlugin } from './modules/cluster';
import { mailOutboxPlugin } from './modules/mail/plugin';
import { mediaPlugin } from './modules/media/routes';
import { pushPlugin, pushRoutesPlugin } from './modules/push/plugin';
import { settingsPlugin, settingsRoutesPlugin } from './modules/settings/plugin';
import { seoPlugin, sitePlugin } from './modules/site/plugin';
import { statusPlugin } from './modules/status';
import { subscriptionRoutesPlugin, subscriptionsPlugin } from './modules/subscriptions/plugin';
import { trashRoutesPlugin } from './modules/trash/trash';
import { compressionPlugin } from './plugins/compression';
import { conditionalTagsPlugin, notModifiedPlugin } from './plugins/conditional';
import { errorsPlugin } from './plugins/errors';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { apiDocsPlugin, openApiPlugin } from './plugins/openapi';
import { cookiesPlugin, multipartPlugin } from './plugins/request-parsing';
import { responseCachePlugin, responseCacheStorePlugin } from './plugins/response-cache';
import { securityHeadersPlugin } from './plugins/security-headers';
import { siteOriginPlugin } from './plugins/site-origin';
import { textGuardPlugin } from './plugins/text-guard';
import { writeLimitsPlugin } from './plugins/write-limits';
import { pagesPlugin } from './wiring/pages';
import { contentRoutesPlugin, requestRoutesPlugin, requestsPlugin } from './wiring/requests';

/** The project root: the nearest folder above this module (src/server or the build) with a package.json. */
export const PROJECT_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

export { trustProxyOption } from './http/server-options';

export interface AppOptions {
  env: Env;
  /** An open database; when omitted one is opened from the environment. */
  database?: Database;
  /** Serve the web pages: from the build, or through Vite in development. Off for API-only tests. */
  ssr?: false | { dev?: boolean };
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** The clock of timed work (the escalation of urgent requests); tests move it instead of waiting. */
  now?: () => Date;
  /** Told each slow step of a start as it begins ('Creating the database...'). */
  announce?: (step: string) => void;
}

/**
 * Every plugin of the application. The order of this list means nothing: each plugin names what it
 * depends on, and `registerPlugins` derives the order (and with it the order of hooks) from that.
 */
export function appPlugins(options: AppOptions): PluginEntry[] {
  return [
    // The ground: configuration, the database and what is read from it.
    withOptions(envPlugin, { env: options.env }),
    withOptions(databasePlugin, { database: options.database, announce: options.announce }),
    ...[siteOriginPlugin, repositoriesPlugin, auth.authStorePlugin, settingsPlugin, mailOutboxPlugin],
    ...[
      pushPlugin,
      subscriptionsPlugin,
      auth.recoveryPlugin,
      sitePlugin,
      clusterPlugin,
      auth.maintenancePlugin,
    ],
    // Hooks every request passes through.
    ...[
      errorsPlugin,
      responseCachePlugin,
      loadSheddingPlugin,
      cookiesPlugin,
      multipartPlugin,
      auth.accessPlugin,
    ],
    ...[auth.twoFactorPolicyPlugin, textGuardPlugin, writeLimitsPlugin, securityHeadersPlugin],
    ...[conditionalTagsPlugin, responseCacheStorePlugin, notModifiedPlugin, compressionPlugin, openApiPlugin],
    // Routes.
    ...[
      apiDocsPlugin,
      statusPlugin,
      auth.authRoutesPlugin,
      settingsRoutesPlugin,
      mediaPlugin,
      pushRoutesPlugin,
    ],
    ...[subscriptionRoutesPlugin, trashRoutesPlugin, backupPlugin, auditRoutesPlugin, seoPlugin],
    withOptions(pagesPlugin, { ssr: options.ssr, root: PROJECT_ROOT }),
    // The request workflow (photos, urgent alerts, intake, the lead desk) and the content routes.
    withOptions(requestsPlugin, { now: options.now }),
    ...[contentRoutesPlugin, requestRoutesPlugin],
  ].map((entry) => ('plugin' in entry ? entry : { plugin: entry }));
}

/**
 * Assemble the whole application without listening: tests call `app.inject()` on it.
 * `arrange` reorders the plugin list before it is sorted; a test shuffles it to show the order
 * comes from the declared dependencies alone.
 */
export async function buildApp(
  options: AppOptions,
  arrange: (plugins: PluginEntry[]) => PluginEntry[] = (plugins) => plugins,
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify(
    serverOptions({
      env: options.env,
      logger: options.logger,
      logStream: options.logStream,
      // Anonymous reads already answered are sent from memory before Fastify sees them.
      answerEarly: () => (app.hasDecorator('responseCache') ? app.responseCache.answerFromMemory : undefined),
    }),
  ).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerPlugins(app, arrange(appPlugins(options)));
  return app;
}
