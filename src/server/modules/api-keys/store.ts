import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyListItem, type ApiKeyScope } from '../../../shared/api-keys';
import { isApprovedStaff } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { ApiKeyIdentity } from '../../http/identity';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** How much of the secret the list shows: the prefix and six characters, too few to guess from. */
const SHOWN = API_KEY_PREFIX.length + 6;

const COLUMNS = `k.id::text as "_id", k.name, k.prefix, to_jsonb(k.scopes) as scopes,
  k.user_id::text as "userId", u.name as "userName",
  to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(k.last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsedAt"`;

/**
 * API keys (decision 081). The secret is 32 random bytes, shown once and stored as its SHA-256: a
 * high-entropy secret needs no slow hash, and a lookup is one indexed read.
 */
export function createApiKeyStore(database: Database) {
  return {
    /** Store a new key; answers it with its secret, which is never readable again. */
    async create(
      input: { name: string; scopes: ApiKeyScope[]; userId: string | null },
      createdBy: string | null,
    ): Promise<ApiKeyListItem & { key: string }> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await database.query<{ id: string }>(
        `insert into api_keys (name, prefix, secret_hash, scopes, user_id, created_by)
         values ($1, $2, $3, array(select jsonb_array_elements_text($4::jsonb)), $5, $6)
         returning id::text as id`,
        [
          input.name,
          key.slice(0, SHOWN),
          hashSecret(key),
          JSON.stringify(input.scopes),
          input.userId,
          createdBy,
        ],
      );
      const [created] = await database.query<ApiKeyListItem>(
        `select ${COLUMNS} from api_keys k left join users u on u.id = k.user_id where k.id::text = $1`,
        [row!.id],
      );
      return { ...created!, key };
    },

    /** The keys still in force, newest first. */
    list: () =>
      database.query<ApiKeyListItem>(
        `select ${COLUMNS} from api_keys k left join users u on u.id = k.user_id
          where k.revoked_at is null order by k.created_at desc, k.id`,
      ),

    /** Revoke a key; answers its name, or null when there is no such key in force. */
    async revoke(id: string): Promise<{ name: string } | null> {
      const [row] = await database.query<{ name: string }>(
        `update api_keys set revoked_at = now() where id::text = $1 and revoked_at is null returning name`,
        [id],
      );
      return row ?? null;
    },

    /**
     * The key a bearer secret names, if it is in force. A key limited to a staff member works only
     * while that account is approved staff and not deactivated (a deactivated person is as gone as
     * a deleted one). Its last use is written at most once a minute.
     */
    async identify(secret: string): Promise<ApiKeyIdentity | null> {
      if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) return null;
      const hash = hashSecret(secret);
      const [row] = await database.query<ApiKeyIdentity & { stale: boolean }>(
        `select k.id::text as id, k.name, to_jsonb(k.scopes) as scopes, k.user_id::text as "userId",
                u.role as "userRole",
                coalesce(k.last_used_at < now() - interval '1 minute', true) as stale
           from api_keys k left join users u on u.id = k.user_id
          where k.secret_hash = $1 and k.revoked_at is null
            and (k.user_id is null or u.deactivated_at is null)`,
        [hash],
      );
      if (!row) return null;
      if (row.userId && !isApprovedStaff(row.userRole ? { role: row.userRole } : null)) return null;
      if (row.stale) await database.query('update api_keys set last_used_at = now() where id = $1', [row.id]);
      return { id: row.id, name: row.name, scopes: row.scopes, userId: row.userId, userRole: row.userRole };
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
