import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isTotpCode } from '../../../shared/two-factor';
import type { SecretBox } from '../../crypto/secret-box';
import type { ChangeTransaction } from '../../db/change-log';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../http/identity';
import type { AuthStore } from './store';
import { createTwoFactorStore } from './two-factor-store';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PERIOD = 30;
export const TICKET_SECONDS = 5 * 60;
/** Wrong codes one ticket takes before it is spent; the per-user login budget counts them too. */
export const TICKET_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxx-xxxx-xx`: 10 characters of a 31-letter alphabet, about 49 bits. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A recovery code as typed (any case, with or without dashes or spaces) to the form it was hashed in. */
export const normalizeRecoveryCode = (code: string) => {
  const c = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`;
};

const totpFor = (base32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });

/** The 30-second step a code belongs to, when it is right within one step either side; else null. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32).validate({ token: code.replace(/\s+/g, ''), timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

function openOrNull(sealed: SecretBox, value: string): string | null {
  try {
    return sealed.open(value);
  } catch {
    return null;
  }
}

export type CodeCheck = 'ok' | 'wrong' | 'replayed';

/**
 * Two-factor sign-in off: the secret, a waiting one, the last step and the date go, and so do the
 * recovery codes and any login ticket half-way through its second step. False (and nothing
 * changed) when it was not on. Needs no sealing key: nothing is opened.
 */
export const turnOffTwoFactor = (tx: Database, userId: string): Promise<boolean> =>
  createTwoFactorStore(tx).turnOff(userId);

/**
 * Someone else turns a person's second factor off (an admin on the Users screen, or the server's
 * operator with `npm run reset-password -- <username> --turn-off-two-factor`): the person's
 * sessions end as well, since whoever holds one may be who took the phone, and the audit log
 * says who did it (`actor` null: the operator). False when it was not on.
 */
export async function turnOffTwoFactorOf(
  tx: ChangeTransaction,
  users: Pick<AuthStore, 'revokeUserSessions'>,
  user: { _id: string; username: string },
  actor: SessionUser | null,
): Promise<boolean> {
  if (!(await turnOffTwoFactor(tx, user._id))) return false;
  await users.revokeUserSessions(user._id);
  await recordTwoFactorChange(tx, user, actor, false);
  return true;
}

/** The audit row of two-factor sign-in turned on or off: an update of the user, field `twoFactor`. */
export const recordTwoFactorChange = (
  tx: ChangeTransaction,
  user: { _id: string; username: string },
  actor: SessionUser | null,
  on: boolean,
) =>
  tx.record({
    resource: 'users',
    id: user._id,
    action: 'update',
    actor,
    name: user.username,
    fields: [{ field: 'twoFactor', before: !on, after: on }],
  });

/** Two-factor sign-in: secrets (sealed), the last accepted step, recovery codes and login tickets. */
export function createTwoFactor(
  database: Database,
  /** The site's secret box (`app.secretBox`), made on first use: a site without two-factor never needs a key. */
  secretBox: () => Promise<SecretBox | null>,
) {
  const store = createTwoFactorStore(database);

  async function replaceRecoveryCodes(tx: Database, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await createTwoFactorStore(tx).replaceRecoveryCodes(userId, codes.map(sha256));
    return codes;
  }

  return {
    secretBox,

    async status(userId: string) {
      const row = await store.status(userId);
      return {
        enabled: Boolean(row?.enabledAt),
        enabledAt: row?.enabledAt ?? null,
        recoveryCodesLeft: Number(row?.left ?? 0),
      };
    },

    isEnabled: store.isEnabled,

    /** A new secret waiting for its first code; answers it in plain text once, for the QR code. */
    async beginSetup(user: { _id: string; username: string }, issuer: string, sealed: SecretBox) {
      const secret = new Secret({ size: 20 }).base32;
      await store.savePendingSecret(user._id, sealed.seal(secret));
      return { secret, otpauthUrl: totpFor(secret, user.username, issuer).toString() };
    },

    /**
     * The waiting secret becomes the account's when `code` matches it: fresh recovery codes are
     * made, and the step of that code counts as used. Null when no setup waits or the code is wrong.
     */
    async confirmSetup(tx: Database, userId: string, code: string, sealed: SecretBox) {
      const inTx = createTwoFactorStore(tx);
      const pending = await inTx.pendingSecret(userId);
      if (!pending) return { outcome: 'no-setup' as const };
      const step = isTotpCode(code) ? matchingStep(sealed.open(pending), code) : null;
      if (step === null) return { outcome: 'wrong' as const };
      await inTx.enable(userId, step);
      return { outcome: 'enabled' as const, recoveryCodes: await replaceRecoveryCodes(tx, userId) };
    },

    replaceRecoveryCodes,

    disable: turnOffTwoFactor,

    /**
     * Check a code of an account that has two-factor sign-in on: a TOTP code of a step later than
     * the last one accepted (the step moves forward in the same statement, so two requests with one
     * code cannot both pass), or an unused recovery code, which is then spent.
     */
    async checkCode(userId: string, code: string, sealed: SecretBox): Promise<CodeCheck> {
      if (isTotpCode(code)) {
        const enc = await store.sealedSecret(userId);
        if (!enc) return 'wrong';
        const secret = openOrNull(sealed, enc);
        // Sealed with another SECRET_KEY (a restore onto a new key): the app's codes cannot be
        // checked, and the owner's way in is a recovery code (README, Backup and restore).
        if (secret === null) return 'wrong';
        const step = matchingStep(secret, code);
        if (step === null) return 'wrong';
        return (await store.acceptStep(userId, step)) ? 'ok' : 'replayed';
      }
      return (await store.spendRecoveryCode(userId, sha256(normalizeRecoveryCode(code)))) ? 'ok' : 'wrong';
    },

    /** A ticket for the second step of a login; only its SHA-256 is stored. */
    async issueTicket(userId: string): Promise<string> {
      const ticket = randomBytes(32).toString('base64url');
      await store.insertTicket(sha256(ticket), userId, TICKET_SECONDS);
      return ticket;
    },

    /** The user a live ticket belongs to, counting one attempt; null when expired, spent or unknown. */
    ticketAttempt: (ticket: string) => store.ticketAttempt(sha256(ticket), TICKET_ATTEMPTS),

    /** Use the ticket up; false when another request already did. */
    consumeTicket: (ticket: string) => store.deleteTicket(sha256(ticket)),

    /** The site's rule and whether this account already has a second factor, in one read. */
    policyFor: store.policyFor,
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
