/**
 * The public website's fixed pages, in the order the sitemap lists them. The web app links them and
 * the server's sitemap lists them, so both read this one list.
 */
export const PUBLIC_PAGES = [
  { path: '/home', label: 'Home', priority: 1.0 },
  { path: '/services', label: 'Services', priority: 0.9 },
  { path: '/projects', label: 'Projects', priority: 0.8 },
  { path: '/serviceCenter', label: 'Service centers', priority: 0.7 },
  { path: '/about', label: 'About', priority: 0.7 },
  { path: '/client', label: 'Clients', priority: 0.6 },
  { path: '/gallery', label: 'Gallery', priority: 0.5 },
  { path: '/contact', label: 'Contact', priority: 0.8 },
] as const;

const SERVICE_PATH_PREFIX = '/services/';
const CENTER_PATH_PREFIX = '/serviceCenter/';

/** Where a service's own page lives. */
export const servicePath = (slug: string) => `${SERVICE_PATH_PREFIX}${encodeURIComponent(slug)}`;

/** Where a service center's own page lives. */
export const centerPath = (slug: string) => `${CENTER_PATH_PREFIX}${encodeURIComponent(slug)}`;

const PROJECT_PATH_PREFIX = '/projects/';

/** Where a project's own page lives. */
export const projectPath = (slug: string) => `${PROJECT_PATH_PREFIX}${encodeURIComponent(slug)}`;

/** What a visitor sees when the server cannot be reached (the service worker); not in the sitemap. */
export const OFFLINE_PATH = '/offline';

/** Prefixes of the pages each record of a slugged type has: one path segment after them. */
const RECORD_PATH_PREFIXES = [SERVICE_PATH_PREFIX, CENTER_PATH_PREFIX, PROJECT_PATH_PREFIX];

/**
 * The public pages as URL patterns: the fixed pages and every service's, center's and project's
 * page. The browser's speculation rules and the service worker both read these, so neither can
 * reach an admin path.
 */
export const PUBLIC_PAGE_PATTERNS: readonly string[] = [
  ...PUBLIC_PAGES.map((page) => page.path),
  ...RECORD_PATH_PREFIXES.map((prefix) => `${prefix}*`),
];

/** Whether a path is one of the public pages of PUBLIC_PAGE_PATTERNS (a record's page: one segment). */
export function isPublicPagePath(pathname: string): boolean {
  if (PUBLIC_PAGES.some((page) => page.path === pathname)) return true;
  return RECORD_PATH_PREFIXES.some((prefix) => {
    const slug = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
    return slug !== '' && !slug.includes('/');
  });
}

/**
 * Where crawlers are kept out (robots.txt): the API, the sign-in pages and every staff screen (the
 * admin's screens test checks each screen starts with one of these).
 */
export const PRIVATE_PATHS: readonly string[] = [
  '/api/',
  '/login',
  '/signup',
  '/dashboard',
  '/message',
  '/add',
  '/subscribers',
  '/users',
  '/settings',
  '/trash',
  '/my-jobs',
  '/jobs',
  '/audit',
  '/api-keys',
  '/on-call',
  '/account',
];
