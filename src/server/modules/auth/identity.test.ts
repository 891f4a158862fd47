import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryMessages } from '../../../shared/recovery';
import { isUniqueViolation } from '../../db/errors';
import { createTestApp, giveAccountEmail, TEST_SETUP_CODE } from '../../test/helpers';
import { eventually, startSmtpPeer } from '../../test/smtp-peer';
import { createAuthStore } from './store';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const t = await createTestApp({
  env: {
    SMTP_URL: peer.url,
    LOGIN_MAX_PER_USER: '10',
    LOGIN_MAX_PER_IP: '1000',
    LOGIN_WINDOW_MINUTES: '15',
    FORGOT_MAX_PER_ACCOUNT: '3',
    FORGOT_MAX_PER_IP: '1000',
    SIGNUP_MAX_PER_IP: '1000',
  },
});
const PASSWORD = 'a long passphrase';
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;
const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { username, password },
  });
const signUp = (username: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: nextIp(),
    payload: { name: 'Person', username, password: PASSWORD, ...extra },
  });

/** An approved editor named `username`. */
async function editor(username: string) {
  expect((await signUp(username)).statusCode).toBe(201);
  const [row] = await t.database.query<{ id: string }>(
    'select id::text as id from users where username = $1',
    [username],
  );
  await t.database.query(`update users set role = 'office' where id::text = $1`, [row!.id]);
  return row!.id;
}

beforeAll(async () => {
  expect((await signUp('owner', { setupCode: TEST_SETUP_CODE })).json().role).toBe('admin');
  // Accounts after the claim are asked for here, so the owner lets anyone ask (decision 094).
  const owner = (await login('owner', PASSWORD)).json().token as string;
  await t.saveSettings({ signupOpen: true }, { authorization: `Bearer ${owner}` });
});

describe('one identity, whatever its spelling', () => {
  it('logs into the account with any spelling of its name, and not with a different name', async () => {
    await editor('tiki');
    for (const spelling of ['tiki', 'TIKI', 'Tiki', 'ｔｉｋｉ', 'ＴＩＫＩ', 'tıki']) {
      const res = await login(spelling, PASSWORD);
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json().user.username).toBe('tiki');
    }
    // `İ` folds to `i` with a dot above: another name, which no account has.
    expect((await login('tİki', PASSWORD)).statusCode).toBe(401);
  });

  it('counts wrong guesses under every spelling against one budget, locking the account once', async () => {
    await editor('kiki');
    const spellings = ['kiki', 'KIKI', 'ｋｉｋｉ', 'Kiki', '\u212Aiki'];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login(spellings[i % spellings.length]!, `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Locked for every spelling, the right password too.
    for (const spelling of spellings)
      expect((await login(spelling, PASSWORD)).statusCode, spelling).toBe(429);
    // A different name (`İ`) is another budget and opens nothing.
    expect((await login('kİki', PASSWORD)).statusCode).toBe(401);
  });

  it('makes no account for a sign-up with another spelling of an existing name, answered as a new one', async () => {
    await editor('mika');
    for (const spelling of ['MIKA', 'Mika', 'mikA']) {
      const res = await signUp(spelling);
      expect(res.statusCode, spelling).toBe(201);
      expect(res.json().role).toBe('pending');
    }
    expect(await t.database.query(`select 1 from users where username_canonical = 'mika'`)).toHaveLength(1);
  });

  it('keeps two accounts from holding spellings of one name, even past the sign-up form', async () => {
    const store = createAuthStore(t.database, { idleHours: 1, maxDays: 1 });
    await store.createUser({ name: 'Nika', username: 'nika', passwordHash: 'x' });
    for (const spelling of ['ＮＩＫＡ', 'nıka', 'NIKA']) {
      const attempt = store.createUser({ name: 'Copy', username: spelling, passwordHash: 'x' });
      await expect(attempt, spelling).rejects.toSatisfy(isUniqueViolation);
    }
  });

  it('counts reset requests for every spelling of one account together, and mails that account', async () => {
    const id = await editor('lumi');
    await giveAccountEmail(t.database, 'lumi@example.com', { userId: id });
    const forgot = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot', remoteAddress: nextIp(), payload: body });
    const statuses = [];
    for (const spelling of ['lumi', 'ＬＵＭＩ', 'Lumi', 'ｌｕｍｉ'])
      statuses.push((await forgot({ username: spelling })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const mails = await eventually(() => {
      const found = peer.received.filter((m) => m.to.includes('lumi@example.com'));
      return found.length === 3 ? found : null;
    });
    expect(mails).toHaveLength(3);
    // An address is one identity too: its spellings share the budget of the address.
    const byAddress = [];
    for (const spelling of [
      'lumi@example.com',
      'LUMI@EXAMPLE.COM',
      'ｌｕｍｉ@example.com',
      'Lumi@Example.com',
    ])
      byAddress.push((await forgot({ email: spelling })).statusCode);
    expect(byAddress).toEqual([202, 202, 202, 429]);
  });

  it("refuses another spelling of another account's address, and calls one of its own the same", async () => {
    const other = await editor('vesa');
    await giveAccountEmail(t.database, 'vesa@example.com', { userId: other });
    const mine = await editor('aino');
    await giveAccountEmail(t.database, 'aino@example.com', { userId: mine });
    const { token } = (await login('aino', PASSWORD)).json();
    const change = (email: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/email',
        headers: { authorization: `Bearer ${token}` },
        payload: { email, currentPassword: PASSWORD },
      });
    const taken = await change('VESA@Example.com');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.email).toBe(recoveryMessages.emailTaken);
    const same = await change('AINO@EXAMPLE.COM');
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.email).toBe(recoveryMessages.emailSame);
  });
});
