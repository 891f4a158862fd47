import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../modules/auth/store';
import { createTestApp } from '../test/helpers';
import { imageUpload } from '../test/uploads';
import { registerAccessControl } from './access';
import { registerWriteLimits } from './write-limits';
import { createXsrfTokens } from './xsrf';

// The page-form POST is part of the list when the web build exists (npm test builds first).
const t = await createTestApp({ ssr: true, env: { SIGNUP_MAX_PER_IP: '3' } });
await t.app.ready();

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
/**
 * A request each anonymous write route accepts as well-formed, so it reaches the limit (a 400 for
 * a malformed body is answered before counting). A new anonymous write route fails the test below
 * until it gets a sample here, and with it a check that its limit holds.
 */
type Sample = () => { url: string; payload?: string | object | Buffer; headers?: Record<string, string> };
const SAMPLES: Record<string, Sample> = {
  'POST /api/auth/signup': () => ({
    url: '/api/auth/signup',
    payload: { name: 'Someone', username: `user${unique()}`, password: 'a long passphrase' },
  }),
  'POST /api/auth/login': () => ({
    url: '/api/auth/login',
    payload: { username: `nobody${unique()}`, password: 'not the password' },
  }),
  'POST /api/auth/logout': () => ({ url: '/api/auth/logout' }),
  'POST /api/auth/2fa/verify': () => ({
    url: '/api/auth/2fa/verify',
    payload: { ticket: randomBytes(32).toString('base64url'), code: '123456' },
  }),
  'POST /api/contactus': () => ({
    url: '/api/contactus',
    payload: { name: 'Visitor', email: 'visitor@example.com', phone: '03001234567', message: 'Hello' },
  }),
  'POST /api/subscribers': () => ({
    url: '/api/subscribers',
    payload: { email: `r${unique()}@example.com` },
  }),
  'POST /api/events': () => ({ url: '/api/events', payload: { type: 'call' } }),
  // Counted before the file is read: a few bytes that are no picture reach the limit as fast.
  'POST /api/contactus/photos': () => ({
    url: '/api/contactus/photos',
    ...imageUpload(Buffer.from('not a picture'), 'fault.jpg', 'photo'),
  }),
  'POST /api/subscriptions/confirm': () => ({
    url: '/api/subscriptions/confirm',
    payload: { token: randomBytes(32).toString('base64url') },
  }),
  'POST /api/subscriptions/unsubscribe': () => ({
    url: `/api/subscriptions/unsubscribe?token=${randomBytes(32).toString('base64url')}`,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
  // Account recovery: the limits count whatever was typed, known or not.
  'POST /api/auth/forgot': () => ({ url: '/api/auth/forgot', payload: { username: `nobody${unique()}` } }),
  'POST /api/auth/reset': () => ({
    url: '/api/auth/reset',
    payload: { token: randomBytes(32).toString('base64url'), password: 'a long passphrase' },
  }),
  'POST /api/auth/confirm-email': () => ({
    url: '/api/auth/confirm-email',
    payload: { token: randomBytes(32).toString('base64url') },
  }),
  'POST /api/auth/accept-invite': () => ({
    url: '/api/auth/accept-invite',
    payload: {
      token: randomBytes(32).toString('base64url'),
      username: 'invited',
      password: 'a long passphrase',
      name: 'Invited',
    },
  }),
  'POST /*': () => ({
    url: '/contact',
    payload: 'name=&email=&phone=&message=',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
};
/** The unknown-API catch-all answers every writing method the same way. */
const unknownApi: Sample = () => ({ url: `/api/nothing-${unique()}` });

describe('anonymous write limits', () => {
  it('every public route that writes declares a limit, and each one holds', async () => {
    const routes = t.app.writeLimitedRoutes;
    const table = routes
      .map(
        (r) =>
          `${r.method.padEnd(6)} ${r.url.padEnd(36)} ${r.limit.bucket}: ${r.limit.max}/${r.limit.windowMinutes} min`,
      )
      .join('\n');
    console.info(`Anonymous write routes and their limits (${routes.length}):\n${table}`);
    const declared = routes.map((r) => `${r.method} ${r.url}`);
    for (const promised of [
      'POST /api/auth/signup',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/2fa/verify',
      'POST /api/contactus',
      'POST /api/subscribers',
      'POST /api/subscriptions/confirm',
      'POST /api/subscriptions/unsubscribe',
      'POST /api/auth/forgot',
      'POST /api/auth/reset',
      'POST /api/auth/confirm-email',
      'POST /api/auth/accept-invite',
      'POST /api/events',
      'POST /*',
    ])
      expect(declared).toContain(promised);
    // Every public route with a writing method is in the list: the registry misses none.
    const publicWrites = t.app.routeRules
      .filter((r) => r.access === 'public' && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(declared)).toEqual(new Set(publicWrites));

    const failures: string[] = [];
    let address = 0;
    const tried = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const sample = SAMPLES[key] ?? (route.url === '/api/*' ? unknownApi : undefined);
      if (!sample) {
        failures.push(`${key}: no sample request in write-limits.test.ts`);
        continue;
      }
      // One handler under many methods with one bucket (the catch-all): one method proves it.
      if (route.limit.max === 0 || tried.has(`${route.url} ${route.limit.bucket}`)) continue;
      tried.add(`${route.url} ${route.limit.bucket}`);
      // Each request comes from another address of one IPv6 /64: a limit counts the network, not
      // the address. The count slides (decision 107), so a run across a window's end counts on.
      const network = `2001:db8:${(++address).toString(16)}:0`;
      let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      for (let i = 0; i <= route.limit.max; i++) {
        const { url, payload, headers } = sample();
        last = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload,
          headers,
          remoteAddress: `${network}::${(i + 1).toString(16)}`,
        });
        if (i < route.limit.max && last.statusCode === 429) {
          failures.push(`${key}: 429 after ${i + 1} of ${route.limit.max}`);
          break;
        }
      }
      if (last?.statusCode !== 429 || !(Number(last.headers['retry-after']) > 0))
        failures.push(
          `${key}: request ${route.limit.max + 1} answered ${last?.statusCode}, not 429 with Retry-After`,
        );
      else if (!last.json().error) failures.push(`${key}: the 429 says nothing`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses to register an anonymous write route without a limit', async () => {
    const app = Fastify();
    registerAccessControl(
      app,
      createAuthStore(t.database, { idleHours: 1, maxDays: 1 }),
      createXsrfTokens(randomBytes(32)),
    );
    registerWriteLimits(app);
    expect(() => app.post('/api/open-door', { config: { access: 'public' } }, () => 'written')).toThrow(
      'Route POST /api/open-door is an anonymous write and declares no writeLimit',
    );
    expect(() =>
      app.route({
        method: ['GET', 'DELETE'],
        url: '/api/both',
        config: { access: 'public' },
        handler: () => '',
      }),
    ).toThrow('Route DELETE /api/both is an anonymous write and declares no writeLimit');
    // Reads and staff writes need none: staff are few and known.
    expect(() => app.get('/api/read', { config: { access: 'public' } }, () => 'read')).not.toThrow();
    expect(() =>
      app.post('/api/staff', { config: { access: 'service:create' } }, () => 'written'),
    ).not.toThrow();
    await app.close();
  });
});
