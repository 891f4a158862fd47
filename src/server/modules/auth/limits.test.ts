import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_SETUP_CODE } from '../../test/helpers';

const t = await createTestApp({
  env: {
    LOGIN_MAX_PER_USER: '10',
    LOGIN_MAX_PER_IP: '30',
    LOGIN_WINDOW_MINUTES: '15',
    SIGNUP_MAX_PER_IP: '3',
  },
});
const PASSWORD = 'a long passphrase';
const login = (username: string, password: string, ip = '203.0.113.7', url = '/api/auth/login') =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { username, password } });

await t.app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  remoteAddress: '198.51.100.1',
  payload: { name: 'Owner', username: 'owner', password: PASSWORD, setupCode: TEST_SETUP_CODE },
});
// Sign-ups after the claim are tested here, so the owner lets anyone ask for an account.
const owner = (await login('owner', PASSWORD, '198.51.100.1')).json().token as string;
await t.saveSettings({ signupOpen: true }, { authorization: `Bearer ${owner}` });
/** The id of the account a sign-up made (the sign-up's answer does not say it). */
const idOf = async (username: string) =>
  (
    await t.database.query<{ id: string }>('select id::text as id from users where username = $1', [username])
  )[0]!.id;

describe('login limits', () => {
  it('answer 429 with Retry-After once 10 wrong passwords for one username were tried', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 50; i++) {
      last = await login('owner', `wrong guess ${i}`, `192.0.2.${i}`);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    // The rest of this window, then the part of the next one in which the refused window still
    // weighs over the budget: 2 of 11 (decision 107).
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(15 * 60 * (1 + 2 / 11)));
    expect(last!.json().error).toMatch(/^Too many login attempts\. Try again in/);
    // Even the right password waits for the budget to free: guessing gains nothing.
    expect((await login('OWNER', PASSWORD, '198.51.100.1')).statusCode).toBe(429);
  });

  it('count every spelling of the login path against the same budget', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Other', username: 'other', password: PASSWORD },
    });
    const urls = [
      '/api/auth/login',
      '/API/auth/login/',
      '/api/Auth/LOGIN',
      '//api/auth/login',
      '/api/auth/login?x=1',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const ip = `192.0.2.${100 + i}`;
      let res = await login('other', 'wrong guess', ip, urls[i % urls.length]);
      // A path not in its normal form (`//api/…`) is sent to it with a 308, which a client follows.
      if (res.statusCode === 308) res = await login('other', 'wrong guess', ip, String(res.headers.location));
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('limit one address trying many usernames to 30 attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await login(`nobody${i}`, 'wrong guess', '203.0.113.99')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('let the locked user in again once the window and the next have passed', async () => {
    // Move this user's counters an hour into the past, as time would (decision 107: the last
    // window still weighs on the next, so a window's worth would not be enough).
    await t.database.query(`update rate_limits set window_start = window_start - interval '1 hour'`);
    const res = await login('owner', PASSWORD, '198.51.100.1');
    expect(res.statusCode).toBe(200);
  });

  it('do not count successful logins against the address', async () => {
    for (let i = 0; i < 35; i++)
      expect((await login('owner', PASSWORD, '198.51.100.50')).statusCode).toBe(200);
  });
});

describe('sign-up limit', () => {
  it('accepts a few sign-ups per address per hour, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '203.0.113.200',
        payload: { name: 'Spam', username: `spam${i}`, password: PASSWORD },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

describe('current-password checks of a signed-in account', () => {
  it('share the login budget: wrong guesses on the e-mail and password forms lock both, and login', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '198.51.100.2',
      payload: { name: 'Guessed', username: 'guessed', password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    await t.database.query(`update users set role = 'office' where id::text = $1`, [await idOf('guessed')]);
    const { token } = (await login('guessed', PASSWORD, '198.51.100.2')).json();
    const headers = { authorization: `Bearer ${token}` };
    const guess = (i: number) =>
      i % 2 === 0
        ? t.app.inject({
            method: 'PUT',
            url: '/api/auth/email',
            headers,
            payload: { email: 'guessed@example.com', currentPassword: `wrong ${i}` },
          })
        : t.app.inject({
            method: 'PUT',
            url: '/api/auth/password',
            headers,
            payload: { currentPassword: `wrong ${i}`, newPassword: 'another long passphrase' },
          });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guess(i)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    expect((await login('guessed', PASSWORD, '198.51.100.3')).statusCode).toBe(429);
  });
});

describe('budgets under parallel guesses', () => {
  /** An approved editor named `username` and its bearer header. */
  async function signedIn(username: string) {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '198.51.100.20',
      payload: { name: 'Raced', username, password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    await t.database.query(`update users set role = 'office' where id::text = $1`, [await idOf(username)]);
    const { token } = (await login(username, PASSWORD, '198.51.100.21')).json();
    return { authorization: `Bearer ${token}` };
  }
  const tally = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('check at most the budget of 20 current passwords sent at once, then refuse even the right one', async () => {
    const headers = await signedIn('raced');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: 'PUT',
              url: '/api/auth/password',
              headers,
              payload: { currentPassword: `wrong ${i}`, newPassword: 'another long passphrase' },
            })
          : t.app.inject({
              method: 'PUT',
              url: '/api/auth/email',
              headers,
              payload: { email: 'raced@example.com', currentPassword: `wrong ${i}` },
            }),
      ),
    );
    expect(tally(guesses.map((r) => r.statusCode))).toEqual({ 400: 10, 429: 10 });
    const right = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: PASSWORD, newPassword: 'another long passphrase' },
    });
    expect(right.statusCode).toBe(429);
    expect((await login('raced', PASSWORD, '198.51.100.22')).statusCode).toBe(429);
  });

  it('check at most the budget of 20 logins sent at once for one account', async () => {
    await signedIn('raced-login');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('raced-login', `wrong ${i}`, `192.0.2.${200 + i}`)),
    );
    expect(tally(guesses.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 10 });
    expect((await login('raced-login', PASSWORD, '198.51.100.23')).statusCode).toBe(429);
  });
});
