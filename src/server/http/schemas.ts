import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../shared/constants';

/**
 * The body of every error answer: a message for people, the failing fields of a 400 and, for a
 * stale edit's 409, the record as it stands now. Routes of every floor declare it.
 */
export const errorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  current: z.unknown().optional(),
});

/** The `:id` of a route's path, as routes of every floor take it (what it names is looked up, not trusted). */
export const idParams = z.object({ id: z.string().max(100) });

/** The paging part of a paginated list's query string: 1-based page, at most PAGE_SIZE_MAX a page. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};
