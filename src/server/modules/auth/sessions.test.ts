import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, startSmtpPeer } from '../../test/smtp-peer';

const peer = await startSmtpPeer();
afterAll(() => peer.close());
const SITE = 'https://staff.example.com';
const t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: SITE, MAIL_RETRY_SECONDS: '1' } });
const admin = await t.signIn('admin');
const editor = await t.signIn('office');
const [editorRow] = await t.database.query<{ username: string }>(
  'select username from users where id::text = $1',
  [editor.userId],
);
const EDITOR = editorRow!.username;
const PASSWORD = 'correct horse battery';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function login(username: string, userAgent: string, remoteAddress = '203.0.113.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { username, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return `Bearer ${res.json().token}`;
}
const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });
const del = (url: string, authorization: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization } });
const post = (url: string, authorization: string) =>
  t.app.inject({ method: 'POST', url, headers: { authorization } });

interface Listed {
  id: string;
  device: string;
  ip: string;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe('sessions you can see', () => {
  it('lists your live sessions by device and address, marking this one, never with a token', async () => {
    await t.database.query('delete from sessions where user_id::text = $1', [editor.userId]);
    const laptop = await login(EDITOR, WINDOWS_CHROME);
    await login(EDITOR, IPHONE_SAFARI, '198.51.100.20');
    const res = await get('/api/auth/sessions', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = res.json() as Listed[];
    expect(listed).toHaveLength(2);
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual([
        'current',
        'device',
        'id',
        'ip',
        'lastSeenAt',
        'startedAt',
      ]);
      expect(session.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(listed.map((s) => [s.device, s.ip, s.current]).sort()).toEqual([
      ['Chrome on Windows', '203.0.113.7', true],
      ['Safari on iPhone', '198.51.100.20', false],
    ]);
    expect(res.body).not.toContain(laptop.slice(7));
  });

  it('signs out one other session by its id, and no one else’s', async () => {
    await t.database.query('delete from sessions where user_id::text = $1', [editor.userId]);
    const laptop = await login(EDITOR, WINDOWS_CHROME);
    const phone = await login(EDITOR, IPHONE_SAFARI, '198.51.100.20');
    const phoneId = ((await get('/api/auth/sessions', laptop)).json() as Listed[]).find(
      (s) => !s.current,
    )!.id;
    // The admin cannot end the editor's session through their own list.
    expect((await del(`/api/auth/sessions/${phoneId}`, admin.authorization)).statusCode).toBe(404);
    expect((await get('/api/current-user', phone)).statusCode).toBe(200);
    const res = await del(`/api/auth/sessions/${phoneId}`, laptop);
    expect(res.statusCode).toBe(200);
    expect((await get('/api/current-user', phone)).statusCode).toBe(401);
    expect((await get('/api/current-user', laptop)).statusCode).toBe(200);
    expect((await del(`/api/auth/sessions/${phoneId}`, laptop)).statusCode).toBe(404);
    expect((await del('/api/auth/sessions/not-a-session', laptop)).statusCode).toBe(404);
    const [audit] = await t.database.query<{ action: string; actor_id: string }>(
      `select action, actor_id::text from audit_log where resource = 'session' and record_id = $1 order by at desc limit 1`,
      [editor.userId],
    );
    expect(audit).toMatchObject({ action: 'logout', actor_id: editor.userId });
  });

  it('signs out everywhere else, keeping only this session', async () => {
    const laptop = await login(EDITOR, WINDOWS_CHROME);
    const others = [await login(EDITOR, IPHONE_SAFARI), await login(EDITOR, IPHONE_SAFARI, '198.51.100.21')];
    const res = await post('/api/auth/sessions/revoke-others', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    for (const other of others) expect((await get('/api/current-user', other)).statusCode).toBe(401);
    const left = (await get('/api/auth/sessions', laptop)).json() as Listed[];
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it('lets an admin list and end any account’s sessions, and only an admin', async () => {
    const phone = await login(EDITOR, IPHONE_SAFARI, '198.51.100.30');
    const listed = await get(`/api/users/${editor.userId}/sessions`, admin.authorization);
    expect(listed.statusCode).toBe(200);
    const target = (listed.json() as Listed[]).find((s) => s.ip === '198.51.100.30')!;
    expect(target).toMatchObject({ device: 'Safari on iPhone', current: false });
    expect((await get(`/api/users/${admin.userId}/sessions`, phone)).statusCode).toBe(403);
    expect((await del(`/api/users/${editor.userId}/sessions/${target.id}`, phone)).statusCode).toBe(403);
    expect(
      (await get('/api/users/00000000-0000-4000-8000-000000000000/sessions', admin.authorization)).statusCode,
    ).toBe(404);
    // A session id of another account does not end through this account's address.
    expect(
      (await del(`/api/users/${admin.userId}/sessions/${target.id}`, admin.authorization)).statusCode,
    ).toBe(404);
    const res = await del(`/api/users/${editor.userId}/sessions/${target.id}`, admin.authorization);
    expect(res.statusCode).toBe(200);
    expect((await get('/api/current-user', phone)).statusCode).toBe(401);
    const [audit] = await t.database.query<{ actor_id: string }>(
      `select actor_id::text from audit_log where resource = 'session' and action = 'logout' and record_id = $1
        order by at desc limit 1`,
      [editor.userId],
    );
    expect(audit?.actor_id).toBe(admin.userId);
  });
});

describe('a sign-in from a new device or address', () => {
  const mailsTo = (address: string) => peer.received.filter((m) => m.to.includes(address));

  it('mails the account’s owner, once per new device and address, never on the first sign-in', async () => {
    const email = 'editor@example.com';
    await giveAccountEmail(t.database, email, { userId: editor.userId });
    await t.database.query('delete from known_devices where user_id::text = $1', [editor.userId]);
    // The first sign-in has nothing to compare with; the same device and address again is known.
    await login(EDITOR, WINDOWS_CHROME, '203.0.113.50');
    await login(EDITOR, WINDOWS_CHROME, '203.0.113.50');
    // New: another browser at the same address, and the same browser at another address.
    await login(EDITOR, IPHONE_SAFARI, '203.0.113.50');
    await login(EDITOR, WINDOWS_CHROME, '192.0.2.99');
    const mails = await eventually(() => (mailsTo(email).length >= 2 ? mailsTo(email) : null));
    // Whatever else was queued is sent now: there is no third.
    await t.app.mailOutbox!.deliverDue();
    expect(mailsTo(email)).toHaveLength(2);
    const [phone, elsewhere] = mails.map((m) => m.raw.replace(/=\r?\n/g, ''));
    expect(phone).toContain('Subject: New sign-in to your staff account');
    expect(phone).toContain('Device: Safari on iPhone');
    expect(phone).toContain('Address: 203.0.113.50');
    // In the site's time zone, as people read it, never UTC.
    expect(phone).toMatch(/When: \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [ap]m/);
    expect(phone).toContain(`${SITE}/account`);
    expect(elsewhere).toContain('Device: Chrome on Windows');
    expect(elsewhere).toContain('Address: 192.0.2.99');
  });

  it('mails nobody for an account without an e-mail, but still learns the device', async () => {
    const before = peer.received.length;
    const [adminRow] = await t.database.query<{ username: string }>(
      'select username from users where id::text = $1',
      [admin.userId],
    );
    await login(adminRow!.username, WINDOWS_CHROME, '203.0.113.60');
    await login(adminRow!.username, IPHONE_SAFARI, '203.0.113.61');
    const known = await t.database.query('select device from known_devices where user_id::text = $1', [
      admin.userId,
    ]);
    expect(known.length).toBeGreaterThanOrEqual(2);
    await t.app.mailOutbox!.deliverDue();
    expect(peer.received.length).toBe(before);
  });
});
