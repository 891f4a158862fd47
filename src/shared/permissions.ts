import type { ApiKeyScope } from './api-keys';
import { PUBLIC_CONTENT_NAMES, type PublicContentName } from './content/public-content';
import { type Role, STAFF_ROLES, type StaffRole } from './roles';

/**
 * Who may do what, declared once (design: "who may do what is data"). Every staff route names the
 * right it needs (`config.access`), the server's check reads a role's rights from here, the admin's
 * navigation shows a screen only to a role holding its right, the API document names the right under
 * each operation, and the access-matrix test walks every route for every role from this table.
 */

/** What can be done with each resource. A public content type's reading is public and needs no right. */
/**
 * `publish` puts a record's draft on the site (now or at a time), takes it off, and is what a write
 * that publishes at once needs besides `update` (decision 109); saving a draft needs `update` only.
 */
const CONTENT_ACTIONS = ['create', 'update', 'delete', 'publish'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export const RESOURCE_ACTIONS = {
  ...(Object.fromEntries(PUBLIC_CONTENT_NAMES.map((name) => [name, CONTENT_ACTIONS])) as Record<
    PublicContentName,
    typeof CONTENT_ACTIONS
  >),
  /** Pictures for the public content (a request's photos come with the request). */
  pictures: ['upload'],
  /**
   * The site's public words in the settings: company texts, hero, about, phone, trust signals.
   * `update` saves them as a draft; `publish` puts them on the site, as for the content (decision 110).
   */
  siteWords: ['update', 'publish'],
  /**
   * Contact requests. `read` sees them (with photos, notes and history); the others change one group
   * of fields each (shared/request-fields.ts) or reach the customer; how many a role reaches, its
   * own or all, is `requestReach` below.
   */
  requests: ['read', 'work', 'assign', 'contact', 'spam', 'reply', 'delete'],
  /** The newsletter's subscribers: list and export, correct, remove. */
  subscribers: ['read', 'update', 'delete'],
  /** Staff by name, for choosing an assignee (`read`); accounts, roles, approval (`manage`). */
  users: ['read', 'manage'],
  invitations: ['manage'],
  /** The settings' operations: where mail goes, sign-in rules, on-call, integrations. */
  operations: ['read', 'update'],
  apiKeys: ['manage'],
  backups: ['download'],
  audit: ['read'],
  /** Scheduled jobs waiting to run, and those given up with their last error. */
  jobs: ['read'],
  /** Deleted records: see and restore those of the types the role may delete; empty for good. */
  trash: ['read', 'purge'],
  stats: ['read'],
  /** The live stream of new and changed requests for open screens. */
  live: ['read'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof RESOURCE_ACTIONS;
export type Permission = {
  [R in Resource]: `${R}:${(typeof RESOURCE_ACTIONS)[R][number]}`;
}[Resource];

/** Every right there is, in declaration order. */
export const PERMISSIONS: readonly Permission[] = (Object.keys(RESOURCE_ACTIONS) as Resource[]).flatMap(
  (resource) => RESOURCE_ACTIONS[resource].map((action) => `${resource}:${action}` as Permission),
);

/**
 * Who may call a route: anyone (`public`), any approved staff member about their own account
 * (`account`: their sessions, password, two-factor sign-in, notifications), or whoever holds a
 * right (or any one of several, for a route whose handler then checks each part).
 */
export type AccessRule = 'public' | 'account' | Permission | readonly Permission[];

/** The rights a rule names, as a list (none for `public` and `account`). */
export const rightsOf = (rule: AccessRule): readonly Permission[] =>
  rule === 'public' || rule === 'account' ? [] : typeof rule === 'string' ? [rule as Permission] : rule;

/** Which requests a role reaches: every one, or only those assigned to the person. */
export type RequestReach = 'all' | 'own' | 'none';

export interface RoleDeclaration {
  label: string;
  /** One sentence for the Users screen and the invitation dialog. */
  summary: string;
  rights: readonly Permission[];
  requestReach: RequestReach;
}

const every = (action: ContentAction) => PUBLIC_CONTENT_NAMES.map((name) => `${name}:${action}` as const);
const publicContentRights = [...every('create'), ...every('update'), ...every('delete')];
const publishRights = every('publish');

export const ROLE_DECLARATIONS = {
  admin: {
    label: 'Admin',
    summary: 'Everything: people, settings, keys, backups and the audit log as well as all the work.',
    rights: PERMISSIONS,
    requestReach: 'all',
  },
  office: {
    label: 'Office',
    summary:
      'Runs the desk and the site: every request, drafts of the public content and its pictures, the site’s public words, the subscribers and the trash. An editor or admin publishes.',
    rights: [
      ...publicContentRights,
      'pictures:upload',
      'siteWords:update',
      'requests:read',
      'requests:work',
      'requests:assign',
      'requests:contact',
      'requests:spam',
      'requests:reply',
      'requests:delete',
      'subscribers:read',
      'subscribers:update',
      'subscribers:delete',
      'users:read',
      'trash:read',
      'stats:read',
      'live:read',
    ],
    requestReach: 'all',
  },
  editor: {
    label: 'Editor',
    summary:
      'Keeps the public site up to date: writes and publishes the content, its pictures and the site’s public words. No requests.',
    rights: [
      ...publicContentRights,
      ...publishRights,
      'pictures:upload',
      'siteWords:update',
      'siteWords:publish',
      'trash:read',
    ],
    requestReach: 'none',
  },
  technician: {
    label: 'Technician',
    summary:
      'Sees only the jobs assigned to them, with the photos: moves them along, adds notes and replies to that customer.',
    rights: ['requests:read', 'requests:work', 'requests:reply'],
    requestReach: 'own',
  },
} as const satisfies Record<StaffRole, RoleDeclaration>;

/** A role's declaration, for any role (a pending account holds nothing). */
export function roleDeclaration(role: Role): RoleDeclaration {
  return role === 'pending'
    ? {
        label: 'Waiting for approval',
        summary: 'Can do nothing until an admin approves it.',
        rights: [],
        requestReach: 'none',
      }
    : ROLE_DECLARATIONS[role];
}

const rightSets = new Map<Role, ReadonlySet<Permission>>();
function rightSet(role: Role): ReadonlySet<Permission> {
  const known = rightSets.get(role);
  if (known) return known;
  const set = new Set(roleDeclaration(role).rights);
  rightSets.set(role, set);
  return set;
}

/** Whether a role holds a right. */
export function may(role: Role | null | undefined, right: Permission): boolean {
  return role != null && rightSet(role).has(right);
}

/** Whether a role may call a route with this rule (any one of its rights; any staff for `account`). */
export function mayCall(role: Role | null | undefined, rule: AccessRule): boolean {
  if (rule === 'public') return true;
  if (role == null || role === 'pending') return false;
  if (rule === 'account') return true;
  return rightsOf(rule).some((right) => may(role, right));
}

/** Which requests a role reaches. */
export const requestReachOf = (role: Role | null | undefined): RequestReach =>
  role == null ? 'none' : roleDeclaration(role).requestReach;

/**
 * The right that stands behind each API key scope. A key limited to a staff member uses a scope
 * only while that person's role holds the right behind it, so a key never does more than its person.
 */
export const SCOPE_RIGHTS: Record<ApiKeyScope, readonly Permission[]> = {
  'content:read': [],
  'content:write': [...publicContentRights, ...publishRights, 'pictures:upload'],
  'leads:read': ['requests:read'],
  'leads:write': ['requests:work'],
  'leads:assign': ['requests:assign'],
  'leads:contact': ['requests:contact'],
  'leads:reply': ['requests:reply'],
};

/** The scopes a role's person may lend a key: those whose rights the role holds. */
export function scopesWithin(role: Role | null | undefined, scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  return scopes.filter((scope) => {
    const rights = SCOPE_RIGHTS[scope];
    return rights.length === 0
      ? role != null && role !== 'pending'
      : rights.some((right) => may(role, right));
  });
}

/** Resources no API key ever reaches, whatever its scopes: a route of theirs naming a key scope refuses to start. */
export const NEVER_BY_KEY: ReadonlySet<Resource> = new Set([
  'users',
  'invitations',
  'operations',
  'apiKeys',
  'backups',
  'audit',
  'jobs',
  'trash',
]);

/** The resource a right is about. */
export const resourceOf = (right: Permission): Resource => right.slice(0, right.indexOf(':')) as Resource;

export { STAFF_ROLES };

/** The staff roles that may call a route with this rule. */
export const rolesMayCall = (rule: AccessRule): StaffRole[] =>
  STAFF_ROLES.filter((role) => mayCall(role, rule));

/** Who may call a route, in a sentence for the API document (none for a public route). */
export function whoMayCall(rule: AccessRule): string {
  if (rule === 'public') return '';
  if (rule === 'account') return 'Any approved staff member, about their own account.';
  const rights = rightsOf(rule).map((right) => `\`${right}\``);
  const roles = rolesMayCall(rule).map((role) => ROLE_DECLARATIONS[role].label);
  const needs = rights.length === 1 ? `the right ${rights[0]}` : `one of the rights ${rights.join(', ')}`;
  return `Needs ${needs}: roles ${roles.join(', ')}.`;
}

/**
 * Whether a person can be given a request (an assignee, someone on call): approved staff whose role
 * reaches requests. An editor, who never sees one, is not offered.
 */
export const takesRequests = (user: { role: Role } | null | undefined): boolean =>
  user != null && user.role !== 'pending' && requestReachOf(user.role) !== 'none';
