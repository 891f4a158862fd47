import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../shared/seo/public-pages';
import { PROJECT_ROOT } from '../app';
import { createTestApp } from '../test/helpers';

const scriptSources = (html: string) => [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);

describe('public pages as server HTML with islands (needs npm run build)', async () => {
  const { app, signIn } = await createTestApp({ ssr: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'build/web/islands.json'), 'utf8')) as {
    script: string;
    inputs: string[];
  };
  const { authorization } = await signIn();
  const service = (
    await app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { authorization },
      payload: { title: 'Cold Room Repair', description: 'Fixes things.', serviceName: 'electric' },
    })
  ).json() as { slug: string };
  const pages = [
    ...PUBLIC_PAGES.map((page) => page.path),
    `/services/${service.slug}`,
    '/subscription/subscribe',
    '/no-such-page',
  ];

  it.each(pages)('%s loads the islands script and nothing of the framework', async (page) => {
    const res = await app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(page === '/no-such-page' ? 404 : 200);
    expect(scriptSources(res.body)).toEqual([manifest.script]);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('__reactRouter');
  });

  it('keeps the admin area a single-page app', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.body).toContain('modulepreload');
    expect(res.body).toContain('__reactRouterContext');
    expect(scriptSources(res.body)).not.toContain(manifest.script);
  });

  it('builds the islands from our own code only: no React, no zod, no package at all', () => {
    expect(manifest.inputs.length).toBeGreaterThan(3);
    expect(manifest.inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
    const bundle = path.join(PROJECT_ROOT, 'build/web/client', `${manifest.script}.br`);
    // The budget for all of a page's script is 25 KB compressed; the islands take a fraction.
    expect(fs.statSync(bundle).size).toBeLessThan(12 * 1024);
    // The service worker too is our own few kilobytes (5 KB): a shared module with a schema in it
    // once made it 450 KB of zod, fetched by every visitor's browser.
    const worker = path.join(PROJECT_ROOT, 'build/web/client/sw.js');
    expect(fs.statSync(worker).size).toBeLessThan(16 * 1024);
  });

  it('takes the footer subscription without JavaScript, with the same checks as the API', async () => {
    const post = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/subscription/subscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email }).toString(),
      });
    const refused = await post('not-an-address');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Invalid email address.');
    expect(refused.body).toContain('value="not-an-address"');
    const taken = await post('reader@example.com');
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain('Please check your inbox and confirm your subscription.');
    const list = await app.inject({ method: 'GET', url: '/api/subscribers', headers: { authorization } });
    expect(JSON.stringify(list.json())).toContain('reader@example.com');
  });

  it('sends the old /serviceDetail address to the service it names, or to the list', async () => {
    const named = await app.inject({ method: 'GET', url: `/serviceDetail?service=${service.slug}` });
    expect(named.statusCode).toBe(301);
    expect(named.headers.location).toBe(`/services/${service.slug}`);
    for (const odd of ['', '?service=', '?service=%2F%2Fevil.example', `?service=${'a'.repeat(200)}`]) {
      const res = await app.inject({ method: 'GET', url: `/serviceDetail${odd}` });
      expect(res.headers.location, odd).toBe('/services');
    }
  });
});
