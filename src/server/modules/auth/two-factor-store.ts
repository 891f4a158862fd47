import type { Database } from '../../db/client';

/**
 * The rows behind two-factor sign-in: the sealed secrets and last accepted step on `users`,
 * recovery codes and login tickets. Only hashes and sealed values pass through here; codes are
 * checked and secrets opened by the caller (two-factor.ts).
 */
export function createTwoFactorStore(database: Database) {
  const one = async <T>(sqlText: string, params: unknown[]) =>
    (await database.query<T>(sqlText, params))[0] ?? null;

  return {
    /** When it was turned on (ISO text, or null) and how many recovery codes are unused. */
    async status(userId: string) {
      return one<{ enabledAt: string | null; left: string }>(
        `select to_char(u.totp_enabled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "enabledAt",
                (select count(*) from recovery_codes r where r.user_id = u.id and r.used_at is null) as left
           from users u where u.id::text = $1`,
        [userId],
      );
    },

    async isEnabled(userId: string): Promise<boolean> {
      return Boolean(
        await one('select 1 from users where id::text = $1 and totp_enabled_at is not null', [userId]),
      );
    },

    /** Clear the secret, a waiting one, the step and the date; false when it was not on. */
    async turnOff(userId: string): Promise<boolean> {
      const was = await one(
        `update users set totp_secret_enc = null, totp_pending_enc = null, totp_enabled_at = null,
                totp_last_step = null where id::text = $1 and totp_enabled_at is not null returning id`,
        [userId],
      );
      if (!was) return false;
      await database.query('delete from recovery_codes where user_id::text = $1', [userId]);
      await database.query('delete from login_tickets where user_id::text = $1', [userId]);
      return true;
    },

    async savePendingSecret(userId: string, sealedSecret: string): Promise<void> {
      await database.query('update users set totp_pending_enc = $2 where id::text = $1', [
        userId,
        sealedSecret,
      ]);
    },

    async pendingSecret(userId: string): Promise<string | null> {
      const row = await one<{ pending: string | null }>(
        'select totp_pending_enc as pending from users where id::text = $1',
        [userId],
      );
      return row?.pending ?? null;
    },

    /** The waiting secret becomes the account's, with `step` counted as used. */
    async enable(userId: string, step: number): Promise<void> {
      await database.query(
        `update users set totp_secret_enc = totp_pending_enc, totp_pending_enc = null,
                totp_enabled_at = now(), totp_last_step = $2 where id::text = $1`,
        [userId, step],
      );
    },

    async sealedSecret(userId: string): Promise<string | null> {
      const row = await one<{ enc: string | null }>(
        'select totp_secret_enc as enc from users where id::text = $1',
        [userId],
      );
      return row?.enc ?? null;
    },

    /**
     * Move the last accepted step forward to `step`; false when it already reached it. One
     * statement, so two requests with one code cannot both pass.
     */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      return Boolean(
        await one(
          `update users set totp_last_step = $2 where id::text = $1
              and (totp_last_step is null or totp_last_step < $2) returning id`,
          [userId, step],
        ),
      );
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await database.query('delete from recovery_codes where user_id::text = $1', [userId]);
      await database.query(
        'insert into recovery_codes (user_id, code_hash) select $1::uuid, unnest($2::text[]) on conflict do nothing',
        [userId, codeHashes],
      );
    },

    /** Spend the unused recovery code with this hash; false when there is none. */
    async spendRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      return Boolean(
        await one(
          `update recovery_codes set used_at = now()
            where user_id::text = $1 and code_hash = $2 and used_at is null returning user_id`,
          [userId, codeHash],
        ),
      );
    },

    /** Store a ticket's hash, valid for `seconds`; the expired ones go whenever a new one is made. */
    async insertTicket(ticketHash: string, userId: string, seconds: number): Promise<void> {
      await database.query('delete from login_tickets where expires_at < now()');
      await database.query(
        `insert into login_tickets (ticket_hash, user_id, expires_at)
         values ($1, $2, now() + make_interval(secs => $3))`,
        [ticketHash, userId, seconds],
      );
    },

    /** Count one attempt on a live ticket under `maxAttempts`; null when expired, spent or unknown. */
    async ticketAttempt(ticketHash: string, maxAttempts: number) {
      return one<{ userId: string; attempts: number }>(
        `update login_tickets set attempts = attempts + 1
          where ticket_hash = $1 and expires_at > now() and attempts < $2
          returning user_id::text as "userId", attempts`,
        [ticketHash, maxAttempts],
      );
    },

    async deleteTicket(ticketHash: string): Promise<boolean> {
      return Boolean(await one('delete from login_tickets where ticket_hash = $1 returning 1', [ticketHash]));
    },

    /** The site's rule and whether this account already has a second factor, in one read. */
    async policyFor(userId: string) {
      return one<{ requirement: string | null; enabled: boolean }>(
        `select (select data->>'twoFactorRequiredFor' from settings where id = 1) as requirement,
                exists (select 1 from users where id::text = $1 and totp_enabled_at is not null) as enabled`,
        [userId],
      );
    },
  };
}

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;
