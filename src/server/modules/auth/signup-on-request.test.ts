import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { createTestApp, giveAccountEmail, TEST_SETUP_CODE } from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.example.test';
const t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: SITE } });
const PASSWORD = 'a long passphrase';

const signup = (username: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Asking Person', username, password: PASSWORD, ...extra },
  });
const mailsTo = (email: string) => peer.received.filter((mail) => mail.to.includes(email)).map(readMail);
/** What a sign-up answers, apart from the username it echoes. */
const answerOf = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  const { username: _username, ...rest } = res.json();
  return { status: res.statusCode, ...rest };
};
const accounts = async () => (await t.database.query<{ n: string }>('select count(*) as n from users'))[0]!.n;

let admin: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await t.signIn();
  await giveAccountEmail(t.database, 'boss@example.test', { userId: admin.userId });
  // A second admin without an address, and a deactivated one with one: neither is mailed.
  for (const [username, email] of [
    ['quietadmin', null],
    ['goneadmin', 'gone@example.test'],
  ] as const) {
    const { userId } = await t.signIn('office');
    await t.database.query(
      `update users set role = 'admin', username = $2, username_canonical = $2 where id::text = $1`,
      [userId, username],
    );
    if (email) await giveAccountEmail(t.database, email, { userId });
  }
  await t.database.query(`update users set deactivated_at = now() where username = 'goneadmin'`);
  // An editor with an address: an admin notice is not theirs, and their username gets taken.
  const holder = await t.signIn('office');
  await t.database.query(
    `update users set username = 'holder', username_canonical = 'holder' where id::text = $1`,
    [holder.userId],
  );
  await giveAccountEmail(t.database, 'taken@example.test', { userId: holder.userId });
});

describe('sign-up while the setting is off (the default once the site is claimed)', () => {
  it('refuses with the same 403 naming invitations for a taken and a free username, and creates nothing', async () => {
    const before = await accounts();
    const taken = await signup('holder', { email: 'asker@example.test' });
    const free = await signup('newperson', { email: 'asker@example.test' });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toEqual({ error: authMessages.byInvitation });
    expect(free.body).toBe(taken.body);
    expect(await accounts()).toBe(before);
    await t.app.mailOutbox!.deliverDue();
    expect(mailsTo('asker@example.test')).toEqual([]);
  });

  it('says so on the status the sign-up page reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/setup-status' });
    expect(res.json()).toEqual({ claimed: true, signupOpen: false });
  });

  it('is what a site gets whose settings were saved before the setting existed', async () => {
    await t.database.query(`update settings set data = data - 'signupOpen'`);
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin });
    expect(settings.json().signupOpen).toBe(false);
  });
});

describe('sign-up while anyone may ask for an account', () => {
  beforeAll(async () => {
    await t.saveSettings({ signupOpen: true }, admin);
  });

  it('answers a taken username exactly as a free one, creates only the free one, and mails the truth to the address given', async () => {
    const before = Number(await accounts());
    const taken = await signup('Holder', { email: 'stranger@example.test' });
    const free = await signup('freshperson', { email: 'fresh@example.test' });
    expect(taken.statusCode).toBe(201);
    expect(answerOf(taken)).toEqual(answerOf(free));
    expect(taken.json()).toMatchObject({ username: 'Holder', role: 'pending' });
    expect(free.json()).not.toHaveProperty('_id');
    expect(Number(await accounts())).toBe(before + 1);
    const [existing] = await eventually(() => {
      const mails = mailsTo('stranger@example.test');
      return mails.length > 0 && mails;
    });
    expect(existing!.subject).toContain('About your sign-up');
    expect(existing!.body).toContain('"Holder"');
    expect(existing!.body).toContain('already exists');
    expect(existing!.body).toContain(`${SITE}/forgot`);
    // The owner of the taken account hears nothing: nobody asked them anything.
    expect(mailsTo('taken@example.test')).toEqual([]);
    // The free one's address gets its confirmation link, as before.
    const [confirm] = await eventually(() => {
      const mails = mailsTo('fresh@example.test');
      return mails.length > 0 && mails;
    });
    expect(confirm!.body).toContain(`${SITE}/confirm-email`);
  });

  it('mails every admin who can act about a new sign-up, and nobody else', async () => {
    const res = await signup('waitingperson', { name: 'Waiting Person' });
    expect(res.statusCode).toBe(201);
    const aboutIt = () =>
      peer.received.map(readMail).filter((mail) => mail.subject.includes('Waiting Person asks'));
    const [notice] = await eventually(() => aboutIt().length > 0 && aboutIt());
    await t.app.mailOutbox!.deliverDue();
    expect(
      peer.received
        .filter((mail) => readMail(mail).subject.includes('Waiting Person asks'))
        .map((mail) => mail.to),
    ).toEqual([['boss@example.test']]);
    expect(notice!.body).toContain('"waitingperson"');
    expect(notice!.body).toContain(`${SITE}/users`);
  });

  it('mails the person when an admin approves them, at their confirmed address, with their role', async () => {
    await signup('approveme', { name: 'Approve Me' });
    await giveAccountEmail(t.database, 'approveme@example.test', { username: 'approveme' });
    const [row] = await t.database.query<{ id: string }>(
      `select id::text as id from users where username = 'approveme'`,
    );
    const id = row!.id;
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { role: 'technician' },
    });
    expect(approve.statusCode).toBe(200);
    const [mail] = await eventually(() => {
      const mails = mailsTo('approveme@example.test');
      return mails.length > 0 && mails;
    });
    expect(mail!.subject).toContain('is approved');
    expect(mail!.body).toContain('as Technician');
    expect(mail!.body).toContain(`${SITE}/login`);
    // A later change of role is not an approval: no second mail.
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { role: 'office' },
    });
    await t.app.mailOutbox!.deliverDue();
    expect(mailsTo('approveme@example.test')).toHaveLength(1);
  });
});

describe('the claim of a fresh site', () => {
  it('works with the setup code while the setting is off, as before', async () => {
    const fresh = await createTestApp();
    const status = await fresh.app.inject({ method: 'GET', url: '/api/auth/setup-status' });
    expect(status.json()).toEqual({ claimed: false, signupOpen: false });
    const claim = await fresh.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Owner', username: 'owner', password: PASSWORD, setupCode: TEST_SETUP_CODE },
    });
    expect(claim.statusCode).toBe(201);
    expect(claim.json()).toMatchObject({ username: 'owner', role: 'admin' });
    expect(claim.json()._id).toEqual(expect.any(String));
    const next = await fresh.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Next', username: 'next', password: PASSWORD },
    });
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toBe(authMessages.byInvitation);
  });
});
