import { describe, expect, it } from 'vitest';
import { isPublicPagePath, PUBLIC_PAGE_PATTERNS, PUBLIC_PAGES } from '../../shared/seo/public-pages';
import { adminRoutes } from '../routes/admin/routes';
import { SPECULATION_RULES } from './speculation-rules';

/** Every path the admin area's route config declares, nested ones joined to their parents. */
function adminPaths(routes: readonly { path?: string; children?: unknown[] }[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    const own = route.path ? [path] : [];
    return [...own, ...adminPaths((route.children ?? []) as typeof routes, path)];
  });
}

describe('the public page patterns the speculation rules and the service worker share', () => {
  it('match no admin path, sign-in, sign-out or API path', () => {
    const paths = [
      ...adminPaths(adminRoutes),
      '/login',
      '/logout',
      '/signup',
      '/api/status',
      '/api/auth/login',
    ];
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/message']));
    for (const path of paths) expect(isPublicPagePath(path.replace(/:\w+/g, 'x')), path).toBe(false);
  });

  it('are the pages the sitemap lists and the service, center and project pages', () => {
    for (const page of PUBLIC_PAGES) expect(isPublicPagePath(page.path)).toBe(true);
    expect(isPublicPagePath('/services/ac-repair')).toBe(true);
    expect(isPublicPagePath('/services/')).toBe(false);
    expect(isPublicPagePath('/serviceCenter/lahore-head-office')).toBe(true);
    expect(isPublicPagePath('/serviceCenter/lahore/x')).toBe(false);
    expect(isPublicPagePath('/projects/cold-room-rescue')).toBe(true);
    expect(isPublicPagePath('/projects/a/b')).toBe(false);
    // A request's private status page is never fetched ahead nor kept by the worker.
    expect(isPublicPagePath('/track/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe(false);
    expect(PUBLIC_PAGE_PATTERNS.some((pattern) => pattern.startsWith('/track'))).toBe(false);
    expect(JSON.parse(SPECULATION_RULES).prerender[0].where.and[0].href_matches).toEqual(
      PUBLIC_PAGE_PATTERNS,
    );
  });
});
