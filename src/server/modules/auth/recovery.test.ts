import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryMessages } from '../../../shared/recovery';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, type ReceivedMail, startSmtpPeer } from '../../test/smtp-peer';
import { OUTBOX_WORKER, statementsDuring } from '../../test/statements';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.example.test';
const t = await createTestApp({
  env: { SMTP_URL: peer.url, PUBLIC_URL: SITE, FORGOT_MAX_PER_ACCOUNT: '3', FORGOT_MAX_PER_IP: '1000' },
});
const PASSWORD = 'a long passphrase';
let admin: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await t.signIn();
});

/** The mail's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
const bodyOf = (mail: ReceivedMail) =>
  (
    mail.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n') ?? ''
  )
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailsTo = (email: string) => peer.received.filter((m) => m.to.includes(email));
const linkIn = (mail: ReceivedMail, path: string) => {
  const link = bodyOf(mail).match(new RegExp(`${SITE}${path}\\?token=[\\w-]{43}`))?.[0];
  expect(link, bodyOf(mail)).toBeTruthy();
  return { link: link!, token: new URL(link!).searchParams.get('token')! };
};

let ip = 0;
const forgot = (body: Record<string, string>, remoteAddress = `10.9.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: body, remoteAddress });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password } });
const login = (username: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** An approved editor whose address is confirmed (straight in the database: not what is tested here). */
async function editorWithEmail(username: string, email: string | null) {
  const id = await t.requestAccount({ name: 'Person', username, password: PASSWORD });
  await t.database.query(`update users set role = 'office' where id::text = $1`, [id]);
  if (email !== null) await giveAccountEmail(t.database, email, { userId: id });
  return id;
}

describe('forgot password', () => {
  it('answers 202 with the same bytes for a known account, one without e-mail, and nobody; writes only for the first', async () => {
    await editorWithEmail('mira', 'mira@example.com');
    await editorWithEmail('nomail', null);
    const answers = [
      await forgot({ username: 'mira' }),
      await forgot({ email: 'MIRA@example.com' }),
      await forgot({ username: 'nomail' }),
      await forgot({ username: 'nobody-at-all' }),
      await forgot({ email: 'nobody@example.com' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect(answers[0]!.json()).toEqual({ message: recoveryMessages.forgotSent });
    const mails = await eventually(() =>
      mailsTo('mira@example.com').length === 2 ? mailsTo('mira@example.com') : null,
    );
    expect(mails).toHaveLength(2);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from password_resets');
    expect(row?.n).toBe(2);
  });

  it('runs one statement whatever was typed (the same code path for known and unknown accounts)', async () => {
    // Every statement the database sees, in order: the same list for an account and for nobody.
    // The outbox's worker sends the known account's mail meanwhile, on its own schedule.
    const known = await statementsDuring(t.database, () => forgot({ username: 'mira' }), OUTBOX_WORKER);
    const unknown = await statementsDuring(t.database, () => forgot({ username: 'ghost' }), OUTBOX_WORKER);
    expect(unknown).toEqual(known);
    expect(known.length).toBeGreaterThan(1);
  });

  it('limits requests per typed name, counted the same whether or not it exists', async () => {
    for (const name of ['limit-known', 'limit-ghost']) {
      if (name === 'limit-known') await editorWithEmail(name, `${name}@example.com`);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await forgot({ username: name.toUpperCase() }));
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 429]);
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('asks for a username or an e-mail', async () => {
    const res = await forgot({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBe(recoveryMessages.forgotWhich);
  });
});

describe('reset', () => {
  it('sets the password by the sign-up rules, once, voids other links and ends every session', async () => {
    const id = await editorWithEmail('rosa', 'rosa@example.com');
    const session = (await login('rosa')).json().token as string;
    await forgot({ username: 'rosa' });
    await forgot({ username: 'rosa' });
    const [first, second] = await eventually(() =>
      mailsTo('rosa@example.com').length === 2 ? mailsTo('rosa@example.com') : null,
    );
    const { token } = linkIn(first!, '/reset');
    const { token: other } = linkIn(second!, '/reset');
    // Only the hash is stored.
    const stored = await t.database.query('select 1 from password_resets where token_hash = $1', [token]);
    expect(stored).toHaveLength(0);
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(
      await t.database.query('select 1 from password_resets where token_hash = $1', [hashed]),
    ).toHaveLength(1);

    expect((await reset(token, 'short')).json().fields.password).toBe(
      'Password must be at least 8 characters.',
    );
    expect((await reset(token, 'password123')).json().fields.password).toMatch(/too common/);

    const done = await reset(token, 'a brand new passphrase');
    expect(done.statusCode).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.json()).toEqual({ message: recoveryMessages.resetDone });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/current-user',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.statusCode).toBe(401);
    expect(await t.database.query('select 1 from sessions where user_id::text = $1', [id])).toHaveLength(0);
    expect((await login('rosa')).statusCode).toBe(401);
    expect((await login('rosa', 'a brand new passphrase')).statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(recoveryMessages.linkUsed);
    expect((await reset(other, 'yet another passphrase')).json().error).toBe(recoveryMessages.linkUsed);
    expect((await reset('A'.repeat(43), 'yet another passphrase')).json().error).toBe(
      recoveryMessages.linkInvalid,
    );
  });

  it('refuses a link older than 30 minutes', async () => {
    await editorWithEmail('late', 'late@example.com');
    await forgot({ email: 'late@example.com' });
    const mail = await eventually(() => mailsTo('late@example.com')[0]);
    const { token } = linkIn(mail, '/reset');
    const [row] = await t.database.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_resets
        where token_hash = $1`,
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(row!.minutes).toBe(30);
    await t.database.query(`update password_resets set expires_at = now() - interval '1 second'`);
    const res = await reset(token, 'a brand new passphrase');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(recoveryMessages.linkExpired);
  });
});

describe("an account's e-mail address", () => {
  it('is confirmed by a link mailed to it at sign-up', async () => {
    const id = await t.requestAccount({
      name: 'New',
      username: 'newbie',
      password: PASSWORD,
      email: 'newbie@example.com',
    });
    const [before] = await t.database.query<{ email: string | null }>(
      'select email from users where id::text = $1',
      [id],
    );
    expect(before!.email).toBeNull();
    const mail = await eventually(() => mailsTo('newbie@example.com')[0]);
    const { token } = linkIn(mail, '/confirm-email');
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(recoveryMessages.emailConfirmed);
    const [after] = await t.database.query<{ email: string | null }>(
      'select email from users where id::text = $1',
      [id],
    );
    expect(after!.email).toBe('newbie@example.com');
    expect((await confirm()).statusCode).toBe(400);
  });

  it('changes on My account with the current password, once the new address opens its link', async () => {
    const id = await editorWithEmail('ada', 'ada@example.com');
    const authorization = `Bearer ${(await login('ada')).json().token}`;
    const put = (payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/email', headers: { authorization }, payload });
    expect((await put({ email: 'ada2@example.com', currentPassword: 'wrong one!' })).json().fields).toEqual({
      currentPassword: 'The current password is not correct.',
    });
    expect((await put({ email: 'not an address', currentPassword: PASSWORD })).statusCode).toBe(400);
    expect((await put({ email: 'MIRA@example.com', currentPassword: PASSWORD })).json().fields.email).toBe(
      recoveryMessages.emailTaken,
    );
    const asked = await put({ email: 'ada2@example.com', currentPassword: PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(recoveryMessages.emailSent('ada2@example.com'));
    const state = await t.app.inject({ method: 'GET', url: '/api/auth/email', headers: { authorization } });
    expect(state.json()).toEqual({ email: 'ada@example.com', pendingEmail: 'ada2@example.com' });

    const notice = await eventually(() => mailsTo('ada@example.com')[0]);
    expect(bodyOf(notice)).toContain('asked to make ada2@example.com the account');
    const mail = await eventually(() => mailsTo('ada2@example.com')[0]);
    const { token } = linkIn(mail, '/confirm-email');
    // Meanwhile someone else confirmed the address: the link says so and changes nothing.
    await giveAccountEmail(t.database, 'ada2@example.com', { username: 'mira' });
    const clash = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(recoveryMessages.emailTaken);
    await giveAccountEmail(t.database, 'mira@example.com', { username: 'mira' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.query<{ email: string }>('select email from users where id::text = $1', [
      id,
    ]);
    expect(row!.email).toBe('ada2@example.com');
  });
});

describe('a reset link from the Users screen', () => {
  it('is mailed to a user with an address and shown to the admin once; a user without one gets it through the admin', async () => {
    const withMail = await editorWithEmail('lina', 'lina@example.com');
    const withoutMail = await editorWithEmail('omar', null);
    const send = (id: string, authorization = admin.authorization) =>
      t.app.inject({ method: 'POST', url: `/api/users/${id}/reset-link`, headers: { authorization } });
    const mailed = await send(withMail);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.headers['cache-control']).toBe('no-store');
    expect(mailed.json()).toMatchObject({ mailedTo: 'lina@example.com', expiresInMinutes: 30 });
    expect(mailed.json().link).toMatch(new RegExp(`^${SITE}/reset\\?token=[\\w-]{43}$`));
    const mail = await eventually(() => mailsTo('lina@example.com')[0]);
    expect(linkIn(mail, '/reset').link).toBe(mailed.json().link);

    const handed = await send(withoutMail);
    expect(handed.json().mailedTo).toBeNull();
    const token = new URL(handed.json().link).searchParams.get('token')!;
    expect((await reset(token, 'omar chose this one')).statusCode).toBe(200);
    expect((await login('omar', 'omar chose this one')).statusCode).toBe(200);

    const editor = await t.signIn('office');
    expect((await send(withMail, editor.authorization)).statusCode).toBe(403);
    expect((await send('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
