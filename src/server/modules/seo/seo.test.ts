import { describe, expect, it } from 'vitest';
import { localBusinessJsonLd, serializeJsonLd } from '../../../shared/seo/json-ld';
import { OFFLINE_PATH, PUBLIC_PAGES } from '../../../shared/seo/public-pages';
import { DEFAULT_SETTINGS } from '../settings/defaults';
import { robotsTxt, sitemapXml } from './routes';

describe('sitemap.xml', () => {
  it('lists every public page and every service under the given origin', () => {
    const xml = sitemapXml('https://www.example.com', [
      { slug: 'ac-repair', updatedAt: '2026-03-04T10:00:00.000Z' },
      { slug: 'cctv' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>https://www.example.com${page.path}</loc>`);
    expect(xml).toContain(
      '<loc>https://www.example.com/services/ac-repair</loc><lastmod>2026-03-04</lastmod>',
    );
    expect(xml).toContain('<loc>https://www.example.com/services/cctv</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_PAGES.length + 2);
    expect(xml).not.toContain(OFFLINE_PATH);
  });

  it('escapes what XML would misread', () => {
    expect(sitemapXml('https://a.example', [{ slug: 'a&b' }])).toContain('/services/a%26b');
    expect(sitemapXml("https://a.example/?x='<", [])).not.toMatch(/<loc>[^<]*'</);
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the staff area and the API, and names the sitemap', () => {
    const text = robotsTxt('https://www.example.com');
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/api/', '/login', '/dashboard', '/message'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toContain('Disallow: /services');
    expect(text).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });
});

describe('LocalBusiness JSON-LD', () => {
  const settings = { ...DEFAULT_SETTINGS, youtubeUrl: '' };
  const ld = localBusinessJsonLd(
    settings,
    [{ title: 'AC Service', slug: 'ac-service' }],
    'https://x.example',
  );

  it('names the company, its phone, address and round-the-clock hours from the settings', () => {
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe(settings.companyName);
    expect(ld.telephone).toBe(settings.phone);
    expect(ld.address).toMatchObject({
      streetAddress: settings.address,
      addressLocality: settings.city,
      addressCountry: settings.country,
    });
    expect(ld.openingHoursSpecification).toMatchObject({ opens: '00:00', closes: '23:59' });
    expect((ld.openingHoursSpecification as { dayOfWeek: string[] }).dayOfWeek).toHaveLength(7);
  });

  it('lists the services with their pages and only the social links that are set', () => {
    expect(JSON.stringify(ld.hasOfferCatalog)).toContain('"name":"AC Service"');
    expect(JSON.stringify(ld.hasOfferCatalog)).toContain('https://x.example/services/ac-service');
    expect(ld.sameAs).toEqual([settings.facebookUrl, settings.instagramUrl, settings.linkedinUrl]);
  });

  it('cannot break out of its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('GET /sitemap.xml and /robots.txt', async () => {
  const { createTestApp } = await import('../../test/helpers');
  const { app, signIn } = await createTestApp({ env: { PUBLIC_URL: 'https://www.coolfix.example' } });

  it('answers the sitemap to anyone, with services staff add and without the ones they delete', async () => {
    const { authorization } = await signIn();
    const create = (title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/service',
        headers: { authorization },
        payload: { title, description: 'Fixes things.', serviceName: 'electric' },
      });
    const kept = (await create('Panel Upgrades')).json();
    const removed = (await create('Old Service')).json();
    await app.inject({ method: 'DELETE', url: `/api/service/${removed._id}`, headers: { authorization } });

    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`<loc>https://www.coolfix.example/services/${kept.slug}</loc>`);
    expect(res.body).not.toContain('old-service');
    expect(res.body).toContain('<loc>https://www.coolfix.example/contact</loc>');
  });

  it('answers robots.txt pointing at the public sitemap address', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://www.coolfix.example/sitemap.xml');
  });
});
