import type { FastifyPluginAsync } from 'fastify';
import {
  centerPath,
  PRIVATE_PATHS,
  PUBLIC_PAGES,
  projectPath,
  servicePath,
} from '../../../shared/seo/public-pages';
import type { SiteData } from '../../../shared/site-data';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A record with a page of its own (a service, a center, a project), as the sitemap lists it. */
interface PageRecord {
  slug: string;
  updatedAt?: string;
}

export function sitemapXml(
  origin: string,
  services: readonly PageRecord[],
  centers: readonly PageRecord[] = [],
  projects: readonly PageRecord[] = [],
): string {
  const url = (path: string, priority: number, lastmod?: string) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}<priority>${priority.toFixed(1)}</priority></url>`;
  const lines = [
    ...PUBLIC_PAGES.map((page) => url(page.path, page.priority)),
    ...services.map((service) => url(servicePath(service.slug), 0.8, service.updatedAt)),
    ...centers.map((center) => url(centerPath(center.slug), 0.6, center.updatedAt)),
    ...projects.map((project) => url(projectPath(project.slug), 0.6, project.updatedAt)),
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

/** GET /sitemap.xml (every public page, service, center and project) and GET /robots.txt. */
export function seoRoutes(site: SiteData): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/sitemap.xml',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) => {
        const [services, centers, projects] = await Promise.all([
          site.list('service'),
          site.list('servicecenter'),
          site.list('project'),
        ]);
        const pages = (records: readonly PageRecord[]) =>
          records.map(({ slug, updatedAt }) => ({ slug, updatedAt }));
        return reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(sitemapXml(app.siteOrigin(), pages(services), pages(centers), pages(projects)));
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
