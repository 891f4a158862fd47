import type { ContentTypeDef } from '../../shared/content/define';
import { contactus, contentTypes } from '../../shared/content/types';

/** One entry of the admin navigation and the dashboard. */
export interface AdminScreen {
  path: string;
  /** Navigation label. */
  label: string;
  /** Dashboard tile title (the spec names four of them). */
  tile: string;
  description: string;
  adminOnly?: boolean;
  /** A live number shown on the tile. */
  count?: 'unreadMessages' | 'pendingUsers';
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

// The spec's dashboard names these four tiles; they come first.
const SPEC_TILES: Record<string, string> = {
  '/addServices': 'Add Services',
  '/addclient': 'Add Client',
  '/message': 'Message',
  '/addCenter': 'Add Service Center',
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
}));

export const adminScreens: AdminScreen[] = [
  ...Object.keys(SPEC_TILES).map((path) => contentScreens.find((s) => s.path === path)!),
  ...contentScreens.filter((s) => !(s.path in SPEC_TILES)),
  {
    path: '/users',
    label: 'Users',
    tile: 'Users',
    description: 'Approve sign-ups, change roles, remove accounts.',
    adminOnly: true,
    count: 'pendingUsers',
  },
  {
    path: '/api-keys',
    label: 'API keys',
    tile: 'API keys',
    description: 'Keys with scopes for other apps to use the API.',
    adminOnly: true,
  },
  {
    path: '/settings',
    label: 'Site settings',
    tile: 'Site settings',
    description: 'Company details, contact data, links and page texts.',
  },
  {
    path: '/trash',
    label: 'Trash',
    tile: 'Trash',
    description: 'Restore deleted records (kept for 30 days).',
  },
  {
    path: '/audit',
    label: 'Audit log',
    tile: 'Audit log',
    description: 'Who changed what, and when.',
    adminOnly: true,
  },
  {
    path: '/account',
    label: 'My account',
    tile: 'My account',
    description: 'Your details and your password.',
  },
];
