import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { eventually } from '../test/smtp-peer';
import { hashInlineScripts } from './response-cache';

const t = await createTestApp();
let auth: { authorization: string };
let serviceId: string;

beforeAll(async () => {
  auth = await t.signIn();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/service',
    headers: auth,
    payload: {
      title: 'Cold room repair',
      description: 'We fix cold rooms.',
      serviceName: 'refrigerator',
      icon: '',
      images: [],
    },
  });
  expect(created.statusCode).toBe(201);
  serviceId = created.json()._id;
});

const anonymous = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/service', headers });

describe('public response cache', () => {
  it('replays an anonymous read, compressed as the visitor accepts', async () => {
    const first = await anonymous({ 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    // The fill is stored asynchronously once compressed.
    await t.app.responseCacheSettled();
    const br = await anonymous({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
    const gz = await anonymous({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
    const plain = await anonymous();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(first.json());
    expect(plain.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers 304 to a visitor who has the same version', async () => {
    const hit = await anonymous();
    const again = await anonymous({ 'if-none-match': String(hit.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves a stale list after a write', async () => {
    await anonymous();
    const current = (await t.app.inject({ method: 'GET', url: `/api/service/${serviceId}` })).json();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${serviceId}`,
      headers: auth,
      payload: { ...current, title: 'Walk-in freezer repair' },
    });
    expect(updated.statusCode).toBe(200);
    const after = await anonymous();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().map((s: { title: string }) => s.title)).toContain('Walk-in freezer repair');
  });

  it('keeps its pages through a request, a subscription and a login, and drops them on a service edit', async () => {
    const settle = () => t.app.responseCacheSettled();
    const isHit = async () => (await anonymous()).headers['x-cache'] === 'hit';
    await anonymous();
    await settle();
    expect(await isHit()).toBe(true);
    // Anonymous writes of staff-only records: nothing any visitor is shown changed.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Visitor', email: 'visitor@example.com', phone: '03001234567', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(201);
    expect(await isHit()).toBe(true);
    const subscription = await t.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: 'reader@example.com' },
    });
    expect(subscription.statusCode).toBe(202);
    // The subscriber is stored: the cached page stays.
    await eventually(
      async () =>
        (await t.database.query(`select id from subscribers where email = 'reader@example.com'`))[0],
    );
    expect(await isHit()).toBe(true);
    await t.signIn();
    expect(await isHit()).toBe(true);
    // Staff changing public content: every visitor must see it at once.
    const current = (await t.app.inject({ method: 'GET', url: `/api/service/${serviceId}` })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${serviceId}`,
      headers: auth,
      payload: { ...current, title: 'Cold room repair, 24/7' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await anonymous();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().map((s: { title: string }) => s.title)).toContain('Cold room repair, 24/7');
  });

  it('renders fresh for signed-in staff and never stores what they see', async () => {
    await anonymous();
    await t.app.responseCacheSettled();
    const staff = await t.app.inject({ method: 'GET', url: '/api/service', headers: auth });
    expect(staff.headers['x-cache']).toBeUndefined();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/contactus', headers: auth });
    expect(inbox.statusCode).toBe(200);
    const anonymousInbox = await t.app.inject({ method: 'GET', url: '/api/contactus' });
    expect(anonymousInbox.statusCode).toBe(401);
  });

  it('replays with the security headers it was first sent with', async () => {
    await anonymous();
    await t.app.responseCacheSettled();
    const hit = await anonymous();
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('renders fresh for a browser carrying a session cookie', async () => {
    await anonymous();
    await t.app.responseCacheSettled();
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/service',
      headers: { cookie: 'session=abc' },
    });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers['x-cache']).toBeUndefined();
  });

  it('answers stored reads over HTTP before routing, and never a signed-in one', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(`${address}/api/service`);
    const body = await first.text();
    await t.app.responseCacheSettled();
    const hit = await fetch(`${address}/api/service`);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(await hit.text()).toBe(body);
    const staff = await fetch(`${address}/api/service`, { headers: auth });
    expect(staff.headers.get('x-cache')).toBeNull();
    expect(staff.headers.get('cache-control')).toBe('no-store');
    const cookie = await fetch(`${address}/api/service`, { headers: { cookie: '__Host-session=x' } });
    expect(cookie.headers.get('x-cache')).toBeNull();
  });

  it('does not cache the health check', async () => {
    await t.app.inject({ method: 'GET', url: '/api/status' });
    const again = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(again.headers['x-cache']).toBeUndefined();
  });
});

describe('content security policy of a replayed page', () => {
  it('allows the page’s own inline scripts by hash instead of a shared nonce', () => {
    const html = Buffer.from('<script nonce="abc">window.x=1</script><script src="/a.js"></script>');
    const csp = hashInlineScripts("default-src 'self'; script-src 'self' 'nonce-abc'", html);
    expect(csp).not.toContain('nonce');
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(hashInlineScripts("script-src 'self' 'nonce-abc'", Buffer.from('<p>no script</p>'))).toBe(
      "script-src 'self'",
    );
  });

  it('allows its inline stylesheets by their own hashes, in style-src only', () => {
    const html = Buffer.from('<style nonce="abc">p{color:red}</style><script nonce="abc">x=1</script>');
    const csp = hashInlineScripts("script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'", html);
    const [scripts, styles] = csp.split(';').map((directive) => directive.trim().split(' ').slice(2));
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scripts).toEqual([sha('x=1')]);
    expect(styles).toEqual([sha('p{color:red}')]);
  });
});
