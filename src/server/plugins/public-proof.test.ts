import { describe, expect, it } from 'vitest';
import { seedDemoInto } from '../modules/demo/seed';
import { createTestApp } from '../test/helpers';

const ORIGIN = 'https://www.coolfix.example';

/** The `alt` of every `<img>` inside the gallery's figures, in page order. */
const galleryAlts = (html: string) =>
  [...html.matchAll(/<figure class="gallery-figure">[\s\S]*?<img[^>]*\salt="([^"]*)"/g)].map((m) => m[1]!);
const captions = (html: string) =>
  [...html.matchAll(/<span class="gallery-caption">([^<]*)<\/span>/g)].map((m) => m[1]!);
const decodeEntities = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'");

/**
 * What the demo site shows a visitor as proof of its work: clients by the work done for them (never
 * their own numbers), the departments inside About with one number to call, captioned gallery
 * pictures, and certifications and a rating a customer can check.
 */
describe('proof of work on the public pages (needs npm run build)', async () => {
  const t = await createTestApp({ ssr: true, env: { PUBLIC_URL: ORIGIN } });
  await seedDemoInto(t.app);
  const staff = { authorization: (await t.signIn()).authorization };
  const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

  it('never shows a client’s or a department’s own phone number to a visitor', async () => {
    const clients = (await get('/api/client', staff)).json() as { _id: string; phone: string }[];
    const departments = (await get('/api/department', staff)).json() as { phone: string }[];
    // Staff still read them.
    const phones = [...clients, ...departments].map((record) => record.phone).filter(Boolean);
    expect(phones.length).toBeGreaterThanOrEqual(clients.length);
    const sitemap = await get('/sitemap.xml');
    const pages = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(ORIGIN, ''));
    const visitorReads = [
      '/sitemap.xml',
      ...pages,
      '/api/client',
      `/api/client/${clients[0]!._id}`,
      '/api/department',
      '/api/project',
    ];
    for (const url of visitorReads) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const digits = res.body.replace(/[\s-]/g, '');
      for (const phone of phones)
        expect(digits, `${phone} on ${url}`).not.toContain(phone.replace(/\D/g, ''));
    }
    const forVisitor = (await get('/api/client')).json() as Record<string, unknown>[];
    expect(forVisitor.length).toBe(clients.length);
    for (const client of forVisitor) expect(client).not.toHaveProperty('phone');
  });

  it('shows each client with the work done for them', async () => {
    const clients = (await get('/api/client')).json() as { name: string; work: string }[];
    const html = decodeEntities((await get('/client')).body);
    for (const client of clients) {
      expect(client.work).not.toBe('');
      expect(html).toContain(client.name);
      expect(html).toContain(client.work);
    }
  });

  it('sends the old /department address to About’s "Who does what", which lists every department', async () => {
    for (const url of ['/department', '/department?d=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe('/about#who-does-what');
    }
    const about = decodeEntities((await get('/about')).body);
    expect(about).toContain('id="who-does-what"');
    for (const department of (await get('/api/department')).json() as { name: string }[])
      expect(about).toContain(department.name);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain('/department<');
  });

  it('names every gallery picture by its caption: shown under it, and its distinct alt text', async () => {
    const albums = (await get('/api/gallery')).json() as { images: { caption: string }[] }[];
    const expected = albums.flatMap((album) => album.images.map((picture) => picture.caption));
    const html = (await get('/gallery')).body;
    const alts = galleryAlts(html).map(decodeEntities);
    expect(alts).toEqual(expected);
    expect(new Set(alts).size).toBe(alts.length);
    expect(captions(html).map(decodeEntities)).toEqual(expected);
    expect(html).toContain('See the project');
  });

  it('shows each certification with its number and the link to check it, and where the rating comes from', async () => {
    const html = decodeEntities((await get('/about')).body);
    expect(html).toContain('No. C5/04418');
    expect(html).toContain('href="https://www.pec.org.pk/"');
    expect(html).toContain('No. PK009871-1');
    expect(html).toContain('Source: Google reviews');
  });

  it('refuses a gallery picture without a caption, saying which one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gallery',
      headers: staff,
      payload: { title: 'New album', images: [{ image: '/media/0123456789abcdef0123456789abcdef.webp' }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.images).toBe('Pictures, row 1: Caption is required.');
  });
});
