import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ContentTypeDef } from '../shared/content/define';
import { backupPlugin } from './backup/routes';
import { repositoriesPlugin } from './content/plugin';
import { secretBoxPlugin } from './crypto/plugin';
import type { Database } from './db/client';
import { databasePlugin } from './db/plugin';
import { type Env, envPlugin } from './env';
import { type NamedPlugin, type PluginEntry, registerPlugins, withOptions } from './http/plugin-order';
import { serverOptions } from './http/server-options';
import { auditRoutesPlugin } from './modules/audit/audit';
import { authPlugins } from './modules/auth/plugin';
import { clusterPlugin } from './modules/cluster';
import { invitationPlugins } from './modules/invitations/plugin';
import { jobRoutesPlugin, jobsPlugin } from './modules/jobs/plugin';
import { mailOutboxPlugin } from './modules/mail/plugin';
import { mediaPlugin } from './modules/media/routes';
import { onCallRoutesPlugin } from './modules/on-call/routes';
import { pushPlugins } from './modules/push/plugin';
import { requestRoutesPlugin, requestsPlugin } from './modules/requests/plugin';
import { settingsPlugins } from './modules/settings/plugin';
import { sitePlugins } from './modules/site/plugin';
import { statusPlugin } from './modules/status';
import { subscriptionPlugins } from './modules/subscriptions/plugin';
import { trashRoutesPlugin } from './modules/trash/trash';
import { clientConnectionsPlugin } from './plugins/client-connections';
import { compressionPlugin } from './plugins/compression';
import { conditionalPlugins } from './plugins/conditional';
import { errorsPlugin } from './plugins/errors';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { normalPathsPlugin } from './plugins/normal-paths';
import { openApiPlugins } from './plugins/openapi';
import { requestParsingPlugins } from './plugins/request-parsing';
import { responseCachePlugins } from './plugins/response-cache';
import { securityHeadersPlugin } from './plugins/security-headers';
import { siteOriginPlugin } from './plugins/site-origin';
import { textGuardPlugin } from './plugins/text-guard';
import { writeLimitsPlugin } from './plugins/write-limits';
import { contentRoutesPlugin, intakePlugin } from './wiring/content';
import { pagesPlugin } from './wiring/pages';

/** The project root: the nearest folder above this module (src/server or the build) with a package.json. */
export const PROJECT_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

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
  extraContentTypes?: readonly ContentTypeDef[]; // a test's own type, whose table the test creates
}

/**
 * Every plugin of the application. The order of this list means nothing: each plugin names what it
 * depends on, and `registerPlugins` derives the order (and with it the order of hooks) from that.
 */
export function appPlugins(options: AppOptions): PluginEntry[] {
  const plugins: (NamedPlugin | PluginEntry)[] = [
    withOptions(envPlugin, { env: options.env }),
    withOptions(databasePlugin, { database: options.database, announce: options.announce }),
    siteOriginPlugin,
    secretBoxPlugin,
    withOptions(repositoriesPlugin, { extraTypes: options.extraContentTypes }),
    errorsPlugin,
    normalPathsPlugin,
    ...responseCachePlugins,
    clientConnectionsPlugin,
    loadSheddingPlugin,
    ...requestParsingPlugins,
    textGuardPlugin,
    writeLimitsPlugin,
    securityHeadersPlugin,
    ...conditionalPlugins,
    compressionPlugin,
    ...openApiPlugins,
    ...authPlugins,
    ...invitationPlugins,
    ...settingsPlugins,
    mailOutboxPlugin,
    ...pushPlugins,
    ...subscriptionPlugins,
    ...sitePlugins,
    ...[mediaPlugin, statusPlugin, trashRoutesPlugin, backupPlugin, auditRoutesPlugin, clusterPlugin],
    withOptions(pagesPlugin, { ssr: options.ssr, root: PROJECT_ROOT, now: options.now }),
    ...[intakePlugin, contentRoutesPlugin],
    ...[withOptions(requestsPlugin, { now: options.now }), requestRoutesPlugin],
    withOptions(onCallRoutesPlugin, { now: options.now }),
    ...[withOptions(jobsPlugin, { now: options.now }), jobRoutesPlugin],
  ];
  return plugins.map((entry) => ('plugin' in entry ? entry : { plugin: entry }));
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
