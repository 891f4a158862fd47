import { describe, expect, it } from 'vitest';
import { localBusinessJsonLd, serializeJsonLd, serviceCenterJsonLd } from '../../../shared/seo/json-ld';
import { jsonLdProblems } from '../../../shared/seo/json-ld-rules';
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

  it('lists every service center page after the services', () => {
    const xml = sitemapXml(
      'https://www.example.com',
      [{ slug: 'cctv' }],
      [{ slug: 'lahore-head-office', updatedAt: '2026-05-06T10:00:00.000Z' }],
    );
    expect(xml).toContain(
      '<loc>https://www.example.com/serviceCenter/lahore-head-office</loc><lastmod>2026-05-06</lastmod>',
    );
    expect(xml.indexOf('/serviceCenter/lahore-head-office')).toBeGreaterThan(xml.indexOf('/services/cctv'));
  });

  it('lists every project page after the services', () => {
    const xml = sitemapXml(
      'https://www.example.com',
      [{ slug: 'cctv' }],
      [],
      [{ slug: 'cold-room-rescue', updatedAt: '2026-03-04T10:00:00.000Z' }],
    );
    expect(xml).toContain(
      '<loc>https://www.example.com/projects/cold-room-rescue</loc><lastmod>2026-03-04</lastmod>',
    );
    expect(xml.indexOf('/projects/cold-room-rescue')).toBeGreaterThan(xml.indexOf('/services/cctv'));
    expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_PAGES.length + 2);
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

  it('names the company as provider of each service it offers', () => {
    expect(jsonLdProblems(ld)).toEqual([]);
  });

  it('carries a rating only when both a rating and a count of reviews are set', () => {
    const rated = localBusinessJsonLd(
      { ...settings, ratingValue: '4.8', ratingCount: 326, foundedYear: 2009 },
      [],
      'https://x.example',
    );
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.8,
      reviewCount: 326,
      bestRating: 5,
      worstRating: 1,
    });
    expect(rated.foundingDate).toBe('2009');
    expect(jsonLdProblems(rated)).toEqual([]);
    for (const partial of [
      { ratingValue: '4.8', ratingCount: null },
      { ratingValue: '4.8', ratingCount: 0 },
      { ratingValue: '', ratingCount: 326 },
      { ratingValue: '9', ratingCount: 326 },
    ])
      expect(localBusinessJsonLd({ ...settings, ...partial }, [], 'https://x.example')).not.toHaveProperty(
        'aggregateRating',
      );
    expect(ld).not.toHaveProperty('foundingDate');
  });

  it('lists the certifications as credentials, with their issuer, number and link when set', () => {
    const certified = localBusinessJsonLd(
      {
        ...settings,
        certifications: [
          {
            name: 'PEC licence',
            issuer: 'Pakistan Engineering Council',
            number: 'C5/04418',
            url: 'https://www.pec.org.pk/',
            image: '',
          },
          { name: 'ISO 9001', issuer: '', number: '', url: '', image: '' },
        ],
      },
      [],
      'https://x.example',
    );
    expect(certified.hasCredential).toEqual([
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'PEC licence',
        identifier: 'C5/04418',
        url: 'https://www.pec.org.pk/',
        recognizedBy: { '@type': 'Organization', name: 'Pakistan Engineering Council' },
      },
      { '@type': 'EducationalOccupationalCredential', name: 'ISO 9001' },
    ]);
    expect(jsonLdProblems(certified)).toEqual([]);
  });

  it('cannot break out of its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe("a service center's LocalBusiness JSON-LD", () => {
  const center = {
    name: 'Karachi Service Center',
    slug: 'karachi-service-center',
    phone: '02134567890',
    address: 'Plot 45, Shahrah-e-Faisal, Karachi',
    images: ['/media/abc.webp'],
    hours: {
      monday: { opens: '09:00', closes: '19:00' },
      tuesday: { opens: '09:00', closes: '19:00' },
      saturday: { opens: '10:00', closes: '14:00' },
      wednesday: { opens: '09:00', closes: '19:00' },
    },
    areas: ['Clifton', 'PECHS'],
  };
  const settings = { phone: '03001234567', country: 'PK' };

  it('is a branch of the company with its own address, phone, page, picture and areas', () => {
    const ld = serviceCenterJsonLd(center, settings, 'https://x.example');
    expect(ld).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Karachi Service Center',
      url: 'https://x.example/serviceCenter/karachi-service-center',
      telephone: '02134567890',
      address: { '@type': 'PostalAddress', streetAddress: center.address, addressCountry: 'PK' },
      image: ['https://x.example/media/abc.webp'],
      areaServed: ['Clifton', 'PECHS'],
      parentOrganization: { '@id': 'https://x.example/#business' },
    });
    expect(jsonLdProblems(ld)).toEqual([]);
  });

  it('groups the days with equal hours into one opening-hours entry, in calendar order, closed days left out', () => {
    expect(serviceCenterJsonLd(center, settings, 'https://x.example')?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday'],
        opens: '09:00',
        closes: '19:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '14:00' },
    ]);
  });

  it("gives the company's phone without one of its own, and nothing at all without an address", () => {
    const bare = { ...center, phone: '', hours: {}, areas: [], images: [] };
    const ld = serviceCenterJsonLd(bare, settings, 'https://x.example');
    expect(ld?.telephone).toBe('03001234567');
    expect(ld).not.toHaveProperty('openingHoursSpecification');
    expect(ld).not.toHaveProperty('areaServed');
    expect(jsonLdProblems(ld)).toEqual([]);
    expect(serviceCenterJsonLd({ ...center, address: ' ' }, settings, 'https://x.example')).toBeNull();
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

  it('lists each project page staff add', async () => {
    const { authorization } = await signIn();
    const [service] = (await app.inject({ method: 'GET', url: '/api/service' })).json();
    const project = await app.inject({
      method: 'POST',
      url: '/api/project',
      headers: { authorization },
      payload: { title: 'Panel swap in Gulberg', service: service._id },
    });
    expect(project.statusCode, project.body).toBe(201);
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain('<loc>https://www.coolfix.example/projects/panel-swap-in-gulberg</loc>');
  });

  it('answers robots.txt pointing at the public sitemap address', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://www.coolfix.example/sitemap.xml');
  });
});
