import type { ContentHooks } from '../../content/hooks';
import type { MailOutbox } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import type { SubscriptionStore } from './store';

/**
 * A new subscriber's confirmation (double opt-in): fresh link tokens and one mail, queued in the
 * subscriber's transaction. Without SMTP nothing can be confirmed: the subscriber waits,
 * unconfirmed and unmailed. A known address never gets here (the engine answers the existing one).
 */
export function subscriberHooks(
  store: SubscriptionStore,
  outbox: MailOutbox | null,
  siteOrigin: () => string,
): ContentHooks {
  return {
    async afterCreate({ tx, record }) {
      if (!outbox) return undefined;
      const { companyName } = await createSettingsStore(tx).get();
      await store.queueConfirmation(
        tx,
        outbox,
        { _id: record._id, email: String(record.email ?? '') },
        { origin: siteOrigin(), companyName: companyName || 'us' },
      );
      return () => outbox.nudge();
    },
  };
}
