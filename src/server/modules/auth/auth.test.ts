import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_SETUP_CODE } from '../../test/helpers';
import { statementsDuring } from '../../test/statements';

const t = await createTestApp();
const signup = (username: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Person', username, password: 'a long passphrase', ...extra },
  });
const login = (username: string, password = 'a long passphrase') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('accounts and sessions', () => {
  it('make the first account the admin and every later one pending, whatever role is sent', async () => {
    const first = await signup('owner', { setupCode: TEST_SETUP_CODE });
    expect(first.statusCode).toBe(201);
    expect(first.json().role).toBe('admin');
    // Later accounts are asked for only while the admin lets anyone ask (decision 094).
    const owner = { authorization: `Bearer ${(await login('owner')).json().token}` };
    await t.saveSettings({ signupOpen: true }, owner);
    const second = await signup('intruder', { role: 'admin' });
    expect(second.json().role).toBe('pending');
    const pendingLogin = await login('intruder');
    expect(pendingLogin.statusCode).toBe(403);
    expect(pendingLogin.json().error).toBe('Your account is waiting for approval.');
  });

  it('keep usernames unique regardless of case, without telling a sign-up which are taken', async () => {
    const res = await signup('OWNER');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'OWNER', role: 'pending' });
    const owners = await t.database.query(`select role from users where username_canonical = 'owner'`);
    expect(owners).toEqual([{ role: 'admin' }]);
  });

  it('answer the same for an unknown user and a wrong password', async () => {
    const unknown = await login('nobody');
    const wrong = await login('owner', 'wrong password!');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('run the same statements for an unknown user and a wrong password (decision 010, "Same work either way")', async () => {
    const unknown = await statementsDuring(t.database, () => login('nobody-else'));
    const wrong = await statementsDuring(t.database, () => login('owner', 'another wrong one'));
    expect(wrong).toEqual(unknown);
    expect(unknown.length).toBeGreaterThan(1);
  });

  it('give a bearer token and an httpOnly session cookie, both revoked by logout', async () => {
    const res = await login('owner');
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token.length).toBeGreaterThanOrEqual(40);
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ username: 'owner', role: 'admin' });
    expect(me.json()).not.toHaveProperty('passwordHash');

    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { session: cookie!.value },
    });
    expect(viaCookie.statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('require the anti-forgery header on cookie-authenticated writes', async () => {
    const res = await login('owner');
    const session = res.cookies.find((c) => c.name === 'session')!.value;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const payload = { name: 'Client', phone: '03001234567', address: 'Street 1' };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      cookies: { session, 'XSRF-TOKEN': xsrf },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      cookies: { session, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': 'guess' },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      cookies: { session, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
      payload,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('store only hashes of passwords and tokens', async () => {
    const { token } = (await login('owner')).json();
    const users = await t.database.query<{ password_hash: string }>('select password_hash from users');
    for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const sessions = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it('refuse short, overlong and common passwords with the messages the forms show', async () => {
    const short = await signup('shorty', { password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 8 characters.');
    const long = await signup('longy', { password: 'x'.repeat(129) });
    expect(long.json().fields.password).toBe('Password must be at most 128 characters.');
    for (const common of ['password', 'Password1', 'iloveyou', 'QWERTYUIOP', 'sunshine']) {
      const res = await signup('commoner', { password: common });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().fields.password).toBe(
        'This password is too common. Choose one that is harder to guess.',
      );
    }
    expect((await signup('commoner', { password: 'x'.repeat(128) })).statusCode).toBe(201);
    const users = await t.database.query(`select id from users where lower(username) = 'commoner'`);
    expect(users).toHaveLength(1);
  });

  it('answer current-user only to an approved account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user' })).statusCode).toBe(401);
    expect((await signup('waits')).json().role).toBe('pending');
    const [waiting] = await t.database.query<{ _id: string }>(
      `select id::text as "_id" from users where username = 'waits'`,
    );
    // A session that outlived its approval (set back in the database, not through the API,
    // which would end the session) is refused.
    await t.database.query(`update users set role = 'office' where id::text = $1`, [waiting!._id]);
    const { token } = (await login('waits')).json();
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/current-user',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).json()).toEqual({
      _id: waiting!._id,
      name: 'Person',
      username: 'waits',
      role: 'office',
    });
    await t.database.query(`update users set role = 'pending' where id::text = $1`, [waiting!._id]);
    const refused = await me();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your account is waiting for approval.');
  });

  it('refuse a cookie logout without the anti-forgery header and keep the session', async () => {
    const res = await login('owner');
    const session = res.cookies.find((c) => c.name === 'session')!.value;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const forged = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { session } });
    expect(forged.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/current-user', cookies: { session } });
    expect(still.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { session, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(out.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: '/api/current-user', cookies: { session } });
    expect(gone.statusCode).toBe(401);
  });

  it('change the password with the current one and end every other session', async () => {
    await signup('changer');
    const changerId = (
      await t.database.query<{ id: string }>(`select id::text as id from users where username = 'changer'`)
    )[0]!.id;
    await t.database.query(`update users set role = 'office' where id::text = $1`, [changerId]);
    const here = (await login('changer')).json().token as string;
    const elsewhere = (await login('changer')).json().token as string;
    const change = (payload: object, token = here) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a brand new phrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('The current password is not correct.');
    const common = await change({ currentPassword: 'a long passphrase', newPassword: 'baseball1' });
    expect(common.json().fields.newPassword).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    const ok = await change({ currentPassword: 'a long passphrase', newPassword: 'a brand new phrase' });
    expect(ok.statusCode).toBe(200);
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/current-user',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login('changer')).statusCode).toBe(401);
    expect((await login('changer', 'a brand new phrase')).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', newPassword: 'another new phrase' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
