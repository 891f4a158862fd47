import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../shared/constants';
import { contactus, contentTypes, subscriber } from '../shared/content/types';
import { isApprovedStaff } from '../shared/roles';
import { backupRoutes } from './backup/routes';
import { createChoiceCheck } from './content/choices';
import type { ContentHookRegistry } from './content/hooks';
import { createIntake } from './content/intake';
import { createContentRepository } from './content/repository';
import { contentRoutes } from './content/routes';
import { lazySecretBox } from './crypto/secret-box';
import { createChangeLog } from './db/change-log';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { serverSecret } from './db/server-secrets';
import type { Env } from './env';
import { prettyLogStream } from './http/log-format';
import { redactUrl } from './http/secret-urls';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { createApiKeyStore } from './modules/api-keys/store';
import { auditPlugin, createAuditLog } from './modules/audit/audit';
import { recoveryActions, recoveryRoutes } from './modules/auth/recovery-routes';
import { createRecoveryStore } from './modules/auth/recovery-store';
import { authRoutes } from './modules/auth/routes';
import { sessionsRoutes } from './modules/auth/sessions-routes';
import { setupStatusRoutes } from './modules/auth/setup-routes';
import { createAuthStore } from './modules/auth/store';
import { registerTwoFactorPolicy } from './modules/auth/two-factor-policy';
import { registerCluster } from './modules/cluster';
import { goLiveRoutes } from './modules/go-live/routes';
import { createMailOutbox } from './modules/mail/outbox';
import { scheduleMaintenance } from './modules/maintenance';
import { mediaRoutes } from './modules/media/routes';
import { createMediaStore } from './modules/media/store';
import { pushRoutes } from './modules/push/routes';
import { createPushSender, loadVapidKeys } from './modules/push/sender';
import { createPushStore } from './modules/push/store';
import { requestFormReader } from './modules/requests/photo-form';
import { requestsPlugin } from './modules/requests/plugin';
import { seoRoutes } from './modules/seo/routes';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsStore } from './modules/settings/store';
import { createSiteData } from './modules/site/site-data';
import { statusRoutes } from './modules/status';
import { subscriberHooks } from './modules/subscriptions/hooks';
import { subscriptionActions, subscriptionRoutes } from './modules/subscriptions/routes';
import { createSubscriptionStore } from './modules/subscriptions/store';
import { trashPlugin } from './modules/trash/trash';
import { usersRoutes } from './modules/users/routes';
import { registerAccessControl } from './plugins/access';
import { registerConditionalRequests } from './plugins/conditional';
import { registerErrorHandling } from './plugins/errors';
import { registerLoadShedding } from './plugins/load-shedding';
import { openApiOptions } from './plugins/openapi';
import { registerResponseCache } from './plugins/response-cache';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSiteOrigin } from './plugins/site-origin';
import { registerSsr } from './plugins/ssr';
import { registerTextGuard } from './plugins/text-guard';
import { registerWriteLimits } from './plugins/write-limits';
import { createXsrfTokens } from './plugins/xsrf';
import './types';

/** The project root: the nearest folder above this module (src/server or the build) with a package.json. */
export const PROJECT_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many proxies in front of us whatever their
 * address (Fastify itself ignores bare numbers), so use it only when nothing else can reach the port.
 */
export function trustProxyOption(
  value: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

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

/** Assemble the whole application without listening: tests call `app.inject()` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  let fromMemory: ((request: http.IncomingMessage, response: http.ServerResponse) => boolean) | undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-xsrf-token"]',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
            // Request lines as Fastify logs them (without the host a request names), but a setup code or
            // reset token in the URL is hidden.
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            stream: options.logStream ?? (env.LOG_FORMAT === 'pretty' ? prettyLogStream() : undefined),
          },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      caseSensitive: false,
      maxParamLength: 200,
    },
    requestIdHeader: false,
    // Anonymous reads already answered are sent from memory before Fastify sees them.
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        if (fromMemory?.(request, response)) return;
        handler(request, response);
      }),
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  await migrate(database, undefined, options.announce);
  app.decorate('env', env);
  registerSiteOrigin(app);
  app.decorate('database', database);
  app.decorate('changes', createChangeLog(database));
  if (!options.database) app.addHook('onClose', () => database.close());

  const repositories = new Map(
    contentTypes.map((def) => [def.name, createContentRepository(database.db, def)]),
  );
  app.decorate('repositories', repositories);
  const authStore = createAuthStore(database, {
    idleHours: env.SESSION_IDLE_HOURS,
    maxDays: env.SESSION_MAX_DAYS,
  });
  const settingsStore = createSettingsStore(database);
  const mediaStore = createMediaStore(database);
  const xsrf = createXsrfTokens(await serverSecret(database, 'xsrf', { override: env.XSRF_SECRET }));

  registerErrorHandling(app);
  // First: an anonymous read answered from memory skips every other hook.
  const responseCache = registerResponseCache(app);
  fromMemory = responseCache.answerFromMemory;
  // After the replay (a cached page is cheap to send under load), before everything that costs.
  registerLoadShedding(app, env.MAX_EVENT_LOOP_DELAY_MS);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  registerAccessControl(app, authStore, xsrf, createApiKeyStore(database));
  registerTwoFactorPolicy(app);
  registerTextGuard(app);
  registerWriteLimits(app);
  // Before the response cache: a stored response keeps the headers it was sent with.
  registerSecurityHeaders(app);
  // Tags go on after the caching headers are final and before the cache stores (it keeps the
  // tag); the 304 comes after the store, so a revalidating visitor still fills the cache.
  const conditional = registerConditionalRequests(app);
  conditional.tagResponses();
  // After the security headers (a stored response keeps them), before compression (the cache
  // stores its own compressed copies and replays them untouched).
  responseCache.storeResponses();
  conditional.answerNotModified();
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, openApiOptions(env));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The documentation page brings its own hashed policy, tightened to ours where it can be.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace("base-uri 'self'", "base-uri 'none'"),
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  await app.register(statusRoutes);
  await app.register(authRoutes(authStore, xsrf));
  await app.register(setupStatusRoutes);
  await app.register(sessionsRoutes(authStore));
  await app.register(usersRoutes(authStore));
  await app.register(apiKeyRoutes(authStore));
  const recovery = recoveryActions(app);
  app.decorate('recovery', recovery);
  await app.register(recoveryRoutes(authStore, recovery));
  const checkChoices = createChoiceCheck({
    hasSlug: async (type, slug) => Boolean(await repositories.get(type)?.findBySlug(slug)),
    hasId: async (type, id) => Boolean(await repositories.get(type)?.findById(id)),
    isApprovedStaff: async (id) => isApprovedStaff(await authStore.findUserById(id)),
  });
  await app.register(settingsRoutes(settingsStore, checkChoices));
  await app.register(goLiveRoutes(settingsStore));
  await app.register(mediaRoutes(mediaStore));
  const mailOutbox = env.SMTP_URL
    ? createMailOutbox(database, {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        retryBaseMs: env.MAIL_RETRY_SECONDS * 1000,
        log: app.log,
      })
    : null;
  app.decorate('mailOutbox', mailOutbox);
  if (mailOutbox) {
    mailOutbox.start();
    app.addHook('onClose', () => mailOutbox.stop());
  }
  const pushStore = createPushStore(database);
  const push = createPushSender({
    keys: await loadVapidKeys(database, env),
    store: pushStore,
    log: app.log,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
  });
  app.decorate('push', push);
  await app.register(
    pushRoutes(pushStore, { publicKey: push.publicKey, allowLoopback: env.PUSH_ALLOW_LOOPBACK }),
  );
  const subscriptions = createSubscriptionStore(database);
  const secretBox = lazySecretBox({
    secretKey: env.SECRET_KEY,
    dataDir: env.DATA_DIR,
    databaseKind: database.kind,
  });
  // The request module: its service, routes, photos, stats, escalation, and its content hooks.
  const contentHooks: ContentHookRegistry = new Map();
  await app.register(requestsPlugin, {
    typeName: contactus.name,
    hooks: contentHooks,
    secretBox,
    now: options.now,
  });
  contentHooks.set(
    subscriber.name,
    subscriberHooks(subscriptions, mailOutbox, () => app.siteOrigin()),
  );
  const intake = createIntake(app, {
    checkChoices,
    hooks: contentHooks,
    sealTrackToken: async (token) => (await secretBox())?.seal(token) ?? null,
  });
  const subscriptionLinks = subscriptionActions(app);
  await app.register(subscriptionRoutes(subscriptionLinks));
  const userNames = async () => new Map((await authStore.listUsers()).map((user) => [user._id, user.name]));
  for (const def of contentTypes) {
    const routeDeps = { intake, checkChoices, userNames };
    await app.register(contentRoutes(repositories.get(def.name)!, routeDeps, contentHooks.get(def.name)));
  }
  await app.register(trashPlugin(database));
  await app.register(backupRoutes);
  await app.register(auditPlugin(createAuditLog(database)));
  const recoveryTokens = createRecoveryStore(database);
  scheduleMaintenance(app, () =>
    Promise.all([authStore.purgeExpiredSessions(), recoveryTokens.purgeExpired()]),
  );
  if (env.DATABASE_URL) registerCluster(app, env.DATABASE_URL);

  const site = createSiteData(repositories, settingsStore, intake, subscriptionLinks, recovery);
  app.decorate('site', site);
  await app.register(seoRoutes(site));
  if (options.ssr) {
    await registerSsr(app, {
      root: PROJECT_ROOT,
      dev: options.ssr.dev,
      site,
      multipartForms: { '/contact': requestFormReader(app, app.requestPhotos) },
    });
    // Unknown API paths answer JSON, not a page.
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
  }

  return app;
}
