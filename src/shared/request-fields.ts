import type { ApiKeyScope } from './api-keys';
import { contactus } from './content/types';
import { may, type Permission, roleDeclaration } from './permissions';
import type { Role } from './roles';

/**
 * A request's parts in groups, by whose they are (decision 010): the desk's work, who has it, how
 * to reach the customer, what the customer said, the spam verdict, and the desk's own stamps. API
 * key scopes read these groups here, and role rights read the same ones, so a field's reach is
 * decided once, by the group it sits in.
 */

/** A part of a request: a declared field, or its photos (rows of their own, sent with the request). */
export type RequestPart = keyof typeof contactus.fields | 'photos';

export const REQUEST_FIELD_GROUPS = {
  /** Where the request stands: its stage, the booked visit, the follow-up, read or not, whose service queue. */
  work: ['stage', 'scheduledAt', 'followUpAt', 'status', 'service'],
  /** Who has it. */
  assignment: ['assignee'],
  /** How to reach the customer and where they are, which staff may correct (a reply still goes where they filed). */
  contact: ['name', 'email', 'phone', 'area', 'address', 'location'],
  /** What the customer said, ticked and sent: never rewritten, by anyone. */
  words: ['message', 'preferredTime', 'urgent', 'photos'],
  /** The honeypot's verdict, or staff's: a request marked spam leaves the queue and is told nothing. */
  spam: ['spam'],
  /** Set by the desk itself (the first response), never sent by anyone. */
  stamps: ['firstResponseAt'],
} as const satisfies Record<string, readonly RequestPart[]>;

export type RequestFieldGroup = keyof typeof REQUEST_FIELD_GROUPS;
type Grouped = (typeof REQUEST_FIELD_GROUPS)[RequestFieldGroup][number];
/** A declared field left out of every group does not compile here (request-fields.test.ts checks "once"). */
export const EVERY_PART_GROUPED: [Exclude<RequestPart, Grouped>] extends [never] ? true : false = true;

/**
 * What each API key scope reaches. `leads:write` moves a request along and adds notes; handing it
 * to someone and correcting the customer's details are scopes of their own. No scope reaches the
 * customer's words, the spam verdict (hiding a request from the queue is a staff member's call) or
 * the stamps.
 */
export const KEY_SCOPE_GROUPS = {
  'leads:write': ['work'],
  'leads:assign': ['assignment'],
  'leads:contact': ['contact'],
} as const satisfies Partial<Record<ApiKeyScope, readonly RequestFieldGroup[]>>;

/**
 * The request rights that change a group of a request's fields (shared/permissions.ts); `read` and
 * `reply` change none, `delete` removes the whole request. The requests' `update` access names
 * exactly these (request-fields.test.ts).
 */
export const REQUEST_RIGHT_GROUPS = {
  'requests:work': ['work'],
  'requests:assign': ['assignment'],
  'requests:contact': ['contact'],
  'requests:spam': ['spam'],
} as const satisfies Partial<Record<Permission, readonly RequestFieldGroup[]>>;

/** The scopes that let a key change a request at all: its update admits a key holding any one. */
export const REQUEST_WRITE_SCOPES = Object.keys(KEY_SCOPE_GROUPS) as (keyof typeof KEY_SCOPE_GROUPS)[];

const partsOf = (groups: readonly RequestFieldGroup[]): ReadonlySet<RequestPart> =>
  new Set(groups.flatMap((group): readonly RequestPart[] => REQUEST_FIELD_GROUPS[group]));

/** The group a part belongs to. */
export function groupOf(part: RequestPart): RequestFieldGroup {
  const groups = Object.keys(REQUEST_FIELD_GROUPS) as RequestFieldGroup[];
  return groups.find((group) => (REQUEST_FIELD_GROUPS[group] as readonly string[]).includes(part))!;
}

/** The parts of a request a key holding `scopes` may change. */
export function fieldsReachableBy(scopes: readonly ApiKeyScope[]): ReadonlySet<RequestPart> {
  return partsOf(
    REQUEST_WRITE_SCOPES.filter((scope) => scopes.includes(scope)).flatMap(
      (scope) => KEY_SCOPE_GROUPS[scope],
    ),
  );
}

/** The request rights that change a request's fields: its update admits whoever holds any one. */
export const REQUEST_UPDATE_RIGHTS = Object.keys(
  REQUEST_RIGHT_GROUPS,
) as (keyof typeof REQUEST_RIGHT_GROUPS)[];

/**
 * The parts of a request a staff member's session may change: the groups their role's rights name
 * (the office and admins every group but the customer's words and the stamps; a technician the work).
 */
export function fieldsRoleReaches(role: Role): ReadonlySet<RequestPart> {
  return partsOf(
    REQUEST_UPDATE_RIGHTS.filter((right) => may(role, right)).flatMap((right) => REQUEST_RIGHT_GROUPS[right]),
  );
}

/** The scope whose key may change a part, if any does. */
export function scopeReaching(part: RequestPart): ApiKeyScope | undefined {
  const group = groupOf(part);
  return REQUEST_WRITE_SCOPES.find((scope) => (KEY_SCOPE_GROUPS[scope] as readonly string[]).includes(group));
}

const labelOf = (part: RequestPart) =>
  part === 'photos' ? 'Photos' : (contactus.fields[part]?.label ?? part);

/** Why a writer may not change a part of a request, in the words a refusal (403) names it with. */
export function whyNotChangeable(part: RequestPart, by: 'key' | Role): string {
  const label = labelOf(part);
  const group = groupOf(part);
  if (group === 'words') return `${label} is the customer's own words: nobody changes it.`;
  if (group === 'stamps') return `${label} is set by the desk itself: nobody changes it.`;
  const scope = scopeReaching(part);
  if (by === 'key' && scope) return `This API key lacks the scope ${scope}, which changing ${label} needs.`;
  if (by === 'key') return `No API key changes ${label}: a staff member does, in the admin.`;
  return `${label} is not for your role (${roleDeclaration(by).label}) to change.`;
}
