import { isApprovedStaff, type Role } from '../roles';
import type { Field } from './fields';

/** Anything with declared fields: a content type or a singleton (the site settings). */
interface Declared {
  fields: Record<string, Field>;
}

/** The declared keys `user` may read: all of them for approved staff, the public ones for anyone else. */
export function visibleKeys(user: { role: Role } | null | undefined, def: Declared): string[] {
  const keys = Object.keys(def.fields);
  return isApprovedStaff(user) ? keys : keys.filter((key) => !def.fields[key]?.staffOnly);
}

/**
 * What `user` may see of a record: staff-only fields are left out for visitors and pending
 * accounts. Every place a record leaves the server (API answers, pages, exports) goes through
 * this one rule, so a field marked `staffOnly` in its declaration is hidden everywhere at once.
 */
export function visibleTo<R extends object>(
  user: { role: Role } | null | undefined,
  def: Declared,
  record: R,
): R {
  if (isApprovedStaff(user)) return record;
  const hidden = Object.keys(def.fields).filter((key) => def.fields[key]?.staffOnly);
  if (hidden.length === 0) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const key of hidden) delete copy[key];
  return copy as R;
}
