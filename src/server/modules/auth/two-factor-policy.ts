import type { FastifyInstance } from 'fastify';
import { twoFactorMessages, twoFactorRequiredFor } from '../../../shared/two-factor';
import { HttpError } from '../../errors';
import { createTwoFactor } from './two-factor';

/**
 * What someone the settings ask for two-factor sign-in, and who has not turned it on, may still
 * call: who they are, setting it up, their password, and leaving. Everything else staff may do answers 403 until
 * it is on; pages still load (the admin area sends them to My account).
 */
const SETUP_ROUTES = new Set([
  'GET /api/auth/current-user',
  'GET /api/current-user',
  'GET /api/auth/2fa',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  // My account's other form: it needs the current password, and shows no site data.
  'PUT /api/auth/password',
  'POST /api/auth/logout',
]);

/**
 * Enforce the "Two-factor sign-in required for" setting. Registered after access control, so the
 * user is known; one read per request of a signed-in staff member.
 */
export function registerTwoFactorPolicy(app: FastifyInstance) {
  const twoFactor = createTwoFactor(app.database, app.secretBox);
  app.addHook('onRequest', async function requireTwoFactorSetup(request) {
    const user = request.user;
    // An API key signs in with no password, so it has no second factor to ask for.
    if (!user || user.role === 'pending' || request.is404 || request.apiKey) return;
    const policy = await twoFactor.policyFor(user._id);
    if (!policy || policy.enabled || !twoFactorRequiredFor(policy.requirement ?? undefined, user.role))
      return;
    // Without a key nobody could set it up, and staff would be shut out of everything, the
    // settings included: the setup route says why instead (PostgreSQL without SECRET_KEY).
    if (!(await twoFactor.secretBox())) return;
    user.twoFactorSetupRequired = true;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (!SETUP_ROUTES.has(`${request.method} ${request.routeOptions.url}`))
      throw new HttpError(403, twoFactorMessages.setupRequired);
  });
}
