/**
 * One regression test per class of vulnerability found in peer CMSs. Each names the advisory it
 * guards against; each fails when the protection it names is removed.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentTypes } from '../../shared/content/types';
import { createTestApp } from '../test/helpers';

const t = await createTestApp();
const admin = await t.signIn('admin');
const PASSWORD = 'a long passphrase';

const inject = t.app.inject.bind(t.app);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (headers: Record<string, string>) => inject({ method: 'GET', url: '/api/current-user', headers });

async function approvedUser(username: string, role: 'editor' | 'admin' = 'editor') {
  const id = await t.requestAccount({ name: 'Staff', username, password: PASSWORD });
  await inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: { authorization: admin.authorization },
    payload: { role },
  });
  return id;
}
const login = async (username: string, password = PASSWORD) =>
  inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const tokenOf = async (username: string, password = PASSWORD) =>
  (await login(username, password)).json().token as string;

describe('Payload CVE-2025-4643: logout ends the session on the server', () => {
  it('answers 401 to a bearer token used after logout', async () => {
    await approvedUser('payload.bearer');
    const token = await tokenOf('payload.bearer');
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect(
      (await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await me(bearer(token))).statusCode).toBe(401);
    const write = await inject({
      method: 'POST',
      url: '/api/client',
      headers: bearer(token),
      payload: { name: 'Client', phone: '03001234567', address: 'Street 1' },
    });
    expect(write.statusCode).toBe(401);
  });

  it('answers 401 to a session cookie replayed after logout', async () => {
    const res = await login('payload.bearer');
    const session = res.cookies.find((c) => c.name === 'session')!.value;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    await inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { session, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
    });
    const replay = await inject({ method: 'GET', url: '/api/current-user', cookies: { session } });
    expect(replay.statusCode).toBe(401);
  });
});

describe('Directus GHSA-56p6-qw3c-fq2g: sessions end when access changes', () => {
  const setRole = (id: string, role: string) =>
    inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: { authorization: admin.authorization },
      payload: { role },
    });

  it('ends the sessions of a user who is suspended (set back to pending)', async () => {
    const id = await approvedUser('directus.disable');
    const token = await tokenOf('directus.disable');
    await setRole(id, 'pending');
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('ends the sessions of an admin who is demoted', async () => {
    const id = await approvedUser('directus.demote', 'admin');
    const token = await tokenOf('directus.demote');
    expect((await inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(200);
    await setRole(id, 'editor');
    expect((await inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('ends the sessions of a deleted user', async () => {
    const id = await approvedUser('directus.delete');
    const token = await tokenOf('directus.delete');
    await inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: { authorization: admin.authorization },
    });
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('ends the other sessions of a user who changes their password', async () => {
    await approvedUser('directus.password');
    const stolen = await tokenOf('directus.password');
    const mine = await tokenOf('directus.password');
    const change = await inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(mine),
      payload: { currentPassword: PASSWORD, newPassword: 'a completely new phrase' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(bearer(stolen))).statusCode).toBe(401);
    expect((await me(bearer(mine))).statusCode).toBe(200);
  });
});

describe('Strapi GHSA-24q2-59hm-rh9r: the login limit cannot be escaped by spelling the path differently', async () => {
  const limited = await createTestApp({ env: { LOGIN_MAX_PER_USER: '5', LOGIN_MAX_PER_IP: '1000' } });
  await limited.signIn('admin');
  it('counts /api/auth/login, /API/auth/login/, //api/auth/login and /api/auth/login? against one budget', async () => {
    const username = (await limited.database.query<{ username: string }>('select username from users'))[0]!
      .username;
    const spellings = [
      '/api/auth/login',
      '/API/auth/login/',
      '//api/auth/login',
      '/api/AUTH/Login?x=1',
      '/api/auth/login/',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const attempt = (url: string) =>
        limited.app.inject({
          method: 'POST',
          url,
          remoteAddress: `198.51.100.${i}`,
          payload: { username: i % 2 ? username.toUpperCase() : username, password: 'not the password' },
        });
      let res = await attempt(spellings[i % spellings.length]!);
      // A path not in its normal form (`//api/…`) is sent to it with a 308, which a client follows.
      if (res.statusCode === 308) res = await attempt(String(res.headers.location));
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('Strapi CVE-2023-22894 / CVE-2024-56143: no filter or sort on a column that is not public', () => {
  const probes = [
    'password_hash=$argon2',
    'passwordHash=x',
    'password=x',
    'sort=password_hash',
    'sort=password',
    'filters[createdBy][password][$startsWith]=$',
    'token_hash=a',
    'deleted_at=2020-01-01',
  ];

  it('answers 400 to every list of every content type asked to filter or sort by another column', async () => {
    const leaks: string[] = [];
    for (const def of contentTypes) {
      for (const probe of probes) {
        const res = await inject({
          method: 'GET',
          url: `/api/${def.name}?${probe}`,
          headers: { authorization: admin.authorization },
        });
        if (res.statusCode !== 400) leaks.push(`${def.name}?${probe} answered ${res.statusCode}`);
        else expect(res.json().fields._).toMatch(/^Unknown query parameter/);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('still filters by a declared public field', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/contactus?status=read',
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(200);
  });

  it('never puts a password or token hash in any answer about users', async () => {
    const answers = [
      await inject({
        method: 'GET',
        url: '/api/users?password_hash=$argon2',
        headers: { authorization: admin.authorization },
      }),
      await inject({
        method: 'GET',
        url: '/api/current-user',
        headers: { authorization: admin.authorization },
      }),
      await login('nobody.here', 'wrong password'),
      await login('payload.bearer'),
    ];
    const hashes = await t.database.query<{ password_hash: string }>('select password_hash from users');
    const tokens = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    expect(tokens.length).toBeGreaterThan(0);
    for (const res of answers) {
      expect(res.body).not.toMatch(/\$argon2/);
      for (const h of hashes) expect(res.body).not.toContain(h.password_hash);
      for (const s of tokens) expect(res.body).not.toContain(s.token_hash);
    }
  });
});

describe('Mass assignment: a role sent with sign-up is ignored', () => {
  it('creates a pending account that cannot write anything, whatever it claims', async () => {
    const before = await t.database.query('select id from clients');
    await t.openSignup();
    const res = await inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Mallory',
        username: 'mallory',
        password: PASSWORD,
        role: 'admin',
        _id: '00000000-0000-4000-8000-000000000001',
        version: 99,
        passwordHash: 'x',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('pending');
    const stored = await t.database.query<{ id: string; role: string; version: number }>(
      `select id::text as id, role, version from users where username = 'mallory'`,
    );
    expect(stored).toEqual([
      { id: expect.not.stringMatching('00000000-0000-4000-8000-000000000001'), role: 'pending', version: 1 },
    ]);
    const attempt = await login('mallory');
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toEqual({ error: 'Your account is waiting for approval.' });
    expect(attempt.json().token).toBeUndefined();
    const writes = [
      inject({
        method: 'POST',
        url: '/api/client',
        payload: { name: 'X', phone: '03001234567', address: 'Y' },
      }),
      inject({ method: 'PUT', url: '/api/settings', payload: {} }),
      inject({ method: 'GET', url: '/api/users' }),
    ];
    for (const w of await Promise.all(writes)) expect(w.statusCode).toBe(401);
    expect(await t.database.query('select id from clients')).toEqual(before);
  });
});

describe('Strapi CVE-2026-22707 / Directus CVE-2025-55746: uploads', () => {
  const boundary = '----advisory-boundary';
  const multipart = (filename: string, bytes: Buffer, type: string) => ({
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });

  it('never stores HTML or SVG, and serves only WebP it made under a name it chose', async () => {
    for (const [name, body, type] of [
      ['page.html', '<!doctype html><script>alert(1)</script>', 'text/html'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
      ['photo.png', '<html><script>alert(1)</script></html>', 'image/png'],
    ] as const) {
      const { payload, headers } = multipart(name, Buffer.from(body), type);
      const res = await inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { ...headers, authorization: admin.authorization },
      });
      expect(res.statusCode, name).toBe(400);
    }
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart('../../evil.html', png, 'text/html');
    const res = await inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const served = await inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('refuses an anonymous upload before reading its body, and has no anonymous replace or delete', async () => {
    const big = multipart('big.png', Buffer.alloc(11 * 1024 * 1024, 1), 'image/png');
    const anonymous = await inject({ method: 'POST', url: '/api/upload', ...big });
    expect(anonymous.statusCode).toBe(401);
    // 401, not 413 or 400: who is asking is decided before any body is read or parsed.
    const oversized = await inject({
      method: 'POST',
      url: '/api/client',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(oversized.statusCode).toBe(401);
    const broken = await inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(401);
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      const res = await inject({ method, url: `/media/${'a'.repeat(32)}.webp`, payload: {} });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect([401, 403, 404, 405]).toContain(res.statusCode);
    }
  });
});
