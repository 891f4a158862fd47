import fp from 'fastify-plugin';
import { type SubscriptionActions, subscriptionActions, subscriptionRoutes } from './routes';
import { createSubscriptionStore, type SubscriptionStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Newsletter subscribers and the confirm and unsubscribe links that pages and routes follow. */
    subscriptions: { store: SubscriptionStore; links: SubscriptionActions };
  }
}

/** `app.subscriptions`. */
export const subscriptionsPlugin = fp(
  async (app) => {
    app.decorate('subscriptions', {
      store: createSubscriptionStore(app.database),
      links: subscriptionActions(app),
    });
  },
  { name: 'subscriptions', dependencies: ['database', 'mail-outbox'] },
);

/** Confirming and ending a subscription through the API. */
export const subscriptionRoutesPlugin = fp(
  async (app) => {
    await app.register(subscriptionRoutes(app.subscriptions.links));
  },
  { name: 'subscription-routes', dependencies: ['subscriptions'], encapsulate: true },
);

export const subscriptionPlugins = [subscriptionsPlugin, subscriptionRoutesPlugin];
