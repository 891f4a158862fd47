import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyInputSchema,
  apiKeyMessages,
  apiKeySchema,
  createdApiKeySchema,
} from '../../../shared/api-keys';
import { isApprovedStaff } from '../../../shared/roles';
import { notFound, validationFailed } from '../../errors';
import { errorSchema } from '../../http/schemas';
import type { AuthStore } from '../auth/store';
import { createApiKeyStore } from './store';

const idParams = z.object({ id: z.uuid({ error: 'Key not found.' }) });

/**
 * API keys, for admins only: create one (its secret answered once), list them without secrets,
 * revoke one. No route here names a `keyScope`, so no key can make or see keys (decision 081).
 */
export function apiKeyRoutes(users: Pick<AuthStore, 'findUserById'>): FastifyPluginAsyncZod {
  return async (app) => {
    const keys = createApiKeyStore(app.database);
    const tags = ['keys'];

    app.get(
      '/api/keys',
      {
        config: { access: 'apiKeys:manage' },
        schema: {
          tags,
          summary: 'The API keys in force, newest first, with their last use (never their secrets)',
          response: { 200: z.array(apiKeySchema) },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'no-store').send(await keys.list()),
    );

    app.post(
      '/api/keys',
      {
        config: { access: 'apiKeys:manage' },
        schema: {
          tags,
          summary:
            'Create an API key with scopes, optionally limited to one staff member; its secret is shown once',
          body: apiKeyInputSchema,
          response: { 201: createdApiKeySchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const input = request.body;
        if (input.userId && !isApprovedStaff(await users.findUserById(input.userId)))
          throw validationFailed({ userId: apiKeyMessages.user });
        const created = await app.changes.write(async (tx) => {
          const key = await createApiKeyStore(tx).create(input, request.user!._id);
          await tx.record({
            resource: 'api-keys',
            id: key._id,
            action: 'create',
            actor: request.user,
            name: key.name,
            fields: [
              { field: 'scopes', after: key.scopes },
              ...(key.userId ? [{ field: 'userId', after: key.userName }] : []),
            ],
          });
          return key;
        });
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.delete(
      '/api/keys/:id',
      {
        config: { access: 'apiKeys:manage' },
        schema: {
          tags,
          summary: 'Revoke an API key: it stops working at once',
          params: idParams,
          response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const revoked = await app.changes.write(async (tx) => {
          const key = await createApiKeyStore(tx).revoke(request.params.id);
          if (key)
            await tx.record({
              resource: 'api-keys',
              id: request.params.id,
              action: 'delete',
              actor: request.user,
              name: key.name,
            });
          return key;
        });
        if (!revoked) throw notFound('Key');
        return { ok: true as const };
      },
    );
  };
}
