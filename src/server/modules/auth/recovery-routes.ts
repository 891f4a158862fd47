import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../shared/auth';
import { canonicalIdentity } from '../../../shared/identity';
import {
  accountEmailStateSchema,
  adminResetLinkSchema,
  confirmEmailSchema,
  EMAIL_LINK_HOURS,
  emailChangeSchema,
  forgotSchema,
  RESET_LINK_MINUTES,
  recoveryMessages,
  resetSchema,
} from '../../../shared/recovery';
import { secretLink } from '../../../shared/secret-links';
import type { ChangeTransaction } from '../../db/change-log';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound, tooManyRequests, validationFailed } from '../../errors';
import type { SessionUser } from '../../http/identity';
import { errorSchema } from '../../http/schemas';
import { createRateLimiter } from '../../plugins/rate-limiter';
import { tryAgainIn, type WriteLimit } from '../../plugins/write-limits';
import { action, layMail, type MailSite, mailSiteOf, note, paragraph } from '../mail/layout';
import { createSettingsStore } from '../settings/store';
import { isCommonPassword } from './common-passwords';
import { createLoginBudget } from './login-budget';
import { hashPassword } from './passwords';
import { createRecoveryStore, type TokenState } from './recovery-store';
import type { AuthStore, UserRow } from './store';

const messageSchema = z.object({ message: z.string() });

/** The reset rule is the sign-up rule, with the server's list of common passwords. */
const serverResetSchema = resetSchema.extend({
  password: resetSchema.shape.password.refine((value) => !isCommonPassword(value), {
    error: authMessages.passwordCommon,
  }),
});

const TOKEN_MESSAGES: Record<Exclude<TokenState, 'valid'>, string> = {
  unknown: recoveryMessages.linkInvalid,
  used: recoveryMessages.linkUsed,
  expired: recoveryMessages.linkExpired,
};

/** Pages and answers that carry a token are nobody's to keep. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

const mailSite = async (app: FastifyInstance) => mailSiteOf(await app.settingsStore.get());

export const resetLinkOf = (origin: string, token: string) => secretLink('reset', token, origin);
const confirmLinkOf = (origin: string, token: string) => secretLink('confirmEmail', token, origin);

/** The reset mail; the forgot form's keeps `{username}` for its one statement to fill in. */
function resetMail(site: MailSite, username: string, link: string, by: 'forgot' | 'admin') {
  const why =
    by === 'forgot'
      ? `Someone, hopefully you, asked to reset the password of the account "${username}" at ${site.companyName}.`
      : `An admin of ${site.companyName} sent you a link to choose a new password for the account "${username}".`;
  return layMail(site, {
    subject: `Choose a new password for ${site.companyName}`,
    heading: 'Choose a new password',
    blocks: [
      paragraph(`${why}\n\nTo choose a new password, open the link within ${RESET_LINK_MINUTES} minutes.`),
      action('Choose a new password', link),
      note(
        'The link works once. Choosing a new password signs the account out everywhere.\nIf you did not ask for this, ignore this e-mail: your password stays as it is.',
      ),
    ],
  });
}

/**
 * The recovery work that is not tied to one HTTP route: a reset link for a known account (the
 * admin's button, the operator's command) and the confirmation of a new address (the API and the
 * page behind the mailed link, which works without JavaScript).
 */
export function recoveryActions(app: FastifyInstance) {
  return {
    /**
     * A fresh reset link for `user`, mailed to the account's address when it has one, the site
     * can send mail and `mail` is asked for. The link is answered either way: whoever asked
     * (an admin, the server's operator) may pass it on.
     */
    async issueResetLink(user: UserRow, actor: SessionUser | null, options: { mail: boolean }) {
      const origin = app.siteOrigin();
      const site = options.mail ? await mailSite(app) : null;
      const outbox = options.mail && user.email ? app.mailOutbox : null;
      const link = await app.changes.write(async (tx) => {
        const token = await createRecoveryStore(tx).createReset(user._id);
        const link = resetLinkOf(origin, token);
        if (outbox && site && user.email)
          await outbox.enqueue(tx, {
            resource: 'password-reset',
            recordId: user._id,
            to: user.email,
            content: resetMail(site, user.username, link, 'admin'),
            carriesSecret: true,
          });
        await tx.record({
          resource: 'users',
          id: user._id,
          action: 'update',
          actor,
          name: user.username,
          fields: [{ field: 'reset link' }],
        });
        return link;
      });
      outbox?.nudge();
      return { link, mailedTo: outbox ? user.email : null, expiresInMinutes: RESET_LINK_MINUTES };
    },

    /** Open a mailed confirmation link: the address becomes the account's. */
    async confirmEmail(token: string): Promise<{ ok: boolean; message: string }> {
      if (!confirmEmailSchema.safeParse({ token }).success)
        return { ok: false, message: recoveryMessages.linkInvalid };
      try {
        return await app.changes.write(async (tx) => {
          const recovery = createRecoveryStore(tx);
          const change = await recovery.takeEmailChange(token);
          if (!change) return { ok: false, message: recoveryMessages.linkInvalid };
          if (await recovery.emailTaken(change.email, change.userId))
            throw new HttpError(409, recoveryMessages.emailTaken);
          await recovery.setEmail(change.userId, change.email);
          await tx.record({
            resource: 'users',
            id: change.userId,
            action: 'update',
            actor: null,
            name: change.username,
            fields: [{ field: 'email' }],
          });
          return { ok: true, message: recoveryMessages.emailConfirmed };
        });
      } catch (error) {
        // Two accounts confirming one address at once: the unique index decides, clearly.
        if (isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409))
          return { ok: false, message: recoveryMessages.emailTaken };
        throw error;
      }
    },
  };
}

export type RecoveryActions = ReturnType<typeof recoveryActions>;

/**
 * Inside the transaction that creates or changes an account: keep `email` waiting and mail it the
 * link that makes it the account's address. Without SMTP nothing can be confirmed, so nothing
 * waits either.
 */
export async function queueEmailConfirmation(
  app: FastifyInstance,
  tx: ChangeTransaction,
  user: { _id: string; username: string },
  email: string,
): Promise<boolean> {
  const outbox = app.mailOutbox;
  if (!outbox) return false;
  // Read through the transaction: on PGlite the outer handle waits for it to end.
  const site = mailSiteOf(await createSettingsStore(tx).get());
  const token = await createRecoveryStore(tx).requestEmailChange(user._id, email);
  await outbox.enqueue(tx, {
    resource: 'email-change',
    recordId: user._id,
    to: email,
    content: layMail(site, {
      subject: `Confirm your e-mail address at ${site.companyName}`,
      heading: 'Confirm your e-mail address',
      blocks: [
        paragraph(
          `Someone, hopefully you, gave this address to the staff account "${user.username}" at ${site.companyName}.\n\nTo make it the account's address, open this link within ${EMAIL_LINK_HOURS} hours and press "Confirm address".`,
        ),
        action('Confirm address', confirmLinkOf(app.siteOrigin(), token)),
        note(
          'Password reset links and sign-in notices go to the account’s address.\nIf it was not you, ignore this e-mail: the address is not used until the link is opened.',
        ),
      ],
    }),
    carriesSecret: true,
  });
  return true;
}

/** What the sign-up answer adds about an address given with it. */
export function emailNote(app: FastifyInstance, email: string | undefined): string {
  if (!email) return '';
  return app.mailOutbox
    ? ' We sent a link to confirm your e-mail address.'
    : ' This site cannot send e-mail yet, so the address was not kept; add it on My account later.';
}

/**
 * Forgot password, reset, and the account's e-mail address. See docs/decisions/010-security.md,
 * "Recovery": no answer tells whether an account exists, and every token is stored hashed.
 */
export function recoveryRoutes(authStore: AuthStore, actions: RecoveryActions): FastifyPluginAsyncZod {
  return async (app) => {
    const { env } = app;
    const recovery = createRecoveryStore(app.database);
    const tags = ['auth'];
    const forgotLimit: WriteLimit = {
      bucket: 'forgot-ip',
      max: env.FORGOT_MAX_PER_IP,
      windowMinutes: 60,
      message: (seconds) => `Too many requests for reset links. ${tryAgainIn(seconds)}`,
    };
    // Counted on the canonical form of what was typed, whether or not an account has it: the count
    // says nothing about existence, and no spelling of one address floods its mailbox.
    const forgotPerAccount = createRateLimiter(app.database, {
      bucket: 'forgot-account',
      max: env.FORGOT_MAX_PER_ACCOUNT,
      windowMs: 3_600_000,
    });
    // Guessing a current password on the e-mail form costs from the login budget.
    const budget = createLoginBudget(app, authStore);
    const resetLimit: WriteLimit = {
      bucket: 'reset-ip',
      max: 30,
      windowMinutes: 15,
      message: (seconds) => `Too many attempts. ${tryAgainIn(seconds)}`,
    };
    const emailLinkLimit: WriteLimit = {
      bucket: 'email-link',
      max: 20,
      windowMinutes: 10,
      message: 'Too many requests. Please try again later.',
    };

    app.post(
      '/api/auth/forgot',
      {
        config: { access: 'public', writeLimit: forgotLimit },
        schema: {
          operationId: 'requestPasswordReset',
          tags,
          summary:
            'Mail a reset link to the account with this username or e-mail (always 202, the same answer whether or not it exists)',
          body: forgotSchema,
          response: { 202: messageSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const username = request.body.username || undefined;
        const email = request.body.email || undefined;
        noStore(reply);
        const limit = await forgotPerAccount.hit(canonicalIdentity(email ?? username ?? ''));
        if (!limit.allowed) {
          throw tooManyRequests(
            `Too many requests for reset links. ${tryAgainIn(limit.retryAfter)}`,
            limit.retryAfter,
          );
        }
        const site = await mailSite(app);
        const origin = app.siteOrigin();
        // One statement whatever was typed (see requestReset); mail waits in the outbox.
        await recovery.requestReset(
          { username, email },
          {
            link: (token) => resetLinkOf(origin, token),
            mail: app.mailOutbox !== null,
            content: resetMail(site, '{username}', '{link}', 'forgot'),
          },
        );
        app.mailOutbox?.nudge();
        return reply.status(202).send({ message: recoveryMessages.forgotSent });
      },
    );

    app.post(
      '/api/auth/reset',
      {
        config: { access: 'public', writeLimit: resetLimit },
        schema: {
          operationId: 'resetPassword',
          tags,
          summary: 'Choose a new password with the token of a reset link; ends every session of the account',
          body: serverResetSchema,
          response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const { token, password } = request.body;
        noStore(reply);
        const passwordHash = await hashPassword(password);
        const user = await app.changes.write(async (tx) => {
          const userId = await createRecoveryStore(tx).useReset(token);
          if (!userId) return null;
          const users = authStore.in(tx);
          const updated = await users.setPassword(userId, passwordHash);
          await users.revokeUserSessions(userId);
          await tx.record({
            resource: 'users',
            id: userId,
            action: 'update',
            actor: null,
            name: updated?.username ?? null,
          });
          return updated;
        });
        if (!user) {
          const state = await recovery.resetState(token);
          throw new HttpError(400, TOKEN_MESSAGES[state === 'valid' ? 'unknown' : state]);
        }
        // Whoever was locked out by guesses gets in with the new password at once.
        await budget.limiter.reset(budget.keyOf(user.username));
        return { message: recoveryMessages.resetDone };
      },
    );

    app.get(
      '/api/auth/email',
      {
        config: { access: 'account' },
        schema: {
          tags,
          summary: "The signed-in account's e-mail address, and one waiting for its confirmation link",
          response: { 200: accountEmailStateSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const user = await authStore.findUserById(request.user!._id);
        noStore(reply);
        return {
          email: user?.email ?? null,
          pendingEmail: user ? await recovery.pendingEmail(user._id) : null,
        };
      },
    );

    app.put(
      '/api/auth/email',
      {
        config: { access: 'account' },
        schema: {
          tags,
          summary:
            'Give the account a new e-mail address; it takes effect once the link mailed to it is opened',
          body: emailChangeSchema,
          response: {
            202: messageSchema.extend({ pendingEmail: z.string() }),
            400: errorSchema,
            401: errorSchema,
            409: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { email, currentPassword } = request.body;
        const user = await budget.confirmCurrentPassword(request.user!, currentPassword);
        if (user.email !== null && canonicalIdentity(user.email) === canonicalIdentity(email))
          throw validationFailed({ email: recoveryMessages.emailSame });
        if (await recovery.emailTaken(email, user._id))
          throw validationFailed({ email: recoveryMessages.emailTaken });
        if (!app.mailOutbox)
          throw new HttpError(
            409,
            'This site cannot send e-mail (SMTP_URL is not set), so a new address cannot be confirmed.',
          );
        const outbox = app.mailOutbox;
        await app.changes.write(async (tx) => {
          await queueEmailConfirmation(app, tx, user, email);
          // The old address hears of it: a stolen session plus password cannot move recovery quietly.
          if (user.email)
            await outbox.enqueue(tx, {
              resource: 'email-change',
              recordId: user._id,
              to: user.email,
              content: layMail(mailSiteOf(await createSettingsStore(tx).get()), {
                subject: 'The e-mail address of your staff account is being changed',
                heading: 'Your account’s e-mail address is being changed',
                blocks: [
                  paragraph(
                    `Someone signed in as "${user.username}" asked to make ${email} the account's address.\nIt changes only once the link mailed there is opened.`,
                  ),
                  note('If it was not you, change your password now and tell an admin.'),
                ],
              }),
            });
        });
        app.mailOutbox.nudge();
        return reply.status(202).send({ message: recoveryMessages.emailSent(email), pendingEmail: email });
      },
    );

    app.post(
      '/api/auth/confirm-email',
      {
        config: { access: 'public', writeLimit: emailLinkLimit },
        schema: {
          operationId: 'confirmEmail',
          tags,
          summary: 'Confirm a new e-mail address with the token from the link mailed to it (works once)',
          body: confirmEmailSchema,
          response: { 200: messageSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const outcome = await actions.confirmEmail(request.body.token);
        if (!outcome.ok)
          throw new HttpError(outcome.message === recoveryMessages.emailTaken ? 409 : 400, outcome.message);
        return { message: outcome.message };
      },
    );

    app.post(
      '/api/users/:id/reset-link',
      {
        config: { access: 'users:manage' },
        schema: {
          tags: ['users'],
          summary:
            "Make a reset link for a user: mailed to the user's address when there is one, and answered once to the admin",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: adminResetLinkSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const user = await authStore.findUserById(request.params.id);
        if (!user) throw notFound('User');
        noStore(reply);
        return actions.issueResetLink(user, request.user, { mail: true });
      },
    );
  };
}
