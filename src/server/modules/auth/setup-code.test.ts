import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { createTestDatabase, testEnv } from '../../test/helpers';
import { currentSetupCode } from './setup-code';

const PASSWORD = 'a long passphrase';
const lines: string[] = [];
const { database, drop } = await createTestDatabase();
// No SETUP_CODE: the code is generated into the database, as on a real fresh site.
const app = await buildApp({
  env: testEnv({ SETUP_CODE: '', LOG_LEVEL: 'info' }),
  database,
  ssr: false,
  logStream: { write: (line) => lines.push(line) },
});
afterAll(async () => {
  await app.close();
  await drop();
});

const signup = (username: string, setupCode?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      name: 'Person',
      username,
      password: PASSWORD,
      ...(setupCode === undefined ? {} : { setupCode }),
    },
  });
const status = async () =>
  (await app.inject({ method: 'GET', url: '/api/auth/setup-status' })).json() as {
    claimed: boolean;
    signupOpen: boolean;
  };

describe('claiming a fresh site with the setup code', () => {
  it('keeps one code in the database, the same for every instance that asks', async () => {
    const code = await currentSetupCode(database, undefined);
    expect(code).toMatch(/^[\w-]{20}$/);
    expect(await currentSetupCode(database, undefined)).toBe(code);
    // An instance started with SETUP_CODE uses that one instead.
    expect(await currentSetupCode(database, 'preset-code-123456')).toBe('preset-code-123456');
    expect(await status()).toEqual({ claimed: false, signupOpen: false });
  });

  it('refuses the first sign-up without the code, or with a wrong one, saying where the code is', async () => {
    const code = (await currentSetupCode(database, undefined))!;
    for (const given of [undefined, '', 'wrong-code-000000000', `${code}x`, code.slice(0, -1)]) {
      const res = await signup('owner', given);
      expect(res.statusCode, String(given)).toBe(403);
      expect(res.json().error).toBe(
        "This site is not set up yet. Use the setup link printed in the server's log when it started (or the SETUP_CODE you set).",
      );
    }
    expect(await database.query('select id from users')).toEqual([]);
    expect(await status()).toEqual({ claimed: false, signupOpen: false });
  });

  it('makes the account with the right code the admin, and voids the code', async () => {
    const code = (await currentSetupCode(database, undefined))!;
    const res = await signup('owner', code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'admin',
      message: 'Your admin account is ready. You can log in now.',
    });
    expect(await database.query(`select name from server_secrets where name = 'setup-code'`)).toEqual([]);
    expect(await currentSetupCode(database, undefined)).toBeNull();
    expect(await currentSetupCode(database, 'preset-code-123456')).toBeNull();
    expect(await status()).toEqual({ claimed: true, signupOpen: false });
  });

  it('after the claim, refuses later sign-ups until anyone may ask, then takes them as pending, with or without the old code', async () => {
    const closed = await signup('second', 'whatever-was-sent');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toBe(authMessages.byInvitation);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'owner', password: PASSWORD },
    });
    const opened = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { signupOpen: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await signup('second', 'whatever-was-sent');
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('pending');
    expect((await signup('third')).json().role).toBe('pending');
  });

  it('lets only one of two sign-ups racing with the right code become the admin', async () => {
    const t = await createTestDatabase();
    const raced = await buildApp({
      env: testEnv({ SETUP_CODE: 'race-setup-code-0000' }),
      database: t.database,
      logger: false,
      ssr: false,
    });
    try {
      const results = await Promise.all(
        ['racer1', 'racer2', 'racer3'].map((username) =>
          raced.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: { name: 'Racer', username, password: PASSWORD, setupCode: 'race-setup-code-0000' },
          }),
        ),
      );
      // The others find the site claimed by then, and sign-up closed to anyone else.
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
      expect(results.map((r) => r.json().role ?? r.json().error).sort()).toEqual([
        authMessages.byInvitation,
        authMessages.byInvitation,
        'admin',
      ]);
    } finally {
      await raced.close();
      await t.drop();
    }
  });
});

describe('URLs carrying a setup code or a reset token', () => {
  it('are answered no-store with no Referer onwards, and logged without the value', async () => {
    lines.length = 0;
    // /api/service is a public read the response cache would otherwise keep.
    for (const url of [
      '/api/auth/setup-status?code=SECRET-CODE-1',
      '/api/status?x=1&token=SECRET-TOKEN-2',
      '/api/service?token=SECRET-TOKEN-3',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    const plain = await app.inject({ method: 'GET', url: '/api/status' });
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const logged = lines.join('\n');
    expect(logged).toContain('/api/auth/setup-status?code=[redacted]');
    expect(logged).toContain('/api/status?x=1&token=[redacted]');
    expect(logged).not.toMatch(/SECRET-CODE-1|SECRET-TOKEN-2|SECRET-TOKEN-3/);
  });
});

describe('SETUP_CODE', () => {
  it('is optional, and when set must be long enough and fit in a link', () => {
    expect(loadEnv({ SETUP_CODE: '' }).SETUP_CODE).toBeUndefined();
    expect(loadEnv({ SETUP_CODE: 'automation-code-42' }).SETUP_CODE).toBe('automation-code-42');
    expect(() => loadEnv({ SETUP_CODE: 'short' })).toThrow(/SETUP_CODE: must be at least 12 characters/);
    expect(() => loadEnv({ SETUP_CODE: 'has spaces in it&x=1' })).toThrow(/SETUP_CODE: may hold only/);
  });
});
