import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages, loginSchema, publicUserSchema } from '../../../shared/auth';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, tooManyRequests, validationFailed } from '../../errors';
import { clientNetwork } from '../../http/client-network';
import { errorSchema } from '../../http/schemas';
import { browserCookies, sessionTokenOf, setXsrfCookie } from '../../plugins/access';
import { createRateLimiter, type RateLimitResult } from '../../plugins/rate-limiter';
import { tryAgainIn, type WriteLimit } from '../../plugins/write-limits';
import type { XsrfTokens } from '../../plugins/xsrf';
import { createLoginBudget } from './login-budget';
import { noticeNewSignIn } from './new-device';
import { hashPassword, verifyPassword } from './passwords';
import { emailNote, queueEmailConfirmation } from './recovery-routes';
import { serverChangePasswordSchema, serverSignupSchema } from './schemas';
import { claimWithSetupCode } from './setup-code';
import type { AuthStore, UserRow } from './store';
import { createTwoFactor } from './two-factor';
import { registerTwoFactorRoutes } from './two-factor-routes';

const publicUser = ({ _id, name, username, role }: z.infer<typeof publicUserSchema>) => ({
  _id,
  name,
  username,
  role,
});

/** A 429 whose Retry-After and message say when to try again. */
function tooMany(results: RateLimitResult[], what: string): never {
  const wait = Math.max(...results.filter((r) => !r.allowed).map((r) => r.retryAfter), 1);
  throw tooManyRequests(`Too many ${what}. ${tryAgainIn(wait)}`, wait);
}

export function authRoutes(store: AuthStore, xsrf: XsrfTokens): FastifyPluginAsyncZod {
  return async (app) => {
    const { env } = app;
    const windowMs = env.LOGIN_WINDOW_MINUTES * 60_000;
    // Limits live in the route handlers, not on URLs: every spelling of a path that reaches the
    // handler (/API/auth/login/, //api/auth/login) counts against the same budget.
    const budget = createLoginBudget(app, store);
    const loginsPerUser = budget.limiter;
    // The per-address budgets are the routes' declared write limits, counted before the body is
    // read; the handler only takes a successful login's attempt back.
    const loginLimit: WriteLimit = {
      bucket: 'login-ip',
      max: env.LOGIN_MAX_PER_IP,
      windowMinutes: env.LOGIN_WINDOW_MINUTES,
      message: (seconds) => `Too many login attempts. ${tryAgainIn(seconds)}`,
    };
    const loginsPerIp = createRateLimiter(app.database, {
      bucket: loginLimit.bucket,
      max: loginLimit.max,
      windowMs,
    });
    const signupLimit: WriteLimit = {
      bucket: 'signup-ip',
      max: env.SIGNUP_MAX_PER_IP,
      windowMinutes: 60,
      message: (seconds) => `Too many sign-ups from your network. ${tryAgainIn(seconds)}`,
    };
    // Logging out writes (the session row goes) and anyone may ask; generous, but not endless.
    const logoutLimit: WriteLimit = {
      bucket: 'logout-ip',
      max: 60,
      windowMinutes: 10,
      message: (seconds) => `Too many requests. ${tryAgainIn(seconds)}`,
    };
    const userKey = budget.keyOf;

    function startBrowserSession(request: FastifyRequest, reply: FastifyReply, token: string) {
      const { session, secure } = browserCookies(request);
      const maxAge = app.env.SESSION_MAX_DAYS * 86_400;
      reply.setCookie(session, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
      setXsrfCookie(request, reply, xsrf.tokenFor(token), maxAge);
    }

    /**
     * The one way a sign-in ends well (login, and the two-factor step after it): the session row,
     * its audit row and, for a device or address the account has not used before, a notice to its
     * owner, all in one transaction; then the browser's cookies. Answers the bearer token and the user.
     */
    async function startSignedInSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      const from = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
      let mailed = false;
      const token = await app.changes.write(async (tx) => {
        const created = await store.in(tx).createSession(user._id, from);
        await tx.record({ resource: 'session', id: user._id, action: 'login', actor: publicUser(user) });
        mailed = await noticeNewSignIn(tx, app.mailOutbox, user, from, { origin: app.siteOrigin() });
        return created;
      });
      if (mailed) app.mailOutbox?.nudge();
      startBrowserSession(request, reply, token);
      return { token, user: publicUser(user) };
    }

    /**
     * Clears this scheme's cookies (a `__Host-` cookie is cleared only by an answer marked Secure),
     * and over HTTPS the plain ones the browser sent, which nothing reads but nobody should keep.
     */
    function endBrowserSession(request: FastifyRequest, reply: FastifyReply) {
      const { session, xsrf: xsrfCookie, secure, unread } = browserCookies(request);
      const present = unread.filter((name) => request.cookies[name] !== undefined);
      for (const name of [session, xsrfCookie, ...present]) reply.clearCookie(name, { path: '/', secure });
    }

    app.post(
      '/api/auth/signup',
      {
        config: { access: 'public', writeLimit: signupLimit },
        schema: {
          operationId: 'signUp',
          tags: ['auth'],
          summary:
            'Create a staff account (the first one, with the setup code, becomes the admin; later ones wait for approval)',
          body: serverSignupSchema,
          response: {
            201: publicUserSchema.extend({ message: z.string() }),
            400: errorSchema,
            403: errorSchema,
            409: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        // Only these are read: a `role` (or anything else) in the body is dropped by the schema.
        const { name, username, password, setupCode } = request.body;
        const email = request.body.email || undefined;
        if (await store.findUserByUsername(username))
          throw validationFailed({ username: authMessages.usernameTaken });
        try {
          const passwordHash = await hashPassword(password);
          const user = await app.changes.write(async (tx) => {
            const created = await store
              .in(tx)
              .createUser({ name, username, passwordHash }, claimWithSetupCode(setupCode, env.SETUP_CODE));
            await tx.record({
              resource: 'users',
              id: created._id,
              action: 'create',
              actor: null,
              name: created.username,
              fields: [{ field: 'name' }, { field: 'username' }, { field: 'role', after: created.role }],
            });
            // An address given at sign-up waits for its mailed link (account recovery).
            if (email) await queueEmailConfirmation(app, tx, created, email);
            return created;
          });
          if (email) app.mailOutbox?.nudge();
          const message =
            user.role === 'admin'
              ? 'Your admin account is ready. You can log in now.'
              : 'Your account was created and is waiting for approval by an admin.';
          return reply.status(201).send({ ...publicUser(user), message: message + emailNote(app, email) });
        } catch (error) {
          if (isUniqueViolation(error)) throw validationFailed({ username: authMessages.usernameTaken });
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { access: 'public', writeLimit: loginLimit },
        schema: {
          operationId: 'logIn',
          tags: ['auth'],
          summary: 'Log in; answers a bearer token and sets the browser session cookie',
          body: loginSchema,
          response: {
            200: z.union([
              z.object({ token: z.string(), user: publicUserSchema }),
              // Two-factor sign-in: the password earns a ticket for POST /api/auth/2fa/verify.
              z.object({ twoFactorRequired: z.literal(true), ticket: z.string() }),
            ]),
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        // Every attempt is counted before the password is checked (the address already was, by
        // the route's write limit), so parallel guesses cannot overrun the budget; a successful
        // login takes its attempt back.
        const limit = await loginsPerUser.hit(userKey(username));
        if (!limit.allowed) {
          request.log.warn({ ip: request.ip }, 'login attempts over the limit');
          tooMany([limit], 'login attempts');
        }
        const user = await store.findUserByUsername(username);
        // Unknown user and wrong password cost the same time and get the same answer.
        const ok = await verifyPassword(user?.passwordHash, password);
        if (!user || !ok) throw new HttpError(401, 'Invalid username or password.');
        // With a second factor the budget is reset by the right code, not the right password:
        // otherwise logging in again would reset the count of code guesses.
        if (user.role !== 'pending' && (await twoFactor.isEnabled(user._id)))
          return { twoFactorRequired: true as const, ticket: await twoFactor.issueTicket(user._id) };
        await Promise.all([
          loginsPerUser.reset(userKey(username)),
          loginsPerIp.forgive(clientNetwork(request)),
        ]);
        if (user.role === 'pending') throw new HttpError(403, authMessages.pending);
        return startSignedInSession(request, reply, user);
      },
    );

    const twoFactor = createTwoFactor(app.database, app.secretBox);
    registerTwoFactorRoutes(app, {
      store,
      twoFactor,
      loginsPerUser,
      loginsPerIp,
      loginLimit,
      userKey,
      tooMany,
      startSignedInSession,
    });

    app.post(
      '/api/auth/logout',
      {
        config: { access: 'public', writeLimit: logoutLimit },
        schema: {
          operationId: 'logOut',
          tags: ['auth'],
          summary: 'End the session on the server',
          response: { 200: z.object({ ok: z.literal(true) }), 403: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        // A cookie logout must come from our pages, or any site could log staff out.
        if (request.authMethod === 'cookie' && request.csrfFailed)
          throw new HttpError(403, 'Missing or invalid anti-forgery token. Reload the page and try again.');
        const token = sessionTokenOf(request);
        if (token) {
          const user = await store.userForToken(token);
          await app.changes.write(async (tx) => {
            await store.in(tx).revokeSession(token);
            if (user) await tx.record({ resource: 'session', id: user._id, action: 'logout', actor: user });
          });
        }
        endBrowserSession(request, reply);
        return { ok: true as const };
      },
    );

    // The old app's path was doubtful (spec §7): both answer, each with an operation id of its own.
    const currentUserPaths = [
      ['/api/auth/current-user', 'getCurrentUser'],
      ['/api/current-user', 'getCurrentUserAtOldPath'],
    ] as const;
    for (const [url, operationId] of currentUserPaths) {
      app.get(
        url,
        {
          // An approved account only: a pending one hears that it waits for approval.
          config: { access: 'staff' },
          schema: {
            operationId,
            tags: ['auth'],
            summary: 'The signed-in user',
            response: { 200: publicUserSchema, 401: errorSchema, 403: errorSchema },
          },
        },
        async (request) => ({
          ...publicUser(request.user!),
          ...(request.user!.twoFactorSetupRequired && { twoFactorSetupRequired: true }),
        }),
      );
    }

    app.put(
      '/api/auth/password',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['auth'],
          summary: "Change the signed-in user's password; ends their other sessions",
          body: serverChangePasswordSchema,
          response: {
            200: z.object({ ok: z.literal(true) }),
            400: errorSchema,
            401: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request) => {
        const { currentPassword, newPassword } = request.body;
        const me = request.user!;
        const user = await budget.confirmCurrentPassword(me, currentPassword);
        const passwordHash = await hashPassword(newPassword);
        await app.changes.write(async (tx) => {
          const users = store.in(tx);
          await users.setPassword(user._id, passwordHash);
          await users.revokeOtherSessions(user._id, sessionTokenOf(request));
          // The log says a password changed (the action on this account), never anything about it.
          await tx.record({
            resource: 'users',
            id: user._id,
            action: 'update',
            actor: me,
            name: user.username,
          });
        });
        return { ok: true as const };
      },
    );
  };
}
