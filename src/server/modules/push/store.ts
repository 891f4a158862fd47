import type { PushSubscriptionInput } from '../../../shared/push';
import { STAFF_ROLES } from '../../../shared/roles';
import type { Database } from '../../db/client';

export interface StoredPushSubscription {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
}

/** How many browsers one account may have subscribed at once (a phone, a laptop, a few more). */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** Staff browsers' push subscriptions: one row per endpoint, owned by the user who turned it on. */
export function createPushStore(database: Database) {
  return {
    /**
     * Store or refresh a browser's subscription; a browser another account used moves to this one.
     * An account keeps its PUSH_SUBSCRIPTIONS_PER_ACCOUNT most recently saved browsers: a new one
     * replaces the one saved longest ago, so a person's new browser just works and nobody can
     * store endpoints without end.
     */
    async save(userId: string, subscription: PushSubscriptionInput): Promise<void> {
      await database.query(
        `with saved as (
           insert into push_subscriptions (endpoint, user_id, p256dh, auth) values ($1, $2, $3, $4)
           on conflict (endpoint) do update
             set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
           returning endpoint
         )
         delete from push_subscriptions
          where user_id = $2 and endpoint <> $1
            and endpoint not in (
              select endpoint from push_subscriptions where user_id = $2 and endpoint <> $1
               order by updated_at desc, created_at desc, endpoint limit $5)
            and exists (select 1 from saved)`,
        [
          subscription.endpoint,
          userId,
          subscription.keys.p256dh,
          subscription.keys.auth,
          PUSH_SUBSCRIPTIONS_PER_ACCOUNT - 1,
        ],
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

    /**
     * Every subscription of an approved staff member (admins and editors; never a pending sign-up),
     * or of the one named by `userId`.
     */
    async ofStaff(userId: string | null = null): Promise<StoredPushSubscription[]> {
      return database.query<StoredPushSubscription>(
        `select s.endpoint, s.user_id::text as "userId", s.p256dh, s.auth
           from push_subscriptions s join users u on u.id = s.user_id
          where u.role = any($1::text[]) and ($2::text is null or u.id::text = $2)`,
        [[...STAFF_ROLES], userId],
      );
    },
  };
}

export type PushStore = ReturnType<typeof createPushStore>;
