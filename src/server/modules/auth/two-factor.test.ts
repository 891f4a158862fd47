import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { twoFactorMessages } from '../../../shared/two-factor';
import { buildApp } from '../../app';
import {
  createTestApp,
  createTestDatabase,
  TEST_SETUP_CODE,
  testDatabaseKind,
  testEnv,
} from '../../test/helpers';

const t = await createTestApp({ env: { LOGIN_MAX_PER_USER: '8', LOGIN_MAX_PER_IP: '1000' } });
const PASSWORD = 'a long passphrase';
const admin = await t.signIn('admin');
// Editors here ask for their accounts; opened now, before any test makes the admin set up 2FA first.
await t.openSignup();

const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: authorization ? { authorization } : {},
  });
const login = (username: string, password = PASSWORD) => post('/api/auth/login', { username, password });
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** An approved editor, signed in with a password only. */
async function editor(username: string) {
  const id = await t.requestAccount({ name: 'Person', username, password: PASSWORD });
  await t.database.query(`update users set role = 'office' where id::text = $1`, [id]);
  return { id, authorization: `Bearer ${(await login(username)).json().token}` };
}

/** Turn two-factor sign-in on for a signed-in account; answers its secret and recovery codes. */
async function turnOn(authorization: string) {
  const setup = await post('/api/auth/2fa/setup', {}, authorization);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enabled = await post('/api/auth/2fa/enable', { code: codeAt(secret) }, authorization);
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** Codes of the current step were used by the test before: let the account accept them again. */
const forgetLastStep = (userId: string) =>
  t.database.query('update users set totp_last_step = null where id::text = $1', [userId]);

describe('two-factor sign-in', () => {
  it('is set up from a server-made secret confirmed with a code, and answers 10 single-use recovery codes', async () => {
    const alice = await editor('alice');
    const setup = await post('/api/auth/2fa/setup', {}, alice.authorization);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+:alice\?.*secret=[A-Z2-7]{32}/);

    const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, alice.authorization);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBe(twoFactorMessages.codeWrong);
    const status = await t.app.inject({
      url: '/api/auth/2fa',
      headers: { authorization: alice.authorization },
    });
    expect(status.json()).toMatchObject({ enabled: false });

    const enabled = await post('/api/auth/2fa/enable', { code: codeAt(secret) }, alice.authorization);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    expect(new Set(codes).size).toBe(10);

    const after = await t.app.inject({
      url: '/api/auth/2fa',
      headers: { authorization: alice.authorization },
    });
    expect(after.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await post('/api/auth/2fa/setup', {}, alice.authorization)).statusCode).toBe(409);
  });

  it('keeps the secret sealed at rest and recovery codes only as hashes', async () => {
    const bob = await editor('bob');
    const { secret, recoveryCodes } = await turnOn(bob.authorization);
    const [row] = await t.database.query<{ enc: string }>(
      'select totp_secret_enc as enc from users where id::text = $1',
      [bob.id],
    );
    expect(row?.enc).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(row?.enc).not.toContain(secret);
    const stored = await t.database.query<{ h: string }>('select code_hash as h from recovery_codes');
    expect(stored.map((r) => r.h).join()).not.toContain(recoveryCodes[0]);
  });

  it('answers a ticket instead of a token to the password, and the token to the ticket with a code', async () => {
    const carol = await editor('carol');
    const { secret } = await turnOn(carol.authorization);
    await forgetLastStep(carol.id);
    const first = await login('carol');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
    expect(first.cookies.find((c) => c.name === 'session')).toBeUndefined();
    // The ticket is no session.
    const asBearer = await t.app.inject({
      url: '/api/current-user',
      headers: { authorization: `Bearer ${first.json().ticket}` },
    });
    expect(asBearer.statusCode).toBe(401);

    const code = codeAt(secret);
    const verified = await post('/api/auth/2fa/verify', { ticket: first.json().ticket, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ token: expect.any(String), user: { username: 'carol' } });
    expect(verified.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
    const me = await t.app.inject({
      url: '/api/current-user',
      headers: { authorization: `Bearer ${verified.json().token}` },
    });
    expect(me.json().username).toBe('carol');

    // The ticket is used up, and the same code is refused on a new ticket (same 30-second window).
    const again = await post('/api/auth/2fa/verify', { ticket: first.json().ticket, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(twoFactorMessages.ticketExpired);
    const replay = await post('/api/auth/2fa/verify', { ticket: (await login('carol')).json().ticket, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(twoFactorMessages.codeReplayed);
  });

  it('accepts two requests with one code only once', async () => {
    const dave = await editor('dave');
    const { secret } = await turnOn(dave.authorization);
    await forgetLastStep(dave.id);
    const tickets = [(await login('dave')).json().ticket, (await login('dave')).json().ticket];
    const code = codeAt(secret);
    const answers = await Promise.all(
      tickets.map((ticket) => post('/api/auth/2fa/verify', { ticket, code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes a recovery code once, in any case and with or without dashes', async () => {
    const erin = await editor('erin');
    const { recoveryCodes } = await turnOn(erin.authorization);
    const typed = recoveryCodes[3]!.toUpperCase().replaceAll('-', ' ');
    const ok = await post('/api/auth/2fa/verify', {
      ticket: (await login('erin')).json().ticket,
      code: typed,
    });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/api/auth/2fa/verify', {
      ticket: (await login('erin')).json().ticket,
      code: recoveryCodes[3],
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(twoFactorMessages.recoveryWrong);
    const status = await t.app.inject({
      url: '/api/auth/2fa',
      headers: { authorization: erin.authorization },
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('lets a ticket expire after 5 minutes', async () => {
    const { secret } = await turnOn((await editor('frank')).authorization);
    const { ticket } = (await login('frank')).json();
    const [row] = await t.database.query<{ seconds: number }>(
      'select extract(epoch from expires_at - now())::int as seconds from login_tickets order by expires_at desc limit 1',
    );
    expect(Number(row?.seconds)).toBeGreaterThan(290);
    expect(Number(row?.seconds)).toBeLessThanOrEqual(300);
    await t.database.query(`update login_tickets set expires_at = now() - interval '1 second'`);
    const late = await post('/api/auth/2fa/verify', { ticket, code: codeAt(secret, Date.now() + 30_000) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe(twoFactorMessages.ticketExpired);
  });

  it('limits code guesses like passwords, and a new login does not reset the count', async () => {
    await turnOn((await editor('grace')).authorization);
    // Logins and code guesses draw on one budget of 8: a fresh ticket does not buy fresh guesses.
    const statuses: number[] = [];
    let ticket = '';
    for (let i = 0; i < 9; i++) {
      if (i === 0 || i === 5) {
        const res = await login('grace');
        statuses.push(res.statusCode);
        ticket = res.json().ticket;
        continue;
      }
      statuses.push((await post('/api/auth/2fa/verify', { ticket, code: '111111' })).statusCode);
    }
    expect(statuses).toEqual([200, 401, 401, 401, 401, 200, 401, 401, 429]);
  });

  it('spends a ticket after 5 wrong codes', async () => {
    const { secret } = await turnOn((await editor('heidi')).authorization);
    const { ticket } = (await login('heidi')).json();
    for (let i = 0; i < 5; i++) await post('/api/auth/2fa/verify', { ticket, code: '222222' });
    const sixth = await post('/api/auth/2fa/verify', { ticket, code: codeAt(secret, Date.now() + 30_000) });
    expect(sixth.json().error).toBe(twoFactorMessages.ticketExpired);
  });

  it('is turned off only with the password and a code', async () => {
    const ivan = await editor('ivan');
    const { secret } = await turnOn(ivan.authorization);
    await forgetLastStep(ivan.id);
    const noPassword = await post(
      '/api/auth/2fa/disable',
      { password: 'wrong one', code: codeAt(secret) },
      ivan.authorization,
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.password).toBeDefined();
    const off = await post(
      '/api/auth/2fa/disable',
      { password: PASSWORD, code: codeAt(secret) },
      ivan.authorization,
    );
    expect(off.statusCode).toBe(200);
    const plain = await login('ivan');
    expect(plain.json().token).toEqual(expect.any(String));
  });

  it('makes staff set it up when the settings require it, and refuses turning it off then', async () => {
    const judy = await editor('judy');
    const kim = await editor('kim');
    const kimSecret = (await turnOn(kim.authorization)).secret;
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { authorization: admin.authorization },
      payload: { twoFactorRequiredFor: 'staff' },
    });
    expect(set.statusCode).toBe(200);
    try {
      const me = await t.app.inject({
        url: '/api/current-user',
        headers: { authorization: judy.authorization },
      });
      expect(me.json()).toMatchObject({ username: 'judy', twoFactorSetupRequired: true });
      const blocked = await t.app.inject({
        url: '/api/contactus',
        headers: { authorization: judy.authorization },
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error).toBe(twoFactorMessages.setupRequired);
      const { secret } = await turnOn(judy.authorization);
      const allowed = await t.app.inject({
        url: '/api/contactus',
        headers: { authorization: judy.authorization },
      });
      expect(allowed.statusCode).toBe(200);
      await forgetLastStep(kim.id);
      const off = await post(
        '/api/auth/2fa/disable',
        { password: PASSWORD, code: codeAt(kimSecret) },
        kim.authorization,
      );
      expect(off.statusCode).toBe(409);
      expect(off.json().error).toBe(twoFactorMessages.stillRequired);
      expect(secret).toBeTruthy();
    } finally {
      // The admin had no second factor: the requirement shuts them out too (the admin is staff).
      await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"nobody"}'`);
    }
  });

  it('asks only admins when the setting says admins', async () => {
    const lee = await editor('lee');
    await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"admins"}'`);
    try {
      const asEditor = await t.app.inject({
        url: '/api/contactus',
        headers: { authorization: lee.authorization },
      });
      expect(asEditor.statusCode).toBe(200);
      const asAdmin = await t.app.inject({
        url: '/api/users',
        headers: { authorization: admin.authorization },
      });
      expect(asAdmin.statusCode).toBe(403);
    } finally {
      await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"nobody"}'`);
    }
  });
});

const turnOffFor = (id: string, authorization = admin.authorization) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/2fa/disable`, headers: { authorization } });
const count = async (sqlText: string, id: string) =>
  Number((await t.database.query<{ n: string }>(sqlText, [id]))[0]?.n);

describe("an admin turning off someone's two-factor sign-in", () => {
  it('lets them sign in with the password alone, spends their recovery codes and ends their sessions', async () => {
    const mallory = await editor('mallory');
    await turnOn(mallory.authorization);
    const list = await t.app.inject({ url: '/api/users', headers: { authorization: admin.authorization } });
    expect(list.json().find((user: { _id: string }) => user._id === mallory.id)).toMatchObject({
      twoFactorEnabled: true,
    });
    // A login half-way through its second step when the admin acts: its ticket goes too.
    const halfway = (await login('mallory')).json();
    expect(halfway).toMatchObject({ twoFactorRequired: true });

    const res = await turnOffFor(mallory.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const me = await t.app.inject({
      url: '/api/current-user',
      headers: { authorization: mallory.authorization },
    });
    expect(me.statusCode).toBe(401);
    expect(await count('select count(*) as n from recovery_codes where user_id::text = $1', mallory.id)).toBe(
      0,
    );
    expect(await count('select count(*) as n from login_tickets where user_id::text = $1', mallory.id)).toBe(
      0,
    );
    expect(await count('select count(*) as n from sessions where user_id::text = $1', mallory.id)).toBe(0);
    const [row] = await t.database.query<Record<string, unknown>>(
      `select totp_secret_enc, totp_pending_enc, totp_enabled_at, totp_last_step from users where id::text = $1`,
      [mallory.id],
    );
    expect(Object.values(row!)).toEqual([null, null, null, null]);
    const verify = await post('/api/auth/2fa/verify', { ticket: halfway.ticket, code: '123456' });
    expect(verify.statusCode).toBe(401);

    const [entry] = await t.database.query<{ actor_id: string; changes: unknown }>(
      `select actor_id, changes from audit_log where record_id = $1 and action = 'update'
        order by at desc limit 1`,
      [mallory.id],
    );
    expect(entry).toEqual({
      actor_id: admin.userId,
      changes: [{ field: 'twoFactor', before: true, after: false }],
    });

    const again = await login('mallory');
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toEqual(expect.any(String));
    expect(again.json()).not.toHaveProperty('twoFactorRequired');
    const listAfter = await t.app.inject({
      url: '/api/users',
      headers: { authorization: admin.authorization },
    });
    expect(listAfter.json().find((user: { _id: string }) => user._id === mallory.id)).toMatchObject({
      twoFactorEnabled: false,
    });
  });

  it('answers 409 when the account does not have it on, and 404 for an unknown account', async () => {
    const nina = await editor('nina');
    await turnOn(nina.authorization);
    expect((await turnOffFor(nina.id)).statusCode).toBe(200);
    const twice = await turnOffFor(nina.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(twoFactorMessages.notOnForUser);
    expect((await turnOffFor('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await turnOffFor('not-an-id')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const oscar = await editor('oscar');
    await turnOn(oscar.authorization);
    const anotherEditor = await t.signIn('office');
    const res = await turnOffFor(oscar.id, anotherEditor.authorization);
    expect(res.statusCode).toBe(403);
    expect((await turnOffFor(oscar.id, oscar.authorization)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${oscar.id}/2fa/disable` })).statusCode,
    ).toBe(401);
    expect(
      await count(
        'select count(*) as n from users where id::text = $1 and totp_enabled_at is not null',
        oscar.id,
      ),
    ).toBe(1);
  });

  it("refuses an admin's own account: that goes through My account, with the password and a code", async () => {
    const { secret } = (await post('/api/auth/2fa/setup', {}, admin.authorization)).json();
    expect(
      (await post('/api/auth/2fa/enable', { code: codeAt(secret) }, admin.authorization)).statusCode,
    ).toBe(200);
    const res = await turnOffFor(admin.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(twoFactorMessages.notForYourself);
    expect(
      await count(
        'select count(*) as n from users where id::text = $1 and totp_enabled_at is not null',
        admin.userId,
      ),
    ).toBe(1);
  });
});

/** A site of its own with `env`, one signed-in admin, and that admin's answer to "Turn on". */
async function setupOnSiteWith(env: Record<string, string>) {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ env: testEnv(env), database, logger: false });
  try {
    const account = { name: 'A', username: 'keyowner', password: PASSWORD };
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, setupCode: TEST_SETUP_CODE },
    });
    const { token } = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: account })).json();
    return await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      headers: { authorization: `Bearer ${token}` },
    });
  } finally {
    await app.close();
    await drop();
  }
}

describe('the key that seals two-factor secrets', () => {
  it.runIf(testDatabaseKind === 'pglite')(
    'is generated once into the data folder of an embedded site',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-key-'));
      try {
        expect((await setupOnSiteWith({ SECRET_KEY: '', DATA_DIR: dataDir })).statusCode).toBe(200);
        const file = path.join(dataDir, 'secret.key');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'is required on PostgreSQL, and setup says why without it',
    async () => {
      const setup = await setupOnSiteWith({ SECRET_KEY: '' });
      expect(setup.statusCode).toBe(409);
      expect(setup.json().error).toMatch(/needs SECRET_KEY set in the server's environment/);
    },
  );
});
