import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_ACCESS, LIVE_PATH, type LiveChange } from '../../../shared/request-stats';
import { tooManyRequests } from '../../errors';
import { errorSchema } from '../../http/schemas';

/** The resources whose changes staff pages hear live. */
const LIVE_RESOURCES = new Set(['contactus']);
/** A comment line this often keeps proxies from closing a quiet stream (most wait 30 to 60 s). */
export const HEARTBEAT_MS = 25_000;
/** Open streams one member of staff may hold: a few tabs, not a leak of reconnecting ones. */
export const MAX_STREAMS_PER_USER = 6;
/** When a client refused another stream may try again: a closed tab frees its slot at once. */
const STREAM_RETRY_SECONDS = 10;

/**
 * `GET /api/live`: Server-Sent Events for staff pages. Every committed change of a contact
 * request, on this instance or (through the change log) on another, is sent as
 * `data: {"type":"contactus","id":…,"action":…}`; never a value of the record. The stream is
 * written to the socket directly (hijacked), so the response cache, compression and every other
 * `onSend` hook leave it alone, and it is flushed event by event.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const perUser = new Map<string, number>();
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    LIVE_PATH,
    {
      config: { access: LIVE_ACCESS, stream: true },
      schema: {
        operationId: 'streamChanges',
        tags: ['live'],
        summary: 'Changes of contact requests as they happen (text/event-stream; staff only)',
        response: { 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user!._id;
      const streams = perUser.get(userId) ?? 0;
      if (streams >= MAX_STREAMS_PER_USER)
        throw tooManyRequests('Too many live pages open. Close a tab and try again.', STREAM_RETRY_SECONDS);
      perUser.set(userId, streams + 1);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Nginx and similar proxies would otherwise hold events back in their buffer.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Tell the browser how long to wait before reconnecting, and open the stream at once.
      raw.write('retry: 3000\n\n');

      const stopListening = app.changes.onChange((event) => {
        if (!LIVE_RESOURCES.has(event.resource)) return;
        const change: LiveChange = { type: event.resource, id: event.id, action: event.action };
        raw.write(`data: ${JSON.stringify(change)}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        stopListening();
        clearInterval(heartbeat);
        open.delete(end);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);
    },
  );
};
