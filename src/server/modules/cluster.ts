import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { ChangeEvent } from '../db/change-log';
import { listenOn, notifyChannel } from './cluster-store';

const CHANGES_CHANNEL = 'site_changes';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;

/**
 * Several instances on one PostgreSQL database: every committed change is announced with NOTIFY
 * on `site_changes`, and what other instances announce is handed to this instance's change log,
 * so caches everywhere forget what a write on any instance made stale. Sessions and rate limits need
 * nothing: they already live in the database.
 */
export function registerCluster(app: FastifyInstance, url: string) {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  // Inside the write's transaction: PostgreSQL delivers a NOTIFY only when the transaction
  // commits, so other instances never hear of a change that was rolled back, and never miss one
  // that was committed (a failed NOTIFY fails the write).
  app.changes.announceWith(async (tx, events) => {
    for (const payload of payloadsOf(origin, events)) await notifyChannel(tx, CHANGES_CHANNEL, payload);
  });

  async function listen(attempt = 0): Promise<void> {
    if (closing) return;
    const { default: pgDriver } = await import('pg');
    if (closing) return;
    const next = new pgDriver.Client({ connectionString: url });
    next.on('error', (error) => {
      app.log.warn({ err: error }, 'change listener lost its connection; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      schedule(0);
    });
    next.on('notification', (notification) => {
      if (notification.channel !== CHANGES_CHANNEL || !notification.payload) return;
      try {
        const message = JSON.parse(notification.payload) as { origin: string; event: ChangeEvent };
        if (message.origin !== origin) app.changes.heard(message.event);
      } catch (error) {
        app.log.warn({ err: error }, 'ignored a malformed change notification');
      }
    });
    try {
      await next.connect();
      await listenOn(next, CHANGES_CHANNEL);
      if (closing) {
        await next.end();
        return;
      }
      client = next;
      // Whatever changed while we were not listening: everything may be stale.
      if (attempt > 0) {
        for (const resource of [...app.repositories.keys(), 'settings', 'media', 'users'])
          app.changes.heard({ resource, id: '*', action: 'update' });
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      if (attempt === 0) throw error;
      app.log.warn({ err: error }, 'change listener could not connect; retrying');
      schedule(attempt);
    }
  }

  function schedule(attempt: number) {
    if (closing) return;
    clearTimeout(retry);
    retry = setTimeout(() => void listen(attempt + 1), Math.min(1000 * 2 ** attempt, 30_000));
    retry.unref();
  }

  app.addHook('onReady', () => listen());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  });
}

/**
 * The NOTIFY payloads of one transaction's changes: one per change, each under PostgreSQL's
 * 8000-byte limit; a transaction of many changes (emptying the trash) is announced per resource.
 */
function payloadsOf(origin: string, events: ChangeEvent[]): string[] {
  const many = events.length > 20;
  const announced = many
    ? [...new Map(events.map((event) => [event.resource, event])).values()].map(
        (event): ChangeEvent => ({ resource: event.resource, id: '*', action: event.action }),
      )
    : events;
  return announced.map((event) => {
    const payload = JSON.stringify({ origin, event });
    return payload.length > MAX_PAYLOAD
      ? JSON.stringify({ origin, event: { ...event, fields: [] } })
      : payload;
  });
}

/** Changes of other instances, heard through PostgreSQL; nothing to hear on an embedded database. */
export const clusterPlugin = fp(
  async (app) => {
    if (app.env.DATABASE_URL) registerCluster(app, app.env.DATABASE_URL);
  },
  { name: 'cluster', dependencies: ['env', 'database'] },
);
