import { may, type Permission } from '../permissions';
import { isApprovedStaff, type Role } from '../roles';
import type { Field } from './fields';

/** Anything with declared fields: a content type or a singleton (the site settings). */
interface Declared {
  fields: Record<string, Field>;
  /** Who reads its staff-only fields, when not every approved staff member does. */
  staffOnlyRight?: Permission;
}

/** Who is reading: a role, and whether the settings hold them back until two-factor sign-in is on. */
type Reader = { role: Role; twoFactorSetupRequired?: boolean } | null | undefined;

/**
 * Whether `user` reads staff-only fields: approved staff, and not held back by "two-factor sign-in
 * required" (such a session may set up its second factor and read what a visitor reads, nothing more).
 */
function readsStaffFields(user: Reader, def: Declared): boolean {
  if (user?.twoFactorSetupRequired || !isApprovedStaff(user)) return false;
  return def.staffOnlyRight === undefined || may(user.role, def.staffOnlyRight);
}

/** The declared keys `user` may read: all of them for approved staff, the public ones for anyone else. */
export function visibleKeys(user: Reader, def: Declared): string[] {
  const keys = Object.keys(def.fields);
  return readsStaffFields(user, def) ? keys : keys.filter((key) => !def.fields[key]?.staffOnly);
}

/**
 * What `user` may see of a record: staff-only fields are left out for visitors and pending
 * accounts. Every place a record leaves the server (API answers, pages, exports) goes through
 * this one rule, so a field marked `staffOnly` in its declaration is hidden everywhere at once.
 */
export function visibleTo<R extends object>(user: Reader, def: Declared, record: R): R {
  if (readsStaffFields(user, def)) return record;
  const hidden = Object.keys(def.fields).filter((key) => def.fields[key]?.staffOnly);
  if (hidden.length === 0) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const key of hidden) delete copy[key];
  return copy as R;
}
