import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBSCRIPTION_TOKEN,
  SUBSCRIPTION_TOKEN_LENGTH,
  subscriptionMessages,
} from '../../../shared/subscription';
import { HttpError } from '../../errors';
import { errorSchema } from '../../http/schemas';
import type { WriteLimit } from '../../plugins/write-limits';
import { createSubscriptionStore } from './store';

const messageSchema = z.object({ message: z.string() });
const subscriptionTokenSchema = z
  .string()
  .max(SUBSCRIPTION_TOKEN_LENGTH, { message: 'This link is not valid.' })
  .regex(SUBSCRIPTION_TOKEN, { message: 'This link is not valid.' });

/** Links come from mail: a person clicks a few; more from one address is a scanner or a guesser. */
const subscriptionLinkLimit: WriteLimit = {
  bucket: 'subscription-link',
  max: 20,
  windowMinutes: 10,
  message: 'Too many requests. Please try again later.',
};

export type SubscriptionOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Confirm and unsubscribe, for the API and the pages alike: the store's work and its audit row in
 * one transaction (the store is bound to it; `createSubscriptionStore` is a few closures).
 */
export function subscriptionActions(app: FastifyInstance) {
  return {
    async confirm(token: string): Promise<SubscriptionOutcome> {
      if (!SUBSCRIPTION_TOKEN.test(token)) return { ok: false, message: subscriptionMessages.linkInvalid };
      const confirmed = await app.changes.write(async (tx) => {
        const row = await createSubscriptionStore(tx).confirm(token);
        if (row)
          await tx.record({
            resource: 'subscribers',
            id: row.id,
            action: 'update',
            actor: null,
            fields: [{ field: 'confirmed', before: false, after: true }],
          });
        return row;
      });
      if (!confirmed) return { ok: false, message: subscriptionMessages.linkInvalid };
      return { ok: true, message: subscriptionMessages.confirmed };
    },
    async unsubscribe(token: string): Promise<SubscriptionOutcome> {
      if (!SUBSCRIPTION_TOKEN.test(token)) return { ok: false, message: subscriptionMessages.linkInvalid };
      await app.changes.write(async (tx) => {
        const removed = await createSubscriptionStore(tx).unsubscribe(token);
        if (removed)
          await tx.record({ resource: 'subscribers', id: removed.id, action: 'purge', actor: null });
      });
      // The same answer for a link already used: unsubscribing twice leaves you unsubscribed.
      return { ok: true, message: subscriptionMessages.unsubscribed };
    },
  };
}

export type SubscriptionActions = ReturnType<typeof subscriptionActions>;

/**
 * The JSON side of the subscriber's links. The pages behind the mailed links (they work without
 * JavaScript) call the same store; the one-click unsubscribe address in the List-Unsubscribe
 * header is here, because mail clients post to it directly (RFC 8058).
 */
export function subscriptionRoutes(actions: SubscriptionActions): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058 clients post `List-Unsubscribe=One-Click` form-encoded; only the URL's token matters.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/api/subscriptions/status',
      {
        config: { access: 'subscribers:read' },
        schema: {
          tags: ['subscribers'],
          summary: 'Whether confirmation mail can be sent (SMTP_URL is set); the subscribers screen asks',
          response: { 200: z.object({ confirmationsCanBeSent: z.boolean() }) },
        },
      },
      async () => ({ confirmationsCanBeSent: app.mailOutbox !== null }),
    );

    app.post(
      '/api/subscriptions/confirm',
      {
        config: { access: 'public', writeLimit: subscriptionLinkLimit },
        schema: {
          operationId: 'confirmSubscription',
          tags: ['subscribers'],
          summary: 'Confirm a subscription with the token from its confirmation mail (works once)',
          body: z.object({ token: subscriptionTokenSchema }),
          response: { 200: messageSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
        },
      },
      async (request) => {
        const outcome = await actions.confirm(request.body.token);
        if (!outcome.ok) throw new HttpError(404, outcome.message);
        return { message: outcome.message };
      },
    );

    app.post(
      '/api/subscriptions/unsubscribe',
      {
        config: { access: 'public', writeLimit: subscriptionLinkLimit },
        schema: {
          operationId: 'unsubscribe',
          tags: ['subscribers'],
          summary: 'One-click unsubscribe (RFC 8058): the token is in the URL, the body is ignored',
          querystring: z.object({ token: subscriptionTokenSchema }),
          response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ({ message: (await actions.unsubscribe(request.query.token)).message }),
    );
  };
}
