import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

// The test's requests come from 127.0.0.1, the trusted proxy, which says whether the visitor
// reached it over HTTPS.
const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
const admin = await t.signIn('admin');
const token = admin.authorization.slice('Bearer '.length);
const overHttps = { 'x-forwarded-proto': 'https' };

const currentUser = (cookie: string, headers: Record<string, string> = overHttps) =>
  t.app.inject({ url: '/api/current-user', headers: { ...headers, cookie } });
const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat() as string[];

describe('browser cookies on a site served over HTTPS', () => {
  it('refuses a session sent under the plain `session` name: only `__Host-session` signs in', async () => {
    expect((await currentUser(`__Host-session=${token}`)).statusCode).toBe(200);
    const plain = await currentUser(`session=${token}`);
    expect(plain.statusCode).toBe(401);
    // Beside a planted prefixed cookie, the plain one does not win either.
    expect((await currentUser(`__Host-session=planted; session=${token}`)).statusCode).toBe(401);
  });

  it('refuses a cookie write made with the plain session cookie, even with the right anti-forgery pair', async () => {
    const xsrf = await currentUser(`__Host-session=${token}`);
    const issued = setCookies(xsrf).find((line) => line.startsWith('__Host-XSRF-TOKEN='));
    expect(issued).toMatch(/; Secure/);
    const value = decodeURIComponent(issued!.split(';')[0]!.split('=')[1]!);
    const write = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sessions/revoke-others',
        headers: { ...overHttps, cookie, 'x-xsrf-token': value },
      });
    expect((await write(`session=${token}; XSRF-TOKEN=${value}`)).statusCode).toBe(401);
    expect((await write(`__Host-session=${token}; __Host-XSRF-TOKEN=${value}`)).statusCode).not.toBe(401);
  });

  it('sets only `__Host-` cookies at login, Secure, and clears them at logout the same way', async () => {
    const id = await t.requestAccount({
      name: 'Person',
      username: 'https-person',
      password: 'a long passphrase',
    });
    await t.database.query(`update users set role = 'office' where id::text = $1`, [id]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: overHttps,
      payload: { username: 'https-person', password: 'a long passphrase' },
    });
    expect(login.statusCode).toBe(200);
    const names = setCookies(login).map((line) => line.split('=')[0]);
    expect(names.sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-session']);
    for (const line of setCookies(login)) expect(line).toMatch(/; Path=\/; .*Secure/);
    const session = login.json().token as string;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...overHttps, authorization: `Bearer ${session}` },
    });
    const cleared = setCookies(logout);
    expect(cleared.map((line) => line.split('=')[0]).sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-session']);
    // A browser ignores a `__Host-` Set-Cookie without Secure: the logout would not clear it.
    for (const line of cleared) expect(line).toMatch(/Secure/);
  });

  it('clears a plain `session` cookie left in the browser when logging out over HTTPS', async () => {
    const person = await t.signIn('office');
    const session = person.authorization.slice('Bearer '.length);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        ...overHttps,
        authorization: person.authorization,
        cookie: `session=${session}; XSRF-TOKEN=x`,
      },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const cleared = setCookies(logout);
    expect(cleared.map((line) => line.split('=')[0]).sort()).toEqual([
      'XSRF-TOKEN',
      '__Host-XSRF-TOKEN',
      '__Host-session',
      'session',
    ]);
    const plain = cleared.find((line) => line.startsWith('session='))!;
    expect(plain).toMatch(/^session=;/);
    expect(plain).toMatch(/Path=\//);
    expect(plain).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('keeps the plain names over HTTP, where a `__Host-` cookie cannot exist', async () => {
    expect((await currentUser(`session=${token}`, {})).statusCode).toBe(200);
  });
});
