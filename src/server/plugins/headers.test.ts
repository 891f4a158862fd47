import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { pageCsp, RESOURCE_CSP } from './security-headers';

const t = await createTestApp();
// A page route of our own: the header logic does not depend on what renders the HTML.
t.app.get('/test/page', { config: { access: 'public' } }, (request, reply) => {
  request.cspNonce = 'testnonce123';
  return reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>');
});

function directives(csp: string) {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

describe('security headers', () => {
  it('give a page a nonce-based CSP without style attributes, plugins, <base> or framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/page' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-testnonce123'"]);
    // Public pages inline their stylesheets under the same nonce (decision 067); attributes never.
    expect(csp.get('style-src')).toEqual(["'self'", "'nonce-testnonce123'"]);
    expect(csp.get('style-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe/);
  });

  it('let a stored page allow its scripts by hash instead of a nonce', () => {
    const csp = directives(pageCsp({ scriptHashes: ['sha256-abc=', "'sha256-def='"] }));
    expect(csp.get('script-src')).toEqual(["'self'", "'sha256-abc='", "'sha256-def='"]);
  });

  it('give JSON a CSP that allows nothing, plus nosniff, referrer and opener policies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.headers['content-security-policy']).toBe(RESOURCE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const error = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(error.statusCode).toBe(401);
    expect(error.headers['content-security-policy']).toBe(RESOURCE_CSP);
  });

  it('send HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forged X-Forwarded-Proto changes nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('never send CORS headers, whatever the origin asks', async () => {
    for (const method of ['GET', 'OPTIONS'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/service',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('mark every answer to a signed-in request no-store', async () => {
    const admin = await t.signIn('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/service',
      headers: { authorization: admin.authorization },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'wrong password' },
    });
    expect(login.headers['cache-control']).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/service' });
    expect(anonymous.headers['cache-control'] ?? '').not.toMatch(/no-store/);
  });
});

describe('security headers behind a trusted proxy', async () => {
  const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  it('send HSTS when the trusted proxy says the visitor used HTTPS', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('security headers on rendered pages (needs npm run build)', async () => {
  const web = await createTestApp({ ssr: true });
  it('render /home with a nonce that every inline script carries, new for every response', async () => {
    const first = await web.app.inject({ method: 'GET', url: '/home' });
    const second = await web.app.inject({ method: 'GET', url: '/home', headers: { cookie: 'x=1' } });
    expect(first.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    for (const tag of first.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.body).not.toMatch(/\sstyle="/);
    // The next visitor never gets this nonce: a fresh one, or hashes when the page is replayed.
    expect(String(second.headers['content-security-policy'])).toMatch(/script-src 'self' '(nonce|sha256)-/);
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce);
  });
});
