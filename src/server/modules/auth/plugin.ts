import fp from 'fastify-plugin';
import { serverSecret } from '../../db/server-secrets';
import { registerAccessControl } from '../../plugins/access';
import { createXsrfTokens, type XsrfTokens } from '../../plugins/xsrf';
import { apiKeyRoutes } from '../api-keys/routes';
import { createApiKeyStore } from '../api-keys/store';
import { createInvitationStore } from '../invitations/store';
import { scheduleMaintenance } from '../maintenance';
import { usersRoutes } from '../users/routes';
import { type RecoveryActions, recoveryActions, recoveryRoutes } from './recovery-routes';
import { createRecoveryStore } from './recovery-store';
import { authRoutes } from './routes';
import { sessionsRoutes } from './sessions-routes';
import { setupStatusRoutes } from './setup-routes';
import { type AuthStore, createAuthStore } from './store';
import { registerTwoFactorPolicy } from './two-factor-policy';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts and their sessions. */
    authStore: AuthStore;
    /** The anti-forgery tokens of cookie sessions, keyed by a server secret. */
    xsrf: XsrfTokens;
    /** Reset links for known accounts and e-mail confirmation (the local channel uses it too). */
    recovery: RecoveryActions;
  }
}

/** `app.authStore` and `app.xsrf`: what signs staff in and what checks their writes. */
export const authStorePlugin = fp(
  async (app) => {
    const { env } = app;
    app.decorate(
      'authStore',
      createAuthStore(app.database, { idleHours: env.SESSION_IDLE_HOURS, maxDays: env.SESSION_MAX_DAYS }),
    );
    app.decorate(
      'xsrf',
      createXsrfTokens(await serverSecret(app.database, 'xsrf', { override: env.XSRF_SECRET })),
    );
  },
  { name: 'auth-store', dependencies: ['env', 'database'] },
);

/** Who is asking and may they: after the cookies are read, before any body is. */
export const accessPlugin = fp(
  async (app) => registerAccessControl(app, app.authStore, app.xsrf, createApiKeyStore(app.database)),
  { name: 'access', dependencies: ['cookies', 'auth-store'] },
);

/** The "two-factor sign-in required" setting; after access control, so the user is known. */
export const twoFactorPolicyPlugin = fp(async (app) => registerTwoFactorPolicy(app), {
  name: 'two-factor-policy',
  dependencies: ['access', 'secret-box'],
});

/** `app.recovery`: reset links and e-mail confirmation, which pages and the local channel use too. */
export const recoveryPlugin = fp(
  async (app) => {
    app.decorate('recovery', recoveryActions(app));
  },
  { name: 'recovery', dependencies: ['auth-store', 'mail-outbox', 'settings', 'site-origin'] },
);

/** Sign-in, sessions, staff accounts, API keys and account recovery. */
export const authRoutesPlugin = fp(
  async (app) => {
    const store = app.authStore;
    await app.register(authRoutes(store, app.xsrf));
    await app.register(setupStatusRoutes);
    await app.register(sessionsRoutes(store));
    await app.register(usersRoutes(store));
    await app.register(apiKeyRoutes(store));
    await app.register(recoveryRoutes(store, app.recovery));
  },
  { name: 'auth-routes', dependencies: ['auth-store', 'recovery', 'secret-box'], encapsulate: true },
);

/** The nightly sweep of expired sessions, recovery tokens and invitations ended long ago. */
export const maintenancePlugin = fp(
  async (app) => {
    const recoveryTokens = createRecoveryStore(app.database);
    const invitations = createInvitationStore(app.database);
    scheduleMaintenance(app, () =>
      Promise.all([
        app.authStore.purgeExpiredSessions(),
        recoveryTokens.purgeExpired(),
        invitations.purgeEnded(),
      ]),
    );
  },
  // The sweep also purges every type's trash and unconfirmed subscribers (modules/maintenance.ts).
  { name: 'maintenance', dependencies: ['auth-store', 'repositories', 'mail-outbox'] },
);

/** Everything about staff accounts and who is asking. */
export const authPlugins = [
  authStorePlugin,
  accessPlugin,
  twoFactorPolicyPlugin,
  recoveryPlugin,
  authRoutesPlugin,
  maintenancePlugin,
];
