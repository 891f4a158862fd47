import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiKeyMessages } from '../../shared/api-keys';
import type { ContentTypeDef } from '../../shared/content/define';
import { HttpError } from '../errors';
import { pageQuery } from '../http/schemas';
import { limitedTo } from './key-limits';
import { NONE } from './repository';

/**
 * The query string a list accepts: search, the declared filters and, when paginated, the page.
 * Nothing else: a key that names any other column (`?password_hash=`, `?sort=`) is a 400 and never
 * reaches SQL (Strapi CVE-2023-22894, CVE-2024-56143).
 */
export function listQuerySchema(def: ContentTypeDef) {
  const shape: Record<string, z.ZodType> = { q: z.string().max(200).optional() };
  for (const key of def.list.filters ?? []) {
    const field = def.fields[key];
    shape[key] =
      field?.kind === 'select'
        ? z.enum(field.options as [string, ...string[]]).optional()
        : field?.kind === 'boolean'
          ? z.enum(['true', 'false']).optional()
          : field?.kind === 'user'
            ? z
                .union([z.uuid(), z.literal(ME), z.literal(NONE)], {
                  error: `${field.label} must be a staff member's id, ${ME} or ${NONE}.`,
                })
                .optional()
            : field?.kind === 'reference' && field.by === 'id'
              ? // An id column compares only with an id: anything else is the client's 400, not SQL's error.
                z
                  .union([z.uuid(), z.literal(NONE)], {
                    error: `${field.label} must be the id of a ${field.to} or ${NONE}.`,
                  })
                  .optional()
              : z.string().max(200).optional();
  }
  const orders = Object.keys(def.list.orders ?? {});
  if (orders.length > 0)
    shape.order = z
      .enum(orders as [string, ...string[]], { error: `order must be one of: ${orders.join(', ')}.` })
      .optional()
      .describe(
        Object.entries(def.list.orders ?? {})
          .map(([name, order]) => `${name}: ${order.summary}`)
          .join('; '),
      );
  if (def.list.paginated) Object.assign(shape, pageQuery);
  // A list in display order is whole by default (the spec's clients read it so); a staff screen
  // with thousands of records asks for one page, its total in X-Total-Count.
  else
    Object.assign(shape, {
      page: pageQuery.page.unwrap().optional(),
      pageSize: pageQuery.pageSize.unwrap().optional(),
    });
  // Staff who edit a type with drafts may list each record as its draft has it (decision 109).
  if (def.versions)
    shape.draft = z
      .enum(['1', 'true', '0', 'false'], { error: 'draft is 1 (each record as its draft has it) or 0.' })
      .optional();
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. Allowed: ${Object.keys(shape).join(', ')}.`
        : undefined,
  });
}

/** A user filter's value for the caller: `?assignee=me`. */
export const ME = 'me';

/**
 * The declared filters of a list query as the repository takes them: `me` is whoever asks, and a
 * limited reach (a technician, a key limited to a staff member) lists only that person's records
 * (`assigneeField`), whatever the query asks.
 */
export function filtersOf(
  def: ContentTypeDef,
  q: Record<string, unknown>,
  request: FastifyRequest,
  assigneeField: string | undefined,
): Record<string, string | undefined> {
  const { user, apiKey } = request;
  const filters = Object.fromEntries(
    (def.list.filters ?? []).map((key) => {
      const value = q[key] as string | undefined;
      if (value !== ME || def.fields[key]?.kind !== 'user') return [key, value];
      // Staff-only lists have someone asking. A key limited to nobody is nobody.
      if (apiKey && !apiKey.userId) throw new HttpError(400, apiKeyMessages.meWithoutUser);
      return [key, user?._id ?? NONE];
    }),
  );
  const owner = limitedTo(request);
  if (owner && assigneeField) filters[assigneeField] = owner;
  return filters;
}
