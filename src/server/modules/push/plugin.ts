import fp from 'fastify-plugin';
import { pushRoutes } from './routes';
import { createPushSender, loadVapidKeys, type PushSender } from './sender';
import { createPushStore, type PushStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Browser notifications to staff (Web Push). */
    push: PushSender;
    /** Each staff member's browsers that asked for notifications. */
    pushStore: PushStore;
  }
}

/** `app.push` and the subscriptions it sends to. */
export const pushPlugin = fp(
  async (app) => {
    const store = createPushStore(app.database);
    app.decorate('pushStore', store);
    app.decorate(
      'push',
      createPushSender({
        keys: await loadVapidKeys(app.database, app.env),
        store,
        log: app.log,
        allowLoopback: app.env.PUSH_ALLOW_LOOPBACK,
      }),
    );
  },
  { name: 'push', dependencies: ['env', 'database'] },
);

/** Turning notifications on and off for a browser. */
export const pushRoutesPlugin = fp(
  async (app) => {
    await app.register(
      pushRoutes(app.pushStore, {
        publicKey: app.push.publicKey,
        allowLoopback: app.env.PUSH_ALLOW_LOOPBACK,
      }),
    );
  },
  { name: 'push-routes', dependencies: ['push'], encapsulate: true },
);

export const pushPlugins = [pushPlugin, pushRoutesPlugin];
