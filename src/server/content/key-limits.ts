import type { FastifyRequest } from 'fastify';
import type { RouteKeyScope } from '../../shared/api-keys';
import type { ContentTypeDef } from '../../shared/content/define';
import { requestReachOf } from '../../shared/permissions';
import type { ContentHooks } from './hooks';

/** What a route of a type does, as far as an API key's scopes go. */
export type Operation = 'read' | 'write' | 'create' | 'delete';

/**
 * The scope an API key needs for an operation on a type (decision 081): the type's hook decides
 * when it has one (the requests: `leads:*`); else public content is `content:*`, and anything
 * else staff-only (subscribers) takes no key at all.
 */
export function keyScopeFor(
  def: ContentTypeDef,
  operation: Operation,
  hooks?: ContentHooks,
): RouteKeyScope | undefined {
  if (hooks?.keyScope) return hooks.keyScope(operation);
  if (def.access.list === 'public' && def.access.read === 'public')
    return operation === 'read' ? 'content:read' : 'content:write';
  return undefined;
}

/**
 * The person whose records alone a request reaches, if its reach is limited: a key limited to a
 * staff member reaches their records, and so does a person whose role reaches only their own (a
 * technician, shared/permissions.ts `requestReach`). Null reaches every record.
 */
export function limitedTo(request: FastifyRequest): string | null {
  if (request.apiKey) return request.apiKey.userId;
  const { user } = request;
  return user && requestReachOf(user.role) === 'own' ? user._id : null;
}

/**
 * Whether a record is outside what the request reaches: a limited reach (`limitedTo`) covers only
 * the records assigned to that person (`assigneeField`); on a type without one it changes nothing.
 */
export function outsideReach(
  request: FastifyRequest,
  assigneeField: string | undefined,
  record: Record<string, unknown>,
): boolean {
  const owner = limitedTo(request);
  return Boolean(owner && assigneeField && record[assigneeField] !== owner);
}
