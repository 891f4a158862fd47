import type { Database } from '../../db/client';
import { deviceLabel } from './device';
import { hashToken } from './store';

/** One live session as its owner (or an admin) sees it: never its token. */
export interface SessionListItem {
  id: string;
  device: string;
  ip: string;
  startedAt: string;
  lastSeenAt: string;
  /** The session the request itself is signed in with. */
  current: boolean;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The sessions of an account, by their id (not their token): listed, and ended one at a time or
 * all but the current one. `idleHours` as the sessions expire.
 */
export function sessionsOn(database: Database, idleHours: number) {
  const live = `s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ${Number(idleHours) * 3600})`;
  return {
    /** The user's live sessions, most recently used first. */
    async list(userId: string, currentToken?: string): Promise<SessionListItem[]> {
      const rows = await database.query<
        Omit<SessionListItem, 'device' | 'current'> & { userAgent: string; hash: string }
      >(
        `select s.id::text as id, s.ip, s.user_agent as "userAgent", s.token_hash as hash,
                to_char(s.created_at at time zone 'UTC', ${ISO}) as "startedAt",
                to_char(s.last_seen_at at time zone 'UTC', ${ISO}) as "lastSeenAt"
           from sessions s
          where s.user_id::text = $1 and ${live}
          order by s.last_seen_at desc, s.created_at desc`,
        [userId],
      );
      const current = currentToken ? hashToken(currentToken) : null;
      return rows.map(({ userAgent, hash, ...row }) => ({
        ...row,
        device: deviceLabel(userAgent),
        current: hash === current,
      }));
    },

    /** End the user's session named `sessionId`; answers whether there was one. */
    async revoke(userId: string, sessionId: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
      const rows = await database.query(
        'delete from sessions where user_id::text = $1 and id::text = lower($2) returning id',
        [userId, sessionId],
      );
      return rows.length > 0;
    },

    /** End every session of the user but the one holding `keepToken`; answers how many ended. */
    async revokeOthers(userId: string, keepToken: string | undefined): Promise<number> {
      const rows = await database.query(
        'delete from sessions where user_id::text = $1 and token_hash <> $2 returning id',
        [userId, keepToken ? hashToken(keepToken) : ''],
      );
      return rows.length;
    },
  };
}

export type SessionsStore = ReturnType<typeof sessionsOn>;

/**
 * Remember that the user signed in from this device and address. Answers whether the pair is
 * new while the account had signed in before (a first sign-in has nothing to compare with).
 */
export async function rememberDevice(
  database: Database,
  userId: string,
  device: string,
  ip: string,
): Promise<boolean> {
  const [seen] = await database.query<{ known: boolean; before: boolean }>(
    `select exists (select 1 from known_devices where user_id::text = $1 and device = $2 and ip = $3) as known,
            exists (select 1 from known_devices where user_id::text = $1) as before`,
    [userId, device, ip],
  );
  if (seen?.known) return false;
  await database.query(
    'insert into known_devices (user_id, device, ip) values ($1::uuid, $2, $3) on conflict do nothing',
    [userId, device, ip],
  );
  return Boolean(seen?.before);
}
