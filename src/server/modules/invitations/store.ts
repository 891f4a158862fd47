import { randomBytes } from 'node:crypto';
import { canonicalIdentity } from '../../../shared/identity';
import { INVITATION_DAYS, type Invitation } from '../../../shared/invitations';
import type { StaffRole } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { hashToken } from '../auth/store';

const newToken = () => randomBytes(32).toString('base64url');

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const COLUMNS = `i.id::text as "_id", i.email, i.name, i.role, u.name as "invitedBy",
  to_char(i.sent_at at time zone 'UTC', ${ISO}) as "sentAt",
  to_char(i.expires_at at time zone 'UTC', ${ISO}) as "expiresAt",
  i.expires_at <= now() as expired`;
const OPEN = 'i.accepted_at is null and i.revoked_at is null';

/** An invitation that can be accepted now: open and within its days. */
export interface LiveInvitation {
  _id: string;
  email: string;
  name: string | null;
  role: StaffRole;
}

/**
 * Staff invitations. Each token is random, handed out once (in the mail, or to the admin without
 * SMTP); only its SHA-256 is stored, as for reset links, so a copy of the database admits nobody.
 */
export function createInvitationStore(database: Database) {
  const one = async <T>(sqlText: string, params: unknown[]) =>
    (await database.query<T>(sqlText, params))[0] ?? null;
  const byId = (id: string) =>
    one<Invitation>(
      `select ${COLUMNS} from invitations i left join users u on u.id = i.invited_by where i.id::text = $1`,
      [id],
    );

  return {
    /** The open invitations, newest first; expired ones too, to be sent again or revoked. */
    listOpen: () =>
      database.query<Invitation>(
        `select ${COLUMNS} from invitations i left join users u on u.id = i.invited_by
          where ${OPEN} order by i.sent_at desc`,
      ),

    /** An open invitation by its id (expired or not); null when there is none. */
    findOpen: (id: string) =>
      one<Invitation>(
        `select ${COLUMNS} from invitations i left join users u on u.id = i.invited_by
          where i.id::text = $1 and ${OPEN}`,
        [id],
      ),

    /** Whether an account has `email` in any spelling of the same identity. */
    accountHasEmail: async (email: string) =>
      Boolean(await one('select 1 from users where email_canonical = $1', [canonicalIdentity(email)])),

    /**
     * Whether `email` has an open invitation within its days. One past its days is revoked here
     * first: it leaves the way for a new one (the unique index counts it open until it ends).
     */
    async hasLiveInvitation(email: string): Promise<boolean> {
      const canonical = canonicalIdentity(email);
      await database.query(
        `update invitations i set revoked_at = now()
          where email_canonical = $1 and ${OPEN} and expires_at <= now()`,
        [canonical],
      );
      return Boolean(
        await one(`select 1 from invitations i where email_canonical = $1 and ${OPEN}`, [canonical]),
      );
    },

    /** Store a new invitation; answers it and its token, which is not kept. */
    async create(input: { email: string; name?: string; role: StaffRole; invitedBy: string }) {
      const token = newToken();
      const row = await one<{ id: string }>(
        `insert into invitations (email, email_canonical, name, role, token_hash, invited_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) returning id::text as id`,
        [
          input.email,
          canonicalIdentity(input.email),
          input.name ?? null,
          input.role,
          hashToken(token),
          input.invitedBy,
          INVITATION_DAYS,
        ],
      );
      return { invitation: (await byId(row!.id))!, token };
    },

    /** A new token for an open invitation, its days started again; the old token ends with it. */
    async renew(id: string, sentBy: string) {
      const token = newToken();
      const row = await one<{ id: string }>(
        `update invitations i set token_hash = $2, invited_by = $3, sent_at = now(),
                expires_at = now() + make_interval(days => $4)
          where i.id::text = $1 and ${OPEN} returning id::text as id`,
        [id, hashToken(token), sentBy, INVITATION_DAYS],
      );
      return row ? { invitation: (await byId(row.id))!, token } : null;
    },

    /** End an open invitation; answers it, or null when there was none to end. */
    revoke: (id: string) =>
      one<{ _id: string; email: string }>(
        `update invitations i set revoked_at = now() where i.id::text = $1 and ${OPEN}
          returning id::text as "_id", email`,
        [id],
      ),

    /** The invitation a token opens, when it can be accepted now; null for any other token. */
    live: (token: string) =>
      one<LiveInvitation>(
        `select i.id::text as "_id", i.email, i.name, i.role from invitations i
          where i.token_hash = $1 and ${OPEN} and i.expires_at > now()`,
        [hashToken(token)],
      ),

    /**
     * Spend a token: the invitation is marked accepted and answered, or null when the token cannot
     * be accepted now. Call in the transaction that creates the account, so it works exactly once.
     */
    accept: (token: string) =>
      one<LiveInvitation>(
        `update invitations i set accepted_at = now()
          where i.token_hash = $1 and ${OPEN} and i.expires_at > now()
          returning i.id::text as "_id", i.email, i.name, i.role`,
        [hashToken(token)],
      ),

    /** Who the accepted invitation became (its history keeps the account). */
    acceptedBy: (id: string, userId: string) =>
      database.query('update invitations set accepted_by = $2 where id::text = $1', [id, userId]),

    /** Ended and long-expired invitations keep an address nobody needs: maintenance removes them. */
    purgeEnded: () =>
      database.query(
        `delete from invitations
          where coalesce(accepted_at, revoked_at, expires_at) < now() - interval '30 days'`,
      ),
  };
}

export type InvitationStore = ReturnType<typeof createInvitationStore>;
