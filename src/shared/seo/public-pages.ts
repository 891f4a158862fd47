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

/** Where a service's own page lives. */
export const servicePath = (slug: string) => `/services/${encodeURIComponent(slug)}`;
