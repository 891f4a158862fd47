import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_PAGES, servicePath } from '../../../shared/seo/public-pages';
import type { SiteData } from '../../../shared/site-data';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Paths staff use: search engines have no business there. */
const PRIVATE_PATHS = [
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
];

export function sitemapXml(
  origin: string,
  services: readonly { slug: string; updatedAt?: string }[],
): string {
  const url = (path: string, priority: number, lastmod?: string) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}<priority>${priority.toFixed(1)}</priority></url>`;
  const lines = [
    ...PUBLIC_PAGES.map((page) => url(page.path, page.priority)),
    ...services.map((service) => url(servicePath(service.slug), 0.8, service.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** GET /sitemap.xml (every public page and every service) and GET /robots.txt. */
export function seoRoutes(site: SiteData): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/sitemap.xml',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) => {
        const services = await site.list('service');
        const list = services.map(({ slug, updatedAt }) => ({ slug, updatedAt }));
        return reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(sitemapXml(app.siteOrigin(), list));
      },
    );
    app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(app.siteOrigin())),
    );
  };
}
