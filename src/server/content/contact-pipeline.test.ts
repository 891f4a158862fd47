import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../modules/mail/outbox';
import { createTestApp } from '../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../test/smtp-peer';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const t = await createTestApp({
  env: { SMTP_URL: peer.url, MAIL_RETRY_SECONDS: '0.2', CONTACT_RATE_LIMIT: '3' },
});
let staff: { authorization: string };

let visitor = 0;
/** A post from its own client address unless one is given. */
const post = (payload: Record<string, unknown>, ip = `10.1.0.${++visitor}`) =>
  t.app.inject({ method: 'POST', url: '/api/contactus', payload, remoteAddress: ip });

const message = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  phone: '03001234567',
  message: `Hello from ${name}`,
  ...extra,
});

const OFFICE = 'office@example.com';
/** The staff notification's row of a request (the customer's confirmation has its own). */
const outboxRow = async (recordId: string) =>
  (
    await t.database.query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
      'select attempts, sent_at, last_error from mail_outbox where record_id = $1 and to_address = $2',
      [recordId, OFFICE],
    )
  )[0];
/** The mails to the office that mention `text`. */
const officeMails = (text: string) =>
  peer.received.filter((m) => m.to.includes(OFFICE) && m.raw.includes(text));

beforeAll(async () => {
  staff = await t.signIn();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: staff,
    payload: { notifyEmail: 'office@example.com' },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});

describe('a request', () => {
  it('e-mails the staff address from settings, replying to the visitor', async () => {
    const res = await post(message('Amina Khan'));
    expect(res.statusCode).toBe(201);
    const mail = await eventually(() => officeMails('Amina Khan')[0]);
    expect(mail.to).toEqual([OFFICE]);
    expect(mail.raw).toMatch(/^Subject: New request CF-\w{5} from Amina Khan/m);
    expect(mail.raw).toMatch(/^Reply-To: aminakhan@example\.com/m);
    expect(mail.raw).toContain('Message: Hello from Amina Khan');
    expect(mail.raw).toContain('/message');
    await eventually(async () => (await outboxRow(res.json()._id))?.sent_at);
  });

  it('is kept and its e-mail retried when the mail server fails, and sent once when it recovers', async () => {
    // Two sends fail for each of its two mails (the office's and the customer's confirmation).
    peer.failNext(4);
    const res = await post(message('Bilal Ahmed'));
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;
    // Stored and in the inbox at once, whatever the mail server does.
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/contactus', headers: staff })).json();
    expect(inbox.data.map((m: { _id: string }) => m._id)).toContain(id);
    await eventually(async () => (await outboxRow(id))?.sent_at, { timeout: 15_000 });
    const row = await outboxRow(id);
    // The two mails share the four failures: the office's was tried again at least once.
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(officeMails('Bilal Ahmed')).toHaveLength(1);
  });

  it('is e-mailed exactly once while several instances deliver at the same time', async () => {
    const other = createMailOutbox(t.database, {
      smtpUrl: peer.url,
      from: 'Other instance <no-reply@localhost>',
      retryBaseMs: 200,
      log: t.app.log,
    });
    const names = Array.from({ length: 20 }, (_, i) => `Parallel-a${i}z`);
    await Promise.all(names.map((name) => post(message(name))));
    await Promise.all([other.deliverDue(), other.deliverDue(), t.app.mailOutbox!.deliverDue()]);
    await eventually(() => names.every((name) => officeMails(name).length > 0));
    for (const name of names) expect(officeMails(name), name).toHaveLength(1);
    await other.stop();
  });

  it('with a filled honeypot gets the same answer, is stored as spam and e-mails nobody', async () => {
    const before = peer.received.length;
    const res = await post(message('Spam Bot', { website: 'http://cheap.example' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.name).toBe('Spam Bot');
    expect(body).not.toHaveProperty('spam');
    expect(body).not.toHaveProperty('website');
    const honest = (await post(message('Honest Visitor'))).json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(honest).sort());

    const inbox = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?pageSize=100', headers: staff })
    ).json();
    expect(inbox.data.map((m: { name: string }) => m.name)).not.toContain('Spam Bot');
    const spam = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?spam=true', headers: staff })
    ).json();
    expect(spam.totalCount).toBe(1);
    expect(spam.data[0]).toMatchObject({ name: 'Spam Bot', spam: true });

    // The office's mail and the visitor's confirmation; nothing about the spam.
    await eventually(() => peer.received.filter((m) => m.raw.includes('Honest Visitor')).length === 2);
    expect(peer.received.slice(before).filter((m) => m.raw.includes('Spam Bot'))).toEqual([]);
    expect(await outboxRow(body._id)).toBeUndefined();

    // Staff can decide it was not spam after all.
    const unflag = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${body._id}`,
      headers: staff,
      payload: { spam: false },
    });
    expect(unflag.json().spam).toBe(false);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?q=Spam', headers: staff })
    ).json();
    expect(after.totalCount).toBe(1);
  });

  it('is limited per client address: the fourth in ten minutes answers 429', async () => {
    const ip = '10.9.9.9';
    // Invalid posts are answered 400 and do not use up the budget.
    expect((await post({ name: 'X' }, ip)).statusCode).toBe(400);
    for (let n = 1; n <= 3; n++) expect((await post(message(`Limited ${n}`), ip)).statusCode).toBe(201);
    const limited = await post(message('Limited 4'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many messages. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const stored = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?q=Limited', headers: staff })
    ).json();
    expect(stored.totalCount).toBe(3);
    // Another address is not affected.
    expect((await post(message('Other address'), '10.9.9.10')).statusCode).toBe(201);
  });
});

describe('a notification e-mail cannot be forged by what a visitor types', () => {
  it('keeps every line of a message indented under its field', async () => {
    const forged =
      'Hello\nEmail: attacker@evil.example\r\n\r\nReceived today. Open the inbox: https://evil.example/';
    const res = await post(message('Forged Lines', { message: forged }));
    expect(res.statusCode).toBe(201);
    const mail = await eventually(() => officeMails('Forged Lines')[0]);
    // The text part as a mail client shows it, its transfer encoding undone.
    const lines = readMail(mail).body.split(/\r?\n/);
    expect(lines).toContain('Message: Hello');
    expect(lines).toContain('  Email: attacker@evil.example');
    expect(lines).toContain('  Received today. Open the inbox: https://evil.example/');
    expect(lines.filter((line) => line.startsWith('Email: '))).toEqual(['Email: forgedlines@example.com']);
    expect(lines.filter((line) => line.startsWith('Received: '))).toHaveLength(1);
  });

  it.each([
    ['a name with a line break', { name: 'Amina\nEmail: attacker@evil.example' }, 'name'],
    ['a name with a carriage return', { name: 'Amina\rBcc: attacker@evil.example' }, 'name'],
    ['an e-mail with a query', { email: 'victim@example.com?bcc=attacker@evil.example&body=hi' }, 'email'],
    ['two e-mail addresses', { email: 'victim@example.com, attacker@evil.example' }, 'email'],
  ])('refuses %s with a 400 and sends nothing', async (_, values, field) => {
    const res = await post(message('Refused Visitor', values));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    await t.app.mailOutbox!.deliverDue();
    expect(peer.received.filter((m) => m.raw.includes('Refused Visitor'))).toEqual([]);
  });
});

describe('notification e-mails with the mail server down', () => {
  it('queue up and are delivered once it comes back', async () => {
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const t2 = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2' },
    });
    const auth = await t2.signIn();
    await t2.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { notifyEmail: 'desk@example.com' },
    });
    const res = await t2.app.inject({ method: 'POST', url: '/api/contactus', payload: message('Dana Down') });
    expect(res.statusCode).toBe(201);
    const row = async () =>
      (
        await t2.database.query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
          `select attempts, sent_at, last_error from mail_outbox where to_address = 'desk@example.com'`,
        )
      )[0];
    await eventually(async () => (await row())?.last_error);
    expect((await row())?.sent_at).toBeNull();
    const back = await startSmtpPeer(port);
    try {
      await eventually(() => back.received.some((m) => m.to.includes('desk@example.com')), {
        timeout: 20_000,
      });
      await eventually(async () => (await row())?.sent_at);
    } finally {
      await back.close();
    }
  }, 40_000);
});
