import type { ContentHooks } from '../../content/hooks';
import { mailSiteOf } from '../mail/layout';
import type { MailOutbox } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import type { SubscriptionStore } from './store';

/**
 * A subscriber's confirmation (double opt-in), for a new address and a known one alike (the same
 * statements either way, decision 010): the store decides in SQL whether a mail is due. Without
 * SMTP nothing can be confirmed: the subscriber waits, unconfirmed and unmailed.
 */
export function subscriberHooks(
  store: SubscriptionStore,
  outbox: MailOutbox | null,
  siteOrigin: () => string,
): ContentHooks {
  return {
    async afterCreate({ tx, record }) {
      if (!outbox) return undefined;
      const site = mailSiteOf(await createSettingsStore(tx).get());
      await store.queueConfirmation(tx, record._id, { origin: siteOrigin(), site });
      return () => outbox.nudge();
    },
  };
}
