import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app';
import { createTestApp } from '../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../test/smtp-peer';

const ATTACKER = 'attacker.example';
/** Every header a client may use to name a host or scheme, all pointing at the attacker. */
const FORGED = {
  host: ATTACKER,
  'x-forwarded-host': ATTACKER,
  'x-forwarded-proto': 'https',
  forwarded: `host=${ATTACKER};proto=https`,
};
/** Anonymous responses are stored once compressed, a moment after they are sent. */
const stored = () => open.app.responseCacheSettled();

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
/** The company's LocalBusiness among the page's JSON-LD scripts (a service page has its own Service too). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { '@type': string; '@id'?: string; url: string })
    .find((data) => data['@type'] === 'LocalBusiness' && data['@id']?.endsWith('/#business')) ?? { url: '' };

// The worst case: no PUBLIC_URL and every proxy trusted, so forwarded headers reach the app.
const open = await createTestApp({ ssr: true, env: { TRUST_PROXY: 'true' } });
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const configured = await createTestApp({
  ssr: true,
  env: { PUBLIC_URL: 'https://www.coolfix.example', TRUST_PROXY: 'true', SMTP_URL: peer.url },
});
let openStaff: { authorization: string };
let slug: string;

beforeAll(async () => {
  openStaff = await open.signIn();
  const created = await open.app.inject({
    method: 'POST',
    url: '/api/service',
    headers: openStaff,
    payload: {
      title: 'Cold room repair',
      description: 'We fix cold rooms.',
      serviceName: 'refrigerator',
      images: ['/media/cold-room.webp'],
    },
  });
  expect(created.statusCode).toBe(201);
  slug = created.json().slug;
});

/** A write by staff: the moment the reported attack begins, with every cache empty. */
async function staffWrite() {
  const res = await open.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: openStaff,
    payload: { companyName: `CoolFix ${Date.now()}` },
  });
  expect(res.statusCode).toBe(200);
}

describe('a forged Host cannot reach what other visitors are sent', () => {
  const pages = ['/home', '/services', `/services/SLUG`, '/robots.txt', '/sitemap.xml'];

  it('after a write, a request with a forged Host leaves every page, robots.txt and the sitemap naming the site', async () => {
    await staffWrite();
    for (const template of pages) {
      const url = template.replace('SLUG', slug);
      const forged = await open.app.inject({ method: 'GET', url, headers: FORGED });
      expect(forged.statusCode, url).toBe(200);
      expect(forged.body, `${url} for the attacker`).not.toContain(ATTACKER);
      await stored();
      const visitor = await open.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.body, `${url} for the next visitor`).not.toContain(ATTACKER);
      expect(visitor.body, url).toContain('http://localhost:3000/');
    }
  });

  it('keeps a stored response to the host it was asked for (Fastify hook)', async () => {
    await staffWrite();
    await open.app.inject({ method: 'GET', url: '/home', headers: FORGED });
    await stored();
    const again = await open.app.inject({ method: 'GET', url: '/home', headers: FORGED });
    expect(again.headers['x-cache']).toBe('hit');
    const visitor = await open.app.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'localhost:3000' },
    });
    expect(visitor.headers['x-cache']).toBeUndefined();
  });

  it('keeps a stored response to the host it was asked for (replay in front of Fastify)', async () => {
    await open.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = open.app.server.address() as AddressInfo;
    const get = (url: string, headers: Record<string, string>) =>
      new Promise<{ status: number; cache: unknown; body: string }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, cache: response.headers['x-cache'], body }),
          );
        });
        request.on('error', reject);
      });
    const own = { host: `127.0.0.1:${port}` };
    await staffWrite();
    for (const url of ['/home', '/sitemap.xml']) {
      expect((await get(url, own)).status).toBe(200);
      await stored();
      expect((await get(url, own)).cache, url).toBe('hit');
      const forged = await get(url, FORGED);
      expect(forged.cache, `${url}: the visitor's copy went to another host`).toBeUndefined();
      expect(forged.body).not.toContain(ATTACKER);
      await stored();
      expect((await get(url, FORGED)).cache).toBe('hit');
      const visitor = await get(url, own);
      expect(visitor.cache).toBe('hit');
      expect(visitor.body).not.toContain(ATTACKER);
      // Listening on every interface, the server names itself localhost with the port it got.
      expect(visitor.body).toContain(`http://localhost:${port}/`);
    }
  });
});

describe('every absolute address names PUBLIC_URL, whatever the request says', () => {
  const app = configured.app;
  const site = 'https://www.coolfix.example';

  it('page: canonical link, og:url, og:image and JSON-LD', async () => {
    const staff = await configured.signIn();
    const created = await app.inject({
      method: 'POST',
      url: '/api/service',
      headers: staff,
      payload: {
        title: 'Panel upgrades',
        description: 'New panels.',
        serviceName: 'electric',
        images: ['/media/panel.webp'],
      },
    });
    const page = await app.inject({
      method: 'GET',
      url: `/services/${created.json().slug}`,
      headers: FORGED,
    });
    expect(page.statusCode).toBe(200);
    expect(canonical(page.body)).toBe(`${site}/services/${created.json().slug}`);
    expect(meta(page.body, 'og:url')).toBe(`${site}/services/${created.json().slug}`);
    expect(meta(page.body, 'og:image')).toBe(`${site}/media/panel.webp`);
    expect(jsonLd(page.body).url).toBe(`${site}/home`);
    expect(page.body).not.toContain(ATTACKER);
  });

  it('sitemap.xml and robots.txt', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
    expect(sitemap.body).toContain(`<loc>${site}/home</loc>`);
    expect(sitemap.body).not.toContain(ATTACKER);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: FORGED });
    expect(robots.body).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots.body).not.toContain(ATTACKER);
  });

  it('the link in the staff e-mail about a message a visitor sent', async () => {
    const staff = await configured.signIn();
    await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: staff,
      payload: { notifyEmail: 'office@example.com' },
    });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: FORGED,
      payload: { name: 'Host Forger', email: 'forger@example.com', phone: '03001234567', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    // The staff's mail (the customer's confirmation goes to forger@).
    const mail = await eventually(() =>
      peer.received.find((m) => m.raw.includes('Host Forger') && !m.to.includes('forger@example.com')),
    );
    expect(readMail(mail).body).toContain(`Open the request:\n${site}/message/`);
    expect(mail.raw).not.toContain(ATTACKER);
  });

  it('the OpenAPI document and its page', async () => {
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/json']) {
      const res = await app.inject({ method: 'GET', url, headers: FORGED });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.body, url).not.toContain(ATTACKER);
      expect(String(res.headers.location ?? ''), url).not.toContain(ATTACKER);
    }
  });

  it('without PUBLIC_URL, the address the server listens on', async () => {
    const page = await open.app.inject({ method: 'GET', url: '/about', headers: FORGED });
    const { port } = open.app.server.address() as AddressInfo;
    expect(canonical(page.body)).toBe(`http://localhost:${port}/about`);
  });
});

describe('after login, only this site (the reported open redirect)', () => {
  let cookie: string;
  beforeAll(async () => {
    const username = `redirect${Date.now()}`;
    const id = await open.requestAccount({
      name: 'Redirect Tester',
      username,
      password: 'correct horse battery',
    });
    await open.database.query(`update users set role = 'office' where id::text = $1`, [id]);
    const login = await open.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toMatch(/session=/);
  });

  const loginWith = (next: string) =>
    open.app.inject({ method: 'GET', url: `/login?next=${encodeURIComponent(next)}`, headers: { cookie } });

  it('sends a signed-in visitor on to the page the guard came from', async () => {
    const res = await loginWith('/addServices?q=ac');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/addServices?q=ac');
  });

  const hostile = [
    '/\t/evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    'https:evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    `/${'a'.repeat(5000)}`,
  ];
  for (const next of hostile) {
    it(`sends ${JSON.stringify(next.slice(0, 30))} to the dashboard`, async () => {
      const res = await loginWith(next);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/dashboard');
    });
  }

  it('answers the reported request with a Location Chromium keeps on this site', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/login?next=%2F%09%2Fevil.example%2F',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).not.toMatch(/[\t\n\r\\]/);
    expect(new URL(location, 'http://localhost:3000/login').host).toBe('localhost:3000');
  });
});

/** The source files of the server and the pages, tests left out. */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes('/test/'))
        out.push({ file: path.relative(PROJECT_ROOT, full), text: fs.readFileSync(full, 'utf8') });
    }
  };
  for (const dir of ['src/server', 'src/web', 'src/shared']) walk(path.join(PROJECT_ROOT, dir));
  return out;
}

describe('the next place that could make the same mistake', () => {
  /**
   * The files that may read the host a request names, none of them to build an address: the cache
   * key (one copy per host), site-origin (its comment says why not), and the same-site check, which
   * compares a POST's Origin with the address it was sent to and writes the host nowhere.
   */
  const READS_HOST_TO_COMPARE = new Set([
    'src/server/plugins/response-cache.ts',
    'src/server/plugins/site-origin.ts',
    'src/server/http/same-site.ts',
  ]);

  it('nothing but the cache key and the same-site check reads the host a request names', () => {
    const readsHost =
      /\b(?:request|req)\.(?:host|hostname|port)\b|headers\.host\b|x-forwarded-host|:authority/i;
    const offenders = sources()
      .filter(({ text }) => readsHost.test(text))
      .filter(({ file }) => !READS_HOST_TO_COMPARE.has(file))
      .map(({ file }) => file);
    expect(offenders, 'build absolute addresses with app.siteOrigin()').toEqual([]);
  });

  it('every redirect and navigation takes a fixed path or a target checked by shared/redirect-target', () => {
    const call = /\b(?:redirect|navigate)\(\s*([^,)\n]*)/g;
    // A literal path, or a template whose fixed part already names a path on this site.
    const fixed = /^(?:'\/[^/\\']*'|"\/[^/\\"]*"|`\/[A-Za-z])/;
    const checked = /^(?:safeNext|redirectTargetOr|sameOriginTarget)\(/;
    const offenders: string[] = [];
    for (const { file, text } of sources()) {
      if (!/from 'react-router'|reply\.redirect|\.redirect\(/.test(text)) continue;
      for (const match of text.matchAll(call)) {
        const argument = (match[1] ?? '').trim();
        if (argument === '' || fixed.test(argument) || checked.test(argument)) continue;
        offenders.push(`${file}: ${match[0]}`);
      }
      // The browser's own navigation is not ours to aim: pages use the router instead.
      for (const match of text.matchAll(/\blocation\.(?:assign|replace)\(|\blocation\.href\s*=[^=]/g))
        offenders.push(`${file}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
