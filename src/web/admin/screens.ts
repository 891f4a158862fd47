import type { ContentTypeDef } from '../../shared/content/define';
import { contactus, contentTypes } from '../../shared/content/types';
import {
  type AccessRule,
  mayCall,
  type Permission,
  type RequestReach,
  requestReachOf,
} from '../../shared/permissions';
import type { Role } from '../../shared/roles';

/** One entry of the admin navigation and the dashboard. */
export interface AdminScreen {
  path: string;
  /** Navigation label. */
  label: string;
  /** Dashboard tile title (the spec names four of them). */
  tile: string;
  description: string;
  /** Who the screen is for: the rule of the route it is built on (shared/permissions.ts). */
  access: AccessRule;
  /** A live number shown on the tile. */
  count?: 'unreadMessages' | 'pendingUsers';
  /**
   * In the navigation only of roles reaching this many requests: the queue is for the desk, a
   * technician's own jobs have a screen of their own. Opening it still follows `access` alone.
   */
  shownForReach?: RequestReach;
  /** Where its roles land after signing in, instead of the dashboard. */
  landing?: true;
}

/** The declared types with a generic list screen; the inbox has a screen of its own. */
export const listedTypes: readonly ContentTypeDef[] = contentTypes.filter(
  (def) => def.name !== contactus.name,
);

export function typeForPath(pathname: string): ContentTypeDef | undefined {
  // Trailing slashes are matched from the first of the run only: /a//////… costs one pass.
  const path = pathname.replace(/(?<!\/)\/+$/, '').toLowerCase();
  return listedTypes.find((def) => def.admin.path.toLowerCase() === path);
}

// The spec's dashboard names these four tiles; they come first, in sentence case like every
// other word of the admin area (docs/decisions/104).
const SPEC_TILES: Record<string, string> = {
  '/addServices': 'Add services',
  '/addclient': 'Add client',
  '/message': 'Message',
  '/addCenter': 'Add service center',
};

const contentScreens: AdminScreen[] = contentTypes.map((def) => ({
  path: def.admin.path,
  label: def.name === contactus.name ? 'Messages' : def.admin.title,
  tile: SPEC_TILES[def.admin.path] ?? def.admin.title,
  description:
    def.name === contactus.name
      ? 'Read, mark and answer what visitors sent.'
      : def.access.create === 'public'
        ? `${def.plural} who signed up on the website.`
        : `${def.plural} shown on the website.`,
  count: def.name === contactus.name ? 'unreadMessages' : undefined,
  access: screenAccess(def),
  shownForReach: def.name === contactus.name ? 'all' : undefined,
}));

/** A list screen is for whoever reads the list as staff, or changes a public type's records. */
function screenAccess(def: ContentTypeDef): AccessRule {
  if (def.access.list !== 'public') return def.access.list;
  return [def.access.create, def.access.update, def.access.delete].filter(
    (rule): rule is Permission => rule !== 'public' && rule !== 'account' && typeof rule === 'string',
  );
}

/** The screens in a role's navigation, in order. */
export const screensFor = (role: Role) =>
  adminScreens.filter(
    (screen) =>
      mayCall(role, screen.access) &&
      (!screen.shownForReach || screen.shownForReach === requestReachOf(role)),
  );

export const MY_JOBS_PATH = '/my-jobs';
export const DASHBOARD_PATH = '/dashboard';
/** The site's own timed work (GET /api/jobs): not a technician's jobs, which are My jobs. */
export const JOB_QUEUE_PATH = '/jobs';

/** Where a role lands after signing in, and the way back from a screen that is not theirs. */
export const homeFor = (role: Role): string =>
  screensFor(role).find((screen) => screen.landing)?.path ?? DASHBOARD_PATH;

/** Where a request's page leads back to: the queue, or (a technician's) their own jobs. */
export function requestsHomeFor(role: Role): { path: string; label: string } {
  const screens = screensFor(role);
  const queue = screens.find((screen) => screen.path === contactus.admin.path);
  if (queue) return { path: queue.path, label: 'the queue' };
  const home = homeFor(role);
  return { path: home, label: screens.find((screen) => screen.path === home)?.label ?? 'the dashboard' };
}

/** The screen an address belongs to (`/message/:id` to the queue's), if any: the dashboard is everyone's. */
export function screenAt(pathname: string): AdminScreen | undefined {
  const path = pathname.replace(/(?<!\/)\/+$/, '').toLowerCase();
  return adminScreens.find((screen) => {
    const own = screen.path.toLowerCase();
    return path === own || path.startsWith(`${own}/`);
  });
}

export const adminScreens: AdminScreen[] = [
  {
    path: MY_JOBS_PATH,
    label: 'My jobs',
    tile: 'My jobs',
    description: 'The requests assigned to you: visits first, with call, WhatsApp and directions.',
    access: contactus.access.list,
    shownForReach: 'own',
    landing: true,
  },
  ...Object.keys(SPEC_TILES).map((path) => contentScreens.find((s) => s.path === path)!),
  ...contentScreens.filter((s) => !(s.path in SPEC_TILES)),
  {
    path: '/users',
    label: 'Users',
    tile: 'Users',
    description: 'Approve sign-ups, change roles, remove accounts.',
    access: 'users:manage',
    count: 'pendingUsers',
  },
  {
    path: '/api-keys',
    label: 'API keys',
    tile: 'API keys',
    description: 'Keys with scopes for other apps to use the API.',
    access: 'apiKeys:manage',
  },
  {
    path: '/on-call',
    label: 'On call',
    tile: 'On call',
    description: 'Who gets urgent requests, by day and hour.',
    access: 'operations:read',
  },
  {
    path: '/settings',
    label: 'Site settings',
    tile: 'Site settings',
    description: 'Company details, contact data, links and page texts.',
    access: ['siteWords:update', 'operations:update'],
  },
  {
    path: '/trash',
    label: 'Trash',
    tile: 'Trash',
    description: 'Restore deleted records (kept for 30 days).',
    access: 'trash:read',
  },
  {
    path: '/audit',
    label: 'Audit log',
    tile: 'Audit log',
    description: 'Who changed what, and when.',
    access: 'audit:read',
  },
  {
    path: JOB_QUEUE_PATH,
    label: 'Job queue',
    tile: 'Job queue',
    description: 'Scheduled publishes still to run, and jobs given up with their last error.',
    access: 'jobs:read',
  },
  {
    path: '/account',
    label: 'My account',
    tile: 'My account',
    description: 'Your details and your password.',
    access: 'account',
  },
];
