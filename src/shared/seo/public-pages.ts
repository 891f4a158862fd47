/**
 * The public website's fixed pages, in the order the sitemap lists them. The web app links them and
 * the server's sitemap lists them, so both read this one list.
 */
export const PUBLIC_PAGES = [
  { path: '/home', label: 'Home', priority: 1.0 },
  { path: '/services', label: 'Services', priority: 0.9 },
  { path: '/serviceCenter', label: 'Service Centers', priority: 0.7 },
  { path: '/department', label: 'Departments', priority: 0.6 },
  { path: '/about', label: 'About', priority: 0.7 },
  { path: '/client', label: 'Clients', priority: 0.6 },
  { path: '/gallery', label: 'Gallery', priority: 0.5 },
  { path: '/contact', label: 'Contact', priority: 0.8 },
] as const;

const SERVICE_PATH_PREFIX = '/services/';

/** Where a service's own page lives. */
export const servicePath = (slug: string) => `${SERVICE_PATH_PREFIX}${encodeURIComponent(slug)}`;

/** What a visitor sees when the server cannot be reached (the service worker); not in the sitemap. */
export const OFFLINE_PATH = '/offline';

/**
 * The public pages as URL patterns: the fixed pages and every service's page. The browser's
 * speculation rules and the service worker both read these, so neither can reach an admin path.
 */
export const PUBLIC_PAGE_PATTERNS: readonly string[] = [
  ...PUBLIC_PAGES.map((page) => page.path),
  `${SERVICE_PATH_PREFIX}*`,
];

/** Whether a path is one of the public pages of PUBLIC_PAGE_PATTERNS (a service's page: one segment). */
export function isPublicPagePath(pathname: string): boolean {
  if (PUBLIC_PAGES.some((page) => page.path === pathname)) return true;
  const slug = pathname.startsWith(SERVICE_PATH_PREFIX) ? pathname.slice(SERVICE_PATH_PREFIX.length) : '';
  return slug !== '' && !slug.includes('/');
}
