import { createHash, randomBytes } from 'node:crypto';
import { canonicalIdentity } from '../../../shared/identity';
import type { Role, StaffRole } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../http/identity';

export interface UserRow extends SessionUser {
  /** Confirmed address for reset links and notices; null when the account has none. */
  email: string | null;
  passwordHash: string;
  version: number;
  createdAt: string;
  /** Two-factor sign-in is on (the Users list shows it; the secret itself is never read here). */
  twoFactorEnabled: boolean;
  /** When an admin deactivated the account (it signs in nowhere until reactivated); null when active. */
  deactivatedAt: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const USER_COLUMNS = `id::text as "_id", name, username, email, role, version, password_hash as "passwordHash",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  totp_enabled_at is not null as "twoFactorEnabled",
  to_char(deactivated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "deactivatedAt"`;

/** Whether any admin account exists (a site without one is still to be claimed). */
export async function hasAdmin(database: Database): Promise<boolean> {
  return (await database.query(`select 1 from users where role = 'admin' limit 1`)).length > 0;
}

/** Staff accounts and their sessions. Tokens are random; only their SHA-256 is stored. */
export function createAuthStore(database: Database, limits: SessionLimits): AuthStore {
  return { ...authStoreOn(database, limits), in: (tx) => createAuthStore(tx, limits) };
}

/** Where a session was started from: shown to its owner beside the session. */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

interface SessionLimits {
  idleHours: number;
  maxDays: number;
}

function authStoreOn(database: Database, limits: SessionLimits) {
  const one = async <T>(sqlText: string, params: unknown[]) =>
    (await database.query<T>(sqlText, params))[0] ?? null;

  return {
    countUsers: async () => Number((await one<{ n: string }>('select count(*) as n from users', []))?.n ?? 0),

    /** The account whose username is `username` in any spelling of the same identity. */
    findUserByUsername: (username: string) =>
      one<UserRow>(`select ${USER_COLUMNS} from users where username_canonical = $1`, [
        canonicalIdentity(username),
      ]),

    findUserById: (id: string) => one<UserRow>(`select ${USER_COLUMNS} from users where id::text = $1`, [id]),

    listUsers: () => database.query<UserRow>(`select ${USER_COLUMNS} from users order by created_at`),

    /**
     * Create an account; while the site has no admin the new account is the admin, and `claim`
     * (the setup-code check) runs first under the same lock, so it can refuse. Later ones wait.
     */
    createUser: (
      input: { name: string; username: string; passwordHash: string },
      claim?: (tx: Database) => Promise<void>,
    ) =>
      database.withLock(7_314_002, async () => {
        const admins = Number(
          (await one<{ n: string }>(`select count(*) as n from users where role = 'admin'`, []))?.n ?? 0,
        );
        const role: Role = admins === 0 ? 'admin' : 'pending';
        if (role === 'admin') await claim?.(database);
        return (await one<UserRow>(
          `insert into users (name, username, username_canonical, password_hash, role)
           values ($1, $2, $3, $4, $5) returning ${USER_COLUMNS}`,
          [input.name, input.username, canonicalIdentity(input.username), input.passwordHash, role],
        )) as UserRow;
      }),

    /**
     * An account made from an accepted invitation: approved with the invited role, its address
     * confirmed already (the invitation's link reached it).
     */
    createInvitedUser: (input: {
      name: string;
      username: string;
      passwordHash: string;
      role: StaffRole;
      email: string;
    }) =>
      one<UserRow>(
        `insert into users (name, username, username_canonical, password_hash, role, email, email_canonical)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${USER_COLUMNS}`,
        [
          input.name,
          input.username,
          canonicalIdentity(input.username),
          input.passwordHash,
          input.role,
          input.email,
          canonicalIdentity(input.email),
        ],
      ) as Promise<UserRow>,

    setRole: (id: string, role: Role) =>
      one<UserRow>(
        `update users set role = $2, version = version + 1, updated_at = now() where id::text = $1 returning ${USER_COLUMNS}`,
        [id, role],
      ),

    setName: (id: string, name: string) =>
      one<UserRow>(
        `update users set name = $2, version = version + 1, updated_at = now() where id::text = $1 returning ${USER_COLUMNS}`,
        [id, name],
      ),

    setPassword: (id: string, passwordHash: string) =>
      one<UserRow>(
        `update users set password_hash = $2, version = version + 1, updated_at = now() where id::text = $1 returning ${USER_COLUMNS}`,
        [id, passwordHash],
      ),

    deleteUser: async (id: string) =>
      (await database.query('delete from users where id::text = $1 returning id', [id])).length > 0,

    /** Admins who can still sign in: a deactivated admin does not keep the site administered. */
    countAdmins: async () =>
      Number(
        (
          await one<{ n: string }>(
            `select count(*) as n from users where role = 'admin' and deactivated_at is null`,
            [],
          )
        )?.n ?? 0,
      ),

    /** The confirmed addresses of the admins who can act (approved, not deactivated), oldest first. */
    adminAddresses: async () =>
      (
        await database.query<{ email: string }>(
          `select email from users
            where role = 'admin' and deactivated_at is null and email is not null order by created_at`,
        )
      ).map((row) => row.email),

    /** Deactivate or reactivate an account; null when there is none (or it already was so). */
    setDeactivated: (id: string, deactivated: boolean) =>
      one<UserRow>(
        `update users set deactivated_at = case when $2 then now() end, version = version + 1, updated_at = now()
          where id::text = $1 and (deactivated_at is null) = $2 returning ${USER_COLUMNS}`,
        [id, deactivated],
      ),

    /** Start a session; the token is returned once and never stored. */
    async createSession(userId: string, from: SessionOrigin = { userAgent: '', ip: '' }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await database.query(
        `insert into sessions (token_hash, user_id, expires_at, user_agent, ip)
         values ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
        [
          hashToken(token),
          userId,
          limits.maxDays * 86_400,
          from.userAgent.slice(0, 400),
          from.ip.slice(0, 64),
        ],
      );
      return token;
    },

    /** The user behind a live session token, refreshing its idle timer; null when expired or revoked. */
    async userForToken(token: string): Promise<SessionUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const row = await one<SessionUser & { stale: boolean }>(
        `select u.id::text as "_id", u.name, u.username, u.role,
                s.last_seen_at < now() - interval '1 minute' as stale
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1 and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(secs => $2) and u.deactivated_at is null`,
        [hashToken(token), limits.idleHours * 3600],
      );
      if (!row) return null;
      if (row.stale)
        await database.query('update sessions set last_seen_at = now() where token_hash = $1', [
          hashToken(token),
        ]);
      const { stale: _stale, ...user } = row;
      return user;
    },

    revokeSession: (token: string) =>
      database.query('delete from sessions where token_hash = $1', [hashToken(token)]),

    revokeUserSessions: (userId: string) =>
      database.query('delete from sessions where user_id::text = $1', [userId]),

    /** End every session of the user but the one holding `keepToken` (after a password change). */
    revokeOtherSessions: (userId: string, keepToken: string | undefined) =>
      database.query('delete from sessions where user_id::text = $1 and token_hash <> $2', [
        userId,
        keepToken ? hashToken(keepToken) : '',
      ]),

    purgeExpiredSessions: () =>
      database.query(
        `delete from sessions where expires_at < now() or last_seen_at < now() - make_interval(secs => $1)`,
        [limits.idleHours * 3600],
      ),
  };
}

export type AuthStore = ReturnType<typeof authStoreOn> & {
  /** The same store working inside the transaction `tx` (a change and its audit row together). */
  in(tx: Database): AuthStore;
};
