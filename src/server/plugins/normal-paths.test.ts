import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

// The track page is server HTML, so this file needs the web build (npm run build).
const lines: string[] = [];
const t = await createTestApp({
  ssr: true,
  logLines: lines,
  env: { LOG_LEVEL: 'info', CONTACT_RATE_LIMIT: '0' },
});
let origin = '';
let auth: { authorization: string };
let sent: { _id: string; trackUrl: string };
let token = '';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the request target exactly as given: fetch() would normalise it first, like a browser. */
function rawGet(target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const request = http.request({ hostname, port, path: target, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** What a visitor ends up with: a redirect to the normal path is followed once. */
async function visit(target: string): Promise<{ first: Answer; final: Answer }> {
  const first = await rawGet(target);
  const final = first.status === 308 ? await rawGet(String(first.headers.location)) : first;
  return { first, final };
}

const isPrivate = (answer: Answer) =>
  answer.headers['cache-control'] === 'private, no-store' &&
  answer.headers['x-robots-tag'] === 'noindex, nofollow' &&
  answer.headers['referrer-policy'] === 'same-origin';

beforeAll(async () => {
  auth = await t.signIn();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: 'Spelled',
      email: 'spelled@example.com',
      phone: '03001234567',
      message: 'Fridge is warm',
    },
  });
  sent = res.json();
  token = sent.trackUrl.slice('/track/'.length);
});

afterAll(() => {
  // The log of the whole file: no spelling of the track link ever wrote its token.
  expect(lines.join('\n')).not.toContain(token);
});

describe('a path spelled other than its normal form', () => {
  const escaped = (character: string) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const spellings: [string, () => string][] = [
    ['an escaped letter', () => `/%74rack/${token}`],
    ['a leading dot segment', () => `/./track/${token}`],
    ['a doubled slash', () => `//track/${token}`],
    ['a dot segment before the token', () => `/track/./${token}`],
    ['an escaped dot segment', () => `/%2e/track/${token}`],
    ['a parent segment', () => `/services/../track/${token}`],
    ["an escaped token's first letter", () => `/track/${escaped(token[0]!)}${token.slice(1)}`],
    ['the absolute form', () => `http://other.example/track/${token}`],
  ];

  it.each(spellings)('(%s) is redirected to the normal path, privately', async (_name, spelling) => {
    const { first, final } = await visit(spelling());
    expect(first.status).toBe(308);
    expect(first.headers.location).toBe(sent.trackUrl);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(final.status).toBe(200);
    expect(isPrivate(final)).toBe(true);
  });

  it.each([
    ['upper case (the router ignores case; the list does too)', () => `/TRACK/${token}`, 200],
    ['a trailing slash', () => `/track/${token}/`, 200],
    ['double encoding (not the track page, but private all the same)', () => `/%2574rack/${token}`, 404],
  ] as const)('(%s) is answered privately where it is', async (_name, spelling, status) => {
    const answer = await rawGet(spelling());
    expect(answer.status).toBe(status);
    expect(isPrivate(answer)).toBe(true);
  });

  it('is never kept by the page cache: the next visitor sees the request as it is now', async () => {
    for (const [, spelling] of spellings) await visit(spelling());
    await t.app.responseCacheSettled();
    const stored = t.app.responseCache.size;
    await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${sent._id}`,
      headers: auth,
      payload: { stage: 'lost' },
    });
    for (const spelling of [...spellings.map(([, s]) => s), () => `/TRACK/${token}`]) {
      const { final } = await visit(spelling());
      expect(final.headers['x-cache']).toBeUndefined();
      expect(final.body).toContain('Closed');
    }
    await t.app.responseCacheSettled();
    expect(t.app.responseCache.size).toBeLessThanOrEqual(stored);
  });

  it('of a public page is redirected too, and the normal page is the one cached', async () => {
    const { first, final } = await visit('/%73ervices');
    expect(first.status).toBe(308);
    expect(first.headers.location).toBe('/services');
    expect(first.headers['cache-control']).toBeUndefined();
    expect(final.status).toBe(200);
    await t.app.responseCacheSettled();
    expect((await rawGet('/services')).headers['x-cache']).toBe('hit');
    expect((await rawGet('//services')).status).toBe(308);
  });

  it('keeps its method and query through the redirect, a secret in the query included', async () => {
    const answer = await rawGet('/reset?%74oken=abc&x=%41');
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('/reset?token=abc&x=A');
    expect(answer.headers['cache-control']).toBe('no-store');
    const post = await t.app.inject({ method: 'POST', url: '/api//contactus', payload: {} });
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('/api/contactus');
  });

  it('is never redirected to another site, even when its normal form would read as one', async () => {
    for (const target of [
      '/./\\evil.example/x',
      '/.//evil.example',
      '//evil.example',
      'http://evil.example//evil.example',
    ]) {
      const answer = await rawGet(target);
      expect(answer.status, target).toBe(308);
      expect(answer.headers.location, target).toMatch(/^\/(?![/\\])/);
    }
    expect((await rawGet('/./\\evil.example/x')).headers.location).toBe('/');
  });

  it('is logged in its normal form, with the secret redacted', () => {
    const logged = lines.join('\n');
    expect(logged).toContain('/track/[redacted]');
    expect(logged).toContain('/reset?token=[redacted]');
  });
});
