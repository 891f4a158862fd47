import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionListItemSchema } from '../../../shared/sessions';
import { notFound } from '../../errors';
import type { SessionUser } from '../../http/identity';
import { errorSchema } from '../../http/schemas';
import { sessionTokenOf } from '../../plugins/access';
import { type SessionsStore, sessionsOn } from './sessions-store';
import type { AuthStore } from './store';

const sessionList = z.array(sessionListItemSchema);
const sessionParams = z.object({ sessionId: z.string().max(100) });
const userSessionParams = z.object({ id: z.string().max(100), sessionId: z.string().max(100) });

/**
 * Sessions one can see: a user lists and ends their own on My account; an admin does the same
 * for any account on the Users screen. Sessions are named by their id, never by their token, and
 * every ended session is an audit row ('logout' of that account, by whoever ended it).
 */
export function sessionsRoutes(store: AuthStore): FastifyPluginAsyncZod {
  return async (app) => {
    const idleHours = app.env.SESSION_IDLE_HOURS;
    const sessions = sessionsOn(app.database, idleHours);

    /** End sessions of `owner` in one transaction with the audit row; answers what `end` answered. */
    const endSessions = <T>(actor: SessionUser, owner: SessionUser, end: (tx: SessionsStore) => Promise<T>) =>
      app.changes.write(async (tx) => {
        const result = await end(sessionsOn(tx, idleHours));
        if (result)
          await tx.record({
            resource: 'session',
            id: owner._id,
            action: 'logout',
            actor,
            name: owner.username,
          });
        return result;
      });

    app.get(
      '/api/auth/sessions',
      {
        config: { access: 'account' },
        schema: {
          tags: ['auth'],
          summary: "The signed-in user's live sessions, most recently used first",
          response: { 200: sessionList, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await sessions.list(request.user!._id, sessionTokenOf(request))),
    );

    app.delete(
      '/api/auth/sessions/:sessionId',
      {
        config: { access: 'account' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out one of your sessions (on another device, or this one)',
          params: sessionParams,
          response: {
            200: z.object({ ok: z.literal(true) }),
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const me = request.user!;
        const ended = await endSessions(me, me, (tx) => tx.revoke(me._id, request.params.sessionId));
        if (!ended) throw notFound('Session');
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/sessions/revoke-others',
      {
        config: { access: 'account' },
        schema: {
          operationId: 'revokeOtherSessions',
          tags: ['auth'],
          summary: 'Sign out everywhere else: end every session of yours but this one',
          response: { 200: z.object({ ended: z.number() }), 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => {
        const me = request.user!;
        const ended = await endSessions(me, me, (tx) => tx.revokeOthers(me._id, sessionTokenOf(request)));
        return { ended };
      },
    );

    app.get(
      '/api/users/:id/sessions',
      {
        config: { access: 'users:manage' },
        schema: {
          tags: ['users'],
          summary: "A staff account's live sessions, most recently used first",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: sessionList, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const user = await store.findUserById(request.params.id);
        if (!user) throw notFound('User');
        return reply
          .header('cache-control', 'no-store')
          .send(await sessions.list(user._id, sessionTokenOf(request)));
      },
    );

    app.delete(
      '/api/users/:id/sessions/:sessionId',
      {
        config: { access: 'users:manage' },
        schema: {
          tags: ['users'],
          summary: "Sign out one of a staff account's sessions",
          params: userSessionParams,
          response: { 200: z.object({ ok: z.literal(true) }), 404: errorSchema },
        },
      },
      async (request) => {
        const user = await store.findUserById(request.params.id);
        if (!user) throw notFound('User');
        const ended = await endSessions(request.user!, user, (tx) =>
          tx.revoke(user._id, request.params.sessionId),
        );
        if (!ended) throw notFound('Session');
        return { ok: true as const };
      },
    );
  };
}
