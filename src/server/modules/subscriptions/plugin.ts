import fp from 'fastify-plugin';
import { subscriber } from '../../../shared/content/types';
import { subscriberHooks } from './hooks';
import { type SubscriptionActions, subscriptionActions, subscriptionRoutes } from './routes';
import { createSubscriptionStore, type SubscriptionStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Newsletter subscribers and the confirm and unsubscribe links that pages and routes follow. */
    subscriptions: { store: SubscriptionStore; links: SubscriptionActions };
  }
}

/** `app.subscriptions`, and the subscriber type's hook that mails a new subscriber's confirmation. */
export const subscriptionsPlugin = fp(
  async (app) => {
    const store = createSubscriptionStore(app.database);
    app.decorate('subscriptions', { store, links: subscriptionActions(app) });
    app.contentHooks.set(
      subscriber.name,
      subscriberHooks(store, app.mailOutbox, () => app.siteOrigin()),
    );
  },
  { name: 'subscriptions', dependencies: ['database', 'mail-outbox', 'repositories', 'site-origin'] },
);

/** Confirming and ending a subscription through the API. */
export const subscriptionRoutesPlugin = fp(
  async (app) => {
    await app.register(subscriptionRoutes(app.subscriptions.links));
  },
  { name: 'subscription-routes', dependencies: ['subscriptions'], encapsulate: true },
);

export const subscriptionPlugins = [subscriptionsPlugin, subscriptionRoutesPlugin];
