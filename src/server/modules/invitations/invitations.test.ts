import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { INVITATION_DAYS, invitationMessages } from '../../../shared/invitations';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.example.test';
const t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: SITE } });
/** The same site that cannot send mail (SMTP_URL unset). */
const quiet = await createTestApp({ env: { PUBLIC_URL: SITE } });
const PASSWORD = 'a long passphrase';
let admin: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await t.signIn();
});

const invite = (payload: Record<string, unknown>, as = admin, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/invitations', payload, headers: as });
const lookup = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/invitation?token=${token}` });
const accept = (token: string, username: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token, username, password: PASSWORD, name: 'Invited Person' },
  });

/** The invitation mailed to `email`, the `nth` one (the newest by default), and its link's token. */
async function mailedLink(email: string, count = 1) {
  const mails = await eventually(() => {
    const to = peer.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()));
    return to.length >= count ? to : null;
  });
  const mail = readMail(mails.at(-1)!);
  const link = mail.body.match(new RegExp(`${SITE}/invite\\?token=[\\w-]{43}`))?.[0];
  expect(link, mail.body).toBeTruthy();
  return { mail, link: link!, token: new URL(link!).searchParams.get('token')! };
}

async function invited(email: string, role = 'technician') {
  const res = await invite({ email, role, name: 'Tariq Technician' });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().invitation._id as string, ...(await mailedLink(email)) };
}

describe('inviting', () => {
  it('mails a single-use link with the role; the answer does not carry it; the address and role are looked up by it', async () => {
    const res = await invite({ email: 'Tariq@Example.com', role: 'technician', name: 'Tariq Technician' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const sent = res.json();
    expect(sent.link).toBeUndefined();
    expect(sent.mailedTo).toBe('Tariq@Example.com');
    expect(sent.invitation).toMatchObject({ email: 'Tariq@Example.com', role: 'technician', expired: false });
    const days = (Date.parse(sent.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_DAYS);

    const { mail, token } = await mailedLink('Tariq@Example.com');
    expect(mail.subject).toMatch(/^Site Admin invited you to \S/);
    expect(mail.body).toContain('as technician');
    // Only the token's hash is stored.
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from invitations');
    expect(rows.map((row) => row.token_hash)).not.toContain(token);

    const who = await lookup(token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({
      email: 'Tariq@Example.com',
      name: 'Tariq Technician',
      role: 'technician',
      roleLabel: 'Technician',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: admin });
    expect(list.json()).toEqual([
      expect.objectContaining({ email: 'Tariq@Example.com', invitedBy: 'Site Admin', role: 'technician' }),
    ]);
    const [audit] = await t.database.query<{ actor_id: string; fields: string[] }>(
      `select actor_id::text, fields from audit_log where resource = 'invitations' and action = 'invite'`,
    );
    expect(audit).toEqual({ actor_id: admin.userId, fields: ['email', 'name', 'role'] });
  });

  it('refuses an address with an open invitation or an account, in any spelling (409)', async () => {
    const again = await invite({ email: 'tariq@example.COM', role: 'office' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(invitationMessages.emailInvited);
    await giveAccountEmail(t.database, 'owner@example.com', { userId: admin.userId });
    const taken = await invite({ email: 'Owner@example.com', role: 'editor' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(invitationMessages.emailHasAccount);
  });

  it('refuses bad input with 400 and its fields, a pending role among it', async () => {
    const res = await invite({ email: 'not an address', role: 'pending', name: 'x'.repeat(200) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'name', 'role']);
    const token = await lookup('short');
    expect(token.statusCode).toBe(400);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token: 'x'.repeat(43), username: 'bad name!', password: 'short', name: '' },
    });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().fields).sort()).toEqual(['name', 'password', 'username']);
  });

  it('is for admins only: an office account gets 403', async () => {
    const office = await t.signIn('office');
    await t.database.query(`update users set role = 'office' where id::text = $1`, [office.userId]);
    expect((await invite({ email: 'someone@example.com', role: 'editor' }, office)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: office });
    expect(list.statusCode).toBe(403);
  });
});

describe('accepting', () => {
  it('creates the approved account with the role and the confirmed address, signs it in, and the link works once', async () => {
    const { id, token } = await invited('amina@example.com');
    const res = await accept(token, 'amina');
    expect(res.statusCode, res.body).toBe(201);
    const { token: session, user } = res.json();
    expect(user).toMatchObject({ username: 'amina', name: 'Invited Person', role: 'technician' });
    expect(res.cookies.map((cookie) => cookie.name)).toContain('session');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.json()).toMatchObject({ username: 'amina', role: 'technician' });
    const email = await t.app.inject({
      method: 'GET',
      url: '/api/auth/email',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(email.json()).toEqual({ email: 'amina@example.com', pendingEmail: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'AMINA', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    const reused = await accept(token, 'amina2');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toBe(invitationMessages.linkEnded);
    expect((await lookup(token)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: admin });
    expect(list.json().map((row: { _id: string }) => row._id)).not.toContain(id);
    const audit = await t.database.query<{ action: string; resource: string }>(
      'select action, resource from audit_log where actor_id::text = $1 order by at',
      [user._id],
    );
    // The account and the accepted invitation in one transaction, then the two sign-ins.
    expect(audit.map((row) => `${row.action} ${row.resource}`)).toEqual([
      'create users',
      'accept invitations',
      'login session',
      'login session',
    ]);
  });

  it('refuses a taken username in any spelling (409) and keeps the link for another try', async () => {
    const { token } = await invited('bilal@example.com');
    const taken = await accept(token, 'Amina');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(authMessages.usernameTaken);
    expect((await accept(token, 'bilal')).statusCode).toBe(201);
  });

  it('refuses an expired link with the same answer, and a resend of it works', async () => {
    const { id, token } = await invited('expired@example.com');
    await t.database.query(
      `update invitations set expires_at = now() - interval '1 minute' where id::text = $1`,
      [id],
    );
    const res = await accept(token, 'late');
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(invitationMessages.linkEnded);
    const who = await lookup(token);
    expect(who.statusCode).toBe(404);
    expect(who.json().error).toBe(invitationMessages.linkEnded);
    const list = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: admin });
    expect(list.json().find((row: { _id: string }) => row._id === id)).toMatchObject({ expired: true });
    // An expired invitation leaves the way for a new one to the same address.
    expect((await invite({ email: 'expired@example.com', role: 'editor' })).statusCode).toBe(201);
  });

  it('refuses a revoked link with the same answer', async () => {
    const { id, token } = await invited('revoked@example.com');
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/invitations/${id}`,
      headers: admin,
    });
    expect(revoke.statusCode).toBe(200);
    const res = await accept(token, 'revoked');
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(invitationMessages.linkEnded);
    expect((await lookup(token)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/invitations/${id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'revoke' and record_id = $1`,
      [id],
    );
    expect(audit?.n).toBe(1);
  });

  it('resend mails a new link and ends the old one', async () => {
    const { id, token: old } = await invited('resend@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${id}/resend`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().link).toBeUndefined();
    const { token } = await mailedLink('resend@example.com', 2);
    expect(token).not.toBe(old);
    expect((await accept(old, 'resend-old')).statusCode).toBe(410);
    expect((await accept(token, 'resend-new')).statusCode).toBe(201);
    const actions = await t.database.query<{ action: string }>(
      `select action from audit_log where resource = 'invitations' and record_id = $1 order by at`,
      [id],
    );
    expect(actions.map((row) => row.action)).toEqual(['invite', 'resend', 'accept']);
  });
});

describe('without SMTP', () => {
  it('answers the link once, for the admin to copy, and it works', async () => {
    const boss = await quiet.signIn();
    const res = await invite({ email: 'copy@example.com', role: 'office' }, boss, quiet.app);
    expect(res.statusCode, res.body).toBe(201);
    const { link, mailedTo, invitation } = res.json();
    expect(mailedTo).toBeNull();
    expect(link).toMatch(new RegExp(`^${SITE}/invite\\?token=[\\w-]{43}$`));
    const list = await quiet.app.inject({ method: 'GET', url: '/api/invitations', headers: boss });
    expect(list.body).not.toContain('token');

    const resend = await quiet.app.inject({
      method: 'POST',
      url: `/api/invitations/${invitation._id}/resend`,
      headers: boss,
    });
    const renewed = resend.json().link as string;
    expect(renewed).not.toBe(link);
    const accepted = await accept(new URL(renewed).searchParams.get('token')!, 'copied', quiet.app);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().user.role).toBe('office');
  });
});
