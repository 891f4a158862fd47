import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../../shared/auth';
import {
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorMessages,
  twoFactorRequiredFor,
  twoFactorStatusSchema,
  twoFactorVerifySchema,
} from '../../../shared/two-factor';
import { SECRET_KEY_MISSING } from '../../crypto/secret-box';
import { HttpError, notFound, validationFailed } from '../../errors';
import { clientNetwork } from '../../http/client-network';
import type { SessionUser } from '../../http/identity';
import { errorSchema } from '../../http/schemas';
import type { RateLimiter, RateLimitResult } from '../../plugins/rate-limiter';
import type { WriteLimit } from '../../plugins/write-limits';
import { verifyPassword } from './passwords';
import type { AuthStore, UserRow } from './store';
import { recordTwoFactorChange, type TwoFactor, turnOffTwoFactorOf } from './two-factor';

/** What the login routes share with the second step: the same budgets and the same session start. */
export interface TwoFactorRouteDeps {
  store: AuthStore;
  twoFactor: TwoFactor;
  loginsPerUser: RateLimiter;
  loginsPerIp: RateLimiter;
  loginLimit: WriteLimit;
  userKey(username: string): string;
  tooMany(results: RateLimitResult[], what: string): never;
  startSignedInSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
  ): Promise<{ token: string; user: z.infer<typeof publicUserSchema> }>;
}

const ok = z.object({ ok: z.literal(true) });
/** What a code-checking route may refuse with. */
const refusals = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  429: errorSchema,
};
/** What turning it on and replacing the codes answer: the new recovery codes, shown once. */
const recoveryCodesAnswer = { 200: z.object({ recoveryCodes: z.array(z.string()) }), ...refusals };

/** Two-factor sign-in (TOTP, RFC 6238): turning it on and off on My account, and a login's second step. */
export function registerTwoFactorRoutes(base: FastifyInstance, deps: TwoFactorRouteDeps) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { store, twoFactor, loginsPerUser, userKey, tooMany } = deps;

  /** The sealing key, or a 409 saying why there is none (PostgreSQL without SECRET_KEY). */
  const secretBox = async () => {
    const box = await twoFactor.secretBox();
    if (!box) throw new HttpError(409, SECRET_KEY_MISSING);
    return box;
  };

  /** A code guess counts against the same per-user budget as a password guess. */
  const countGuess = async (username: string) => {
    const limit = await loginsPerUser.hit(userKey(username));
    if (!limit.allowed) tooMany([limit], 'sign-in attempts');
  };

  const isRequired = async (user: SessionUser) =>
    twoFactorRequiredFor((await twoFactor.policyFor(user._id))?.requirement ?? undefined, user.role);

  app.get(
    '/api/auth/2fa',
    {
      config: { access: 'account' },
      schema: {
        tags: ['auth'],
        summary:
          "Whether the signed-in user's two-factor sign-in is on, and how many recovery codes are left",
        response: { 200: twoFactorStatusSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const me = request.user!;
      return { ...(await twoFactor.status(me._id)), required: await isRequired(me) };
    },
  );

  app.post(
    '/api/auth/2fa/setup',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'setUpTwoFactor',
        tags: ['auth'],
        summary:
          'Make a new two-factor secret for the signed-in user; it takes effect once a code confirms it',
        response: {
          200: z.object({ secret: z.string(), otpauthUrl: z.string() }),
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const me = request.user!;
      const box = await secretBox();
      if (await twoFactor.isEnabled(me._id)) throw new HttpError(409, twoFactorMessages.alreadyOn);
      const issuer = (await app.site?.settings().catch(() => null))?.companyName ?? 'Website';
      return twoFactor.beginSetup(me, issuer, box);
    },
  );

  app.post(
    '/api/auth/2fa/enable',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'enableTwoFactor',
        tags: ['auth'],
        summary:
          'Confirm the new secret with a code: two-factor sign-in is on; answers 10 recovery codes, once',
        body: twoFactorEnableSchema,
        response: recoveryCodesAnswer,
      },
    },
    async (request) => {
      const me = request.user!;
      const box = await secretBox();
      if (await twoFactor.isEnabled(me._id)) throw new HttpError(409, twoFactorMessages.alreadyOn);
      await countGuess(me.username);
      const result = await app.changes.write(async (tx) => {
        const confirmed = await twoFactor.confirmSetup(tx, me._id, request.body.code, box);
        if (confirmed.outcome === 'enabled') await recordTwoFactorChange(tx, me, me, true);
        return confirmed;
      });
      if (result.outcome === 'no-setup') throw new HttpError(409, twoFactorMessages.noPendingSetup);
      if (result.outcome === 'wrong') throw validationFailed({ code: twoFactorMessages.codeWrong });
      await loginsPerUser.reset(userKey(me.username));
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/api/auth/2fa/recovery-codes',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'replaceRecoveryCodes',
        tags: ['auth'],
        summary: 'Replace the recovery codes (the old ones stop working); needs a current code',
        body: twoFactorEnableSchema,
        response: recoveryCodesAnswer,
      },
    },
    async (request) => {
      const me = request.user!;
      const box = await secretBox();
      if (!(await twoFactor.isEnabled(me._id))) throw new HttpError(409, twoFactorMessages.notOn);
      await countGuess(me.username);
      const check = await twoFactor.checkCode(me._id, request.body.code, box);
      if (check !== 'ok') throw validationFailed({ code: codeMessage(check, request.body.code) });
      await loginsPerUser.reset(userKey(me.username));
      const recoveryCodes = await app.changes.write(async (tx) => {
        const codes = await twoFactor.replaceRecoveryCodes(tx, me._id);
        await tx.record({ resource: 'users', id: me._id, action: 'update', actor: me, name: me.username });
        return codes;
      });
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/auth/2fa/disable',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off; needs the password and a current code (or a recovery code)',
        body: twoFactorDisableSchema,
        response: {
          200: ok,
          ...refusals,
        },
      },
    },
    async (request) => {
      const me = request.user!;
      const box = await secretBox();
      if (!(await twoFactor.isEnabled(me._id))) throw new HttpError(409, twoFactorMessages.notOn);
      if (await isRequired(me)) throw new HttpError(409, twoFactorMessages.stillRequired);
      await countGuess(me.username);
      const user = await store.findUserById(me._id);
      if (!user || !(await verifyPassword(user.passwordHash, request.body.password)))
        throw validationFailed({ password: 'The password is not correct.' });
      const check = await twoFactor.checkCode(me._id, request.body.code, box);
      if (check !== 'ok') throw validationFailed({ code: codeMessage(check, request.body.code) });
      await loginsPerUser.reset(userKey(me.username));
      await app.changes.write(async (tx) => {
        // Another request may have turned it off since the check above: one audit row, not two.
        if (await twoFactor.disable(tx, me._id)) await recordTwoFactorChange(tx, me, me, false);
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/users/:id/2fa/disable',
    {
      config: { access: 'users:manage' },
      schema: {
        operationId: 'disableUserTwoFactor',
        tags: ['users'],
        summary:
          "Turn off another account's two-factor sign-in (a lost phone and lost recovery codes) and end its sessions",
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: ok,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const me = request.user!;
      // Their own goes through My account, which asks for the password and a code: a session
      // left open must not be enough to take an admin's second factor away.
      if (request.params.id === me._id) throw new HttpError(403, twoFactorMessages.notForYourself);
      await app.changes.write(async (tx) => {
        const users = store.in(tx);
        const user = await users.findUserById(request.params.id);
        if (!user) throw notFound('User');
        if (!(await turnOffTwoFactorOf(tx, users, user, me)))
          throw new HttpError(409, twoFactorMessages.notOnForUser);
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/2fa/verify',
    {
      config: { access: 'public', writeLimit: deps.loginLimit },
      schema: {
        operationId: 'verifyTwoFactor',
        tags: ['auth'],
        summary:
          "A login's second step: the ticket the password earned and a code (or a recovery code); answers the token",
        body: twoFactorVerifySchema,
        response: {
          200: z.object({ token: z.string(), user: publicUserSchema }),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { ticket, code } = request.body;
      const attempt = await twoFactor.ticketAttempt(ticket);
      if (!attempt) throw new HttpError(401, twoFactorMessages.ticketExpired);
      const user = await store.findUserById(attempt.userId);
      if (!user) throw new HttpError(401, twoFactorMessages.ticketExpired);
      await countGuess(user.username);
      const check = await twoFactor.checkCode(user._id, code, await secretBox());
      if (check !== 'ok') throw new HttpError(401, codeMessage(check, code));
      // One ticket, one session: of two requests racing with two good codes, one wins.
      if (!(await twoFactor.consumeTicket(ticket))) throw new HttpError(401, twoFactorMessages.ticketExpired);
      await Promise.all([
        loginsPerUser.reset(userKey(user.username)),
        deps.loginsPerIp.forgive(clientNetwork(request)),
      ]);
      if (user.role === 'pending') throw new HttpError(403, 'Your account is waiting for approval.');
      return deps.startSignedInSession(request, reply, user);
    },
  );
}

function codeMessage(check: 'wrong' | 'replayed', code: string) {
  if (check === 'replayed') return twoFactorMessages.codeReplayed;
  return /^[\d\s]+$/.test(code) ? twoFactorMessages.codeWrong : twoFactorMessages.recoveryWrong;
}
