import type { FastifyRequest } from 'fastify';
import type { RouteKeyScope } from '../../shared/api-keys';
import type { ContentTypeDef } from '../../shared/content/define';
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
 * Whether a record is outside what the request's API key may see: a key limited to a staff member
 * reaches only the records assigned to them (`assigneeField`); on a type without one the limit
 * changes nothing.
 */
export function outsideKeyLimit(
  request: FastifyRequest,
  assigneeField: string | undefined,
  record: Record<string, unknown>,
): boolean {
  const userId = request.apiKey?.userId;
  return Boolean(userId && assigneeField && record[assigneeField] !== userId);
}
