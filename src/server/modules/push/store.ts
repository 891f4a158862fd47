import type { PushSubscriptionInput } from '../../../shared/push';
import { STAFF_ROLES } from '../../../shared/roles';
import type { Database } from '../../db/client';

export interface StoredPushSubscription {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
}

/** Staff browsers' push subscriptions: one row per endpoint, owned by the user who turned it on. */
export function createPushStore(database: Database) {
  return {
    /** Store or refresh a browser's subscription; a browser another account used moves to this one. */
    async save(userId: string, subscription: PushSubscriptionInput): Promise<void> {
      await database.query(
        `insert into push_subscriptions (endpoint, user_id, p256dh, auth) values ($1, $2, $3, $4)
         on conflict (endpoint) do update
           set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()`,
        [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth],
      );
    },

    /** Remove one of the user's own subscriptions; answers whether there was one. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const rows = await database.query(
        'delete from push_subscriptions where endpoint = $1 and user_id = $2 returning endpoint',
        [endpoint, userId],
      );
      return rows.length > 0;
    },

    /** The push service says the subscription is gone (404/410): forget it. */
    async expire(endpoint: string): Promise<void> {
      await database.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await database.query<{ n: number }>(
        'select count(*)::int as n from push_subscriptions where user_id = $1',
        [userId],
      );
      return Number(row?.n ?? 0);
    },

    /** Every subscription of an approved staff member (admins and editors; never a pending sign-up). */
    async ofStaff(): Promise<StoredPushSubscription[]> {
      return database.query<StoredPushSubscription>(
        `select s.endpoint, s.user_id::text as "userId", s.p256dh, s.auth
           from push_subscriptions s join users u on u.id = s.user_id
          where u.role = any($1::text[])`,
        [[...STAFF_ROLES]],
      );
    },
  };
}

export type PushStore = ReturnType<typeof createPushStore>;
