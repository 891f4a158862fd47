import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { awaitBeforeResponse } from '../plugins/request-work';
import type { ChangeEvent } from '../types';

const CHANGES_CHANNEL = 'site_changes';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;

/**
 * Several instances on one PostgreSQL database: every local 'change' is announced with NOTIFY on
 * `site_changes`, and what other instances announce is emitted here as 'remoteChange', so caches
 * everywhere forget what a write on any instance made stale. Sessions and rate limits need
 * nothing: they already live in the database.
 */
export function registerCluster(app: FastifyInstance, url: string) {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  app.events.on('change', (event) => {
    const message = {
      origin,
      event: {
        resource: event.resource,
        id: event.id,
        action: event.action,
        fields: event.fields,
        actor: event.actor
          ? {
              _id: event.actor._id,
              name: event.actor.name,
              username: event.actor.username,
              role: event.actor.role,
            }
          : null,
      },
    };
    let payload = JSON.stringify(message);
    if (payload.length > MAX_PAYLOAD)
      payload = JSON.stringify({ origin, event: { ...message.event, fields: [] } });
    // Sent before the response, so a client that heard "saved" finds every instance up to date.
    awaitBeforeResponse(
      app.database
        .query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload])
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not announce a change to other instances'),
        ),
    );
  });

  async function listen(attempt = 0): Promise<void> {
    if (closing) return;
    const next = new pg.Client({ connectionString: url });
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
        if (message.origin !== origin) app.events.emit('remoteChange', message.event);
      } catch (error) {
        app.log.warn({ err: error }, 'ignored a malformed change notification');
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (closing) {
        await next.end();
        return;
      }
      client = next;
      // Whatever changed while we were not listening: everything may be stale.
      if (attempt > 0) {
        for (const resource of [...app.repositories.keys(), 'settings', 'media', 'users'])
          app.events.emit('remoteChange', { resource, id: '*', action: 'update', actor: null });
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
