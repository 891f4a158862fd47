import { createHash, randomBytes } from 'node:crypto';
import { canonicalIdentity } from '../../../shared/identity';
import { EMAIL_LINK_HOURS, RESET_LINK_MINUTES } from '../../../shared/recovery';
import type { Database } from '../../db/client';
import type { LaidOutMail } from '../mail/layout';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** What a mailed link's token turned out to be. */
export type TokenState = 'valid' | 'used' | 'expired' | 'unknown';

/**
 * Reset tokens and pending e-mail addresses. Tokens are random, mailed or shown once; only their
 * SHA-256 is stored (as for sessions), so a copy of the database opens no account.
 */
export function createRecoveryStore(database: Database) {
  const one = async <T>(sqlText: string, params: unknown[]) =>
    (await database.query<T>(sqlText, params))[0] ?? null;

  return {
    /**
     * The forgot form's one statement, the same for every input: find the account by name or
     * address, store a reset token for it, and queue its mail, all in one INSERT that writes rows
     * only when an account with an e-mail address matched (and `mail` is true). An unknown name
     * runs the same statement, which then writes nothing. Answers nothing: the caller must not
     * be able to tell either.
     */
    async requestReset(
      lookup: { username?: string; email?: string },
      options: { link: (token: string) => string; mail: boolean; content: LaidOutMail },
    ): Promise<void> {
      const token = newToken();
      await database.query(
        `with account as (
           select id, username, email from users
            where email is not null
              and ($1::text is null or username_canonical = $1)
              and ($2::text is null or email_canonical = $2)
              and ($1::text is not null or $2::text is not null)
              and $3::boolean
            limit 1
         ), reset as (
           insert into password_resets (token_hash, user_id, expires_at)
           select $4, id, now() + make_interval(mins => $5) from account
           returning user_id
         )
         insert into mail_outbox (resource, record_id, to_address, subject, body, html, carries_secret)
         select 'password-reset', a.id::text, a.email, $6, replace($7, '{username}', a.username),
                replace($8, '{username}', replace(replace(replace(replace(replace(a.username,
                  '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')),
                true
           from account a join reset r on r.user_id = a.id`,
        [
          lookup.username === undefined ? null : canonicalIdentity(lookup.username),
          lookup.email === undefined ? null : canonicalIdentity(lookup.email),
          options.mail,
          hashToken(token),
          RESET_LINK_MINUTES,
          options.content.subject,
          options.content.text.replaceAll('{link}', options.link(token)),
          options.content.html.replaceAll('{link}', options.link(token)),
        ],
      );
    },

    /** A reset token for a known account (the admin's button, the operator's command). */
    async createReset(userId: string): Promise<string> {
      const token = newToken();
      await database.query(
        `insert into password_resets (token_hash, user_id, expires_at)
         values ($1, $2, now() + make_interval(mins => $3))`,
        [hashToken(token), userId, RESET_LINK_MINUTES],
      );
      return token;
    },

    /** Whether a reset token would work now, and if not, why (for the page's message). */
    async resetState(token: string): Promise<TokenState> {
      const row = await one<{ used: boolean; expired: boolean }>(
        `select used_at is not null as used, expires_at <= now() as expired
           from password_resets where token_hash = $1`,
        [hashToken(token)],
      );
      if (!row) return 'unknown';
      return row.used ? 'used' : row.expired ? 'expired' : 'valid';
    },

    /**
     * Spend a reset token: it is marked used, with every other outstanding token of the same
     * account, and the account's id is answered; null when the token is not valid now. Call in
     * the transaction that sets the password, so that a token works exactly once.
     */
    async useReset(token: string): Promise<string | null> {
      const row = await one<{ userId: string }>(
        `update password_resets set used_at = now()
          where token_hash = $1 and used_at is null and expires_at > now()
          returning user_id::text as "userId"`,
        [hashToken(token)],
      );
      if (!row) return null;
      await database.query(
        'update password_resets set used_at = now() where user_id::text = $1 and used_at is null',
        [row.userId],
      );
      return row.userId;
    },

    /** Start an e-mail change: any earlier pending one of the account is replaced. */
    async requestEmailChange(userId: string, email: string): Promise<string> {
      const token = newToken();
      await database.query('delete from email_changes where user_id::text = $1', [userId]);
      await database.query(
        `insert into email_changes (token_hash, user_id, new_email, expires_at)
         values ($1, $2, $3, now() + make_interval(hours => $4))`,
        [hashToken(token), userId, email, EMAIL_LINK_HOURS],
      );
      return token;
    },

    /** The address waiting for its link, if any (and not expired). */
    pendingEmail: async (userId: string) =>
      (
        await one<{ email: string }>(
          `select new_email as email from email_changes
            where user_id::text = $1 and expires_at > now() order by created_at desc limit 1`,
          [userId],
        )
      )?.email ?? null,

    /** Whether another account already has `email` in any spelling of the same identity. */
    emailTaken: async (email: string, exceptUserId: string) =>
      Boolean(
        await one('select 1 from users where email_canonical = $1 and id::text <> $2', [
          canonicalIdentity(email),
          exceptUserId,
        ]),
      ),

    /**
     * Spend an e-mail confirmation token: answers the account and the new address and deletes the
     * pending row, or null when the token is unknown or expired. Call in the transaction that
     * sets `users.email`.
     */
    takeEmailChange: (token: string) =>
      one<{ userId: string; email: string; username: string }>(
        `delete from email_changes c using users u
          where c.token_hash = $1 and c.expires_at > now() and u.id = c.user_id
          returning c.user_id::text as "userId", c.new_email as email, u.username`,
        [hashToken(token)],
      ),

    setEmail: (userId: string, email: string | null) =>
      database.query(
        `update users set email = $2, email_canonical = $3, version = version + 1, updated_at = now()
          where id::text = $1`,
        [userId, email, email === null ? null : canonicalIdentity(email)],
      ),

    /** Tokens past their time are no use to anyone; maintenance removes them. */
    purgeExpired: async () => {
      await database.query(`delete from password_resets where expires_at < now() - interval '1 day'`);
      await database.query('delete from email_changes where expires_at < now()');
    },
  };
}

export type RecoveryStore = ReturnType<typeof createRecoveryStore>;
