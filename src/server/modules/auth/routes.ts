import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages, loginSchema, publicUserSchema, signupRequestSchema } from '../../../shared/auth';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, tooManyRequests } from '../../errors';
import { clientNetwork } from '../../http/client-network';
import { errorSchema } from '../../http/schemas';
import { browserCookies, sessionTokenOf } from '../../plugins/access';
import { createRateLimiter, type RateLimitResult } from '../../plugins/rate-limiter';
import { tryAgainIn, type WriteLimit } from '../../plugins/write-limits';
import type { XsrfTokens } from '../../plugins/xsrf';
import { mailSiteOf } from '../mail/layout';
import { createSettingsStore } from '../settings/store';
import { createLoginBudget } from './login-budget';
import { hashPassword, verifyPassword } from './passwords';
import { emailNote, queueEmailConfirmation } from './recovery-routes';
import { serverChangePasswordSchema, serverSignupSchema } from './schemas';
import { claimWithSetupCode, isClaimed } from './setup-code';
import { publicUser, sessionStarter } from './sign-in';
import { noticeAdminsOfSignup, noticeUsernameTaken } from './signup-notices';
import type { AuthStore } from './store';
import { createTwoFactor } from './two-factor';
import { registerTwoFactorRoutes } from './two-factor-routes';

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

    const pendingMessage = (email: string | undefined) =>
      `Your account was created and is waiting for approval by an admin.${emailNote(app, email)}`;

    const { startSignedInSession } = sessionStarter(app, store, xsrf);

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
            'Create a staff account: the first one, with the setup code, becomes the admin; later ones only while the settings let anyone ask for an account, and they wait for approval',
          body: serverSignupSchema,
          response: {
            // The claim answers the new admin; any later sign-up only that it waits, with the
            // username as given, the same whether the username was free or taken.
            201: z.union([publicUserSchema.extend({ message: z.string() }), signupRequestSchema]),
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
        // A claimed site takes staff by invitation unless the admins opened sign-up: the same
        // refusal for every username, before any is looked up (decision 094).
        const settings = await app.settingsStore.get();
        if (!settings.signupOpen && (await isClaimed(app.database)))
          throw new HttpError(403, authMessages.byInvitation);
        // Hashed whether or not the username is free, so the answer's time tells nothing either.
        const passwordHash = await hashPassword(password);
        const site = { ...mailSiteOf(settings), origin: app.siteOrigin() };
        const waiting = { name, username, role: 'pending' as const, message: pendingMessage(email) };
        const existing = await store.findUserByUsername(username);
        if (existing) {
          // Answered as a new account would be; the address given, if any, hears the truth.
          await mailAboutTakenUsername(existing._id);
          return reply.status(201).send(waiting);
        }
        try {
          const user = await app.changes.write(async (tx) => {
            const users = store.in(tx);
            const created = await users.createUser(
              { name, username, passwordHash },
              claimWithSetupCode(setupCode, env.SETUP_CODE),
            );
            await tx.record({
              resource: 'users',
              id: created._id,
              action: 'create',
              actor: null,
              name: created.username,
              fields: [{ field: 'name' }, { field: 'username' }, { field: 'role', after: created.role }],
            });
            // A sign-up that raced the claim and lost finds the site claimed: the setting decides.
            if (created.role === 'pending' && !(await createSettingsStore(tx).get()).signupOpen)
              throw new HttpError(403, authMessages.byInvitation);
            // An address given at sign-up waits for its mailed link (account recovery).
            if (email) await queueEmailConfirmation(app, tx, created, email);
            if (created.role === 'pending' && app.mailOutbox)
              await noticeAdminsOfSignup(tx, app.mailOutbox, await users.adminAddresses(), created, site);
            return created;
          });
          app.mailOutbox?.nudge();
          if (user.role !== 'admin') return reply.status(201).send(waiting);
          const message = `Your admin account is ready. You can log in now.${emailNote(app, email)}`;
          return reply.status(201).send({ ...publicUser(user), message });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Someone took the username between the look-up and the insert: the same answer.
          const taken = await store.findUserByUsername(username);
          if (taken) await mailAboutTakenUsername(taken._id);
          return reply.status(201).send(waiting);
        }

        async function mailAboutTakenUsername(existingId: string) {
          const outbox = app.mailOutbox;
          if (!email || !outbox) return;
          await app.changes.write((tx) =>
            noticeUsernameTaken(tx, outbox, email, { _id: existingId, username }, site),
          );
          outbox.nudge();
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
        // The right password of a deactivated account learns that, and nothing more: no second step.
        if (user.deactivatedAt) throw new HttpError(403, authMessages.deactivated);
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
          config: { access: 'account' },
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
        config: { access: 'account' },
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
