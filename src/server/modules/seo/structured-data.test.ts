import { describe, expect, it } from 'vitest';
import { jsonLdOf, jsonLdProblems, jsonLdTypes } from '../../../shared/seo/json-ld-rules';
import { createTestApp } from '../../test/helpers';
import { seedDemoInto } from '../demo/seed';

const ORIGIN = 'https://www.coolfix.example';

/**
 * What search engines read on the demo site: every page the sitemap lists, rendered as a visitor
 * gets it, with each of its JSON-LD documents judged by the rules of the types it uses
 * (json-ld-rules.ts). A page that starts emitting a new type fails here until the type has a rule.
 */
describe('structured data of every page in the sitemap (needs npm run build)', async () => {
  const t = await createTestApp({ ssr: true, env: { PUBLIC_URL: ORIGIN } });
  await seedDemoInto(t.app);
  const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]!.replace(ORIGIN, '').replaceAll('&amp;', '&'),
  );
  const pages = new Map<string, unknown[]>();
  for (const path of paths) {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode, path).toBe(200);
    pages.set(path, jsonLdOf(res.body));
  }

  it('lists the fixed pages, every service and every center', () => {
    expect(paths).toEqual(expect.arrayContaining(['/home', '/about', '/serviceCenter']));
    expect(paths.filter((path) => path.startsWith('/services/'))).toHaveLength(10);
    expect(paths.filter((path) => path.startsWith('/serviceCenter/'))).toHaveLength(3);
  });

  it('answers a center page that does not exist with the 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/serviceCenter/no-such-center' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1');
  });

  it.each(paths)('%s: every JSON-LD document has what its types require', (path) => {
    const documents = pages.get(path) ?? [];
    expect(documents.length, 'the company LocalBusiness on every page').toBeGreaterThanOrEqual(1);
    expect(documents.flatMap(jsonLdProblems)).toEqual([]);
  });

  it("carries the company's rating from the demo settings, and each center's own hours and areas", () => {
    const [company] = (pages.get('/home') ?? []) as Record<string, unknown>[];
    expect(company?.aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 326, bestRating: 5 });
    for (const path of paths.filter((p) => p.startsWith('/serviceCenter/'))) {
      const center = (pages.get(path) ?? []).find(
        (document) => (document as { url?: string }).url === `${ORIGIN}${path}`,
      ) as Record<string, unknown> | undefined;
      expect(center, path).toBeDefined();
      expect(center?.openingHoursSpecification, path).not.toHaveLength(0);
      expect(center?.areaServed, path).not.toHaveLength(0);
      expect(center?.parentOrganization).toEqual({ '@id': `${ORIGIN}/#business` });
    }
    const types = new Set([...pages.values()].flat().flatMap(jsonLdTypes));
    expect([...types]).toEqual(
      expect.arrayContaining([
        'LocalBusiness',
        'AggregateRating',
        'OpeningHoursSpecification',
        'Service',
        'FAQPage',
      ]),
    );
  });
});
