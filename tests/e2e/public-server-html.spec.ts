import { expect, test } from './fixtures';
import { decodeHtml, listOf, PUBLIC_PATHS, settingsOf } from './support/public';

type Row = Record<string, unknown> & { _id: string };
const str = (value: unknown) => String(value ?? '');

/** A page fetched like a crawler would: no JavaScript, just the server's HTML. */
async function html(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), text: decodeHtml(await response.text()), headers: response.headers() };
}

test.describe('every public page arrives from the server with its content from the database', () => {
  test('home: hero from settings, every service, clients and the contact form', async ({ request }) => {
    const settings = await settingsOf(request);
    const services = await listOf<Row>(request, 'service');
    const clients = await listOf<Row>(request, 'client');
    const { status, text } = await html(request, '/home');
    expect(status).toBe(200);
    // The hero's title is the response-time promise when one is set, else the hero title.
    const promise = settings.responseTime || settings.heroTitle;
    for (const value of [settings.companyName, promise, settings.heroText, settings.tagline])
      expect(text).toContain(value);
    expect(text).toContain(`href="tel:${settings.phone}"`);
    for (const service of services) expect(text).toContain(str(service.title));
    expect(text).toContain(str(clients[0]?.name));
    const form = /<form[^>]*action="\/contact"[^>]*>/.exec(text)?.[0];
    expect(form).toContain('method="post"');
  });

  test('services: every service with its sentence and price, and the category chips with human names', async ({
    request,
  }) => {
    const services = await listOf<Row>(request, 'service');
    const { text } = await html(request, '/services');
    for (const service of services) {
      expect(text).toContain(str(service.title));
      expect(text).toContain(`/services/${str(service.slug)}`);
      expect(text).toContain(str(service.summary));
      if (Number(service.calloutPrice) > 0)
        expect(text).toContain(`From Rs ${Number(service.calloutPrice).toLocaleString('en-US')}`);
    }
    for (const label of [
      'Cooling & Refrigeration',
      'Electrical',
      'CCTV & Security',
      'Painting',
      'Air-Conditioning',
    ])
      expect(text).toContain(label);
  });

  test('a service page: title, full description and pictures, and no icon beside the title', async ({
    request,
  }) => {
    const [service] = await listOf<Row>(request, 'service');
    const { status, text } = await html(request, `/services/${str(service!.slug)}`);
    expect(status).toBe(200);
    expect(text).toContain(`<h1>${str(service!.title)}</h1>`);
    expect(text).toContain(str(service!.description));
    const hash = (url: unknown) => /\/media\/([0-9a-f]{32})/.exec(str(url))?.[1];
    expect(text).not.toContain('class="service-icon"');
    for (const image of service!.images as string[]) expect(text).toContain(hash(image)!);
  });

  test('service centers, departments, about, clients and gallery show their records', async ({ request }) => {
    const expectations: [string, string, string[]][] = [
      ['/serviceCenter', 'servicecenter', ['name', 'phone', 'address']],
      ['/about', 'department', ['name', 'description']],
      ['/about', 'aboutus', ['title']],
      ['/about', 'team', ['name', 'position']],
      ['/client', 'testimonial', ['name', 'position', 'text']],
      ['/client', 'client', ['name', 'work']],
      ['/gallery', 'gallery', ['title']],
    ];
    for (const [path, type, fields] of expectations) {
      const { status, text } = await html(request, path);
      expect(status, path).toBe(200);
      const records = await listOf<Row>(request, type);
      expect(records.length, type).toBeGreaterThan(0);
      for (const record of records)
        for (const field of fields) expect(text, `${path} ${type}.${field}`).toContain(str(record[field]));
    }
    const settings = await settingsOf(request);
    const about = (await html(request, '/about')).text;
    expect(about).toContain(settings.aboutIntro);
    expect(about).toContain(settings.aboutCommitment);
  });

  test('contact: the company details from settings and a form that posts without JavaScript', async ({
    request,
  }) => {
    const settings = await settingsOf(request);
    const { text } = await html(request, '/contact');
    for (const value of [settings.address, settings.phone, settings.email]) expect(text).toContain(value);
    expect(text).toContain(`https://wa.me/${settings.chatNumber}`);
    for (const name of ['name', 'email', 'phone', 'message']) expect(text).toContain(`name="${name}"`);
  });
});

test.describe('addresses', () => {
  test('the empty path, the old service address without a service, and unknown pages', async ({
    request,
  }) => {
    const root = await html(request, '/');
    expect(root.status).toBe(301);
    expect(root.headers.location).toBe('/home');
    const old = await html(request, '/serviceDetail');
    expect([301, 302]).toContain(old.status);
    expect(old.headers.location).toBe('/services');
    const named = await html(request, '/serviceDetail?service=ac-repair');
    expect([301, 302]).toContain(named.status);
    expect(named.headers.location).toBe('/services/ac-repair');
    const odd = await html(request, '/serviceDetail?service=%2F%2Fevil.example');
    expect(odd.headers.location).toBe('/services');
    for (const path of ['/no-such-page', '/services/no-such-service']) {
      const missing = await html(request, path);
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('Page not found');
      expect(missing.text).toContain('href="/services"');
      expect(missing.text).toContain('href="/contact"');
    }
  });
});

test.describe('search engines', () => {
  test('each page has its own title and description, a canonical address and Open Graph tags', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    const [service] = await listOf<Row>(request, 'service');
    for (const path of [...PUBLIC_PATHS, `/services/${str(service!.slug)}`]) {
      const { text } = await html(request, path);
      const title = /<title>([^<]+)<\/title>/.exec(text)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(text)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(text, path).toMatch(
        new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+${path}"`),
      );
      expect(text).toContain(`<meta property="og:title" content="${title}"`);
      expect(text).toContain('<meta property="og:description"');
      expect(text).toContain('<meta property="og:url"');
    }
    expect(titles.size).toBe(PUBLIC_PATHS.length + 1);
    expect(descriptions.size).toBe(PUBLIC_PATHS.length + 1);
  });

  test('sitemap.xml lists every page and service; robots.txt points to it', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = decodeHtml(await sitemap.text());
    for (const path of PUBLIC_PATHS)
      expect(xml).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+${path}</loc>`));
    for (const service of await listOf<Row>(request, 'service'))
      expect(xml).toContain(`/services/${str(service.slug)}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /api/');
  });

  test('the LocalBusiness JSON-LD names the company from settings, its hours and services', async ({
    request,
  }) => {
    const settings = await settingsOf(request);
    const raw = await (await request.get('/home')).text();
    const json = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(raw)?.[1];
    const data = JSON.parse(json!);
    expect(data['@type']).toBe('LocalBusiness');
    expect(data.name).toBe(settings.companyName);
    expect(data.telephone).toBe(settings.phone);
    expect(data.address.streetAddress).toBe(settings.address);
    expect(data.openingHoursSpecification.dayOfWeek).toHaveLength(7);
    const services = await listOf<Row>(request, 'service');
    expect(data.hasOfferCatalog.itemListElement).toHaveLength(services.length);
  });
});
