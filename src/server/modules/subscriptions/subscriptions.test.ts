import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionMessages } from '../../../shared/subscription';
import { createTestApp } from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';
import { OUTBOX_WORKER, statementsDuring } from '../../test/statements';
import { runMaintenance } from '../maintenance';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.example.test';
const t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: SITE, SUBSCRIBE_RATE_LIMIT: '5' } });
let staff: { authorization: string };
beforeAll(async () => {
  staff = await t.signIn();
});

let visitor = 0;
const subscribe = (email: string, ip = `10.2.0.${++visitor}`) =>
  t.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email }, remoteAddress: ip });

const mailTo = (email: string) => peer.received.filter((m) => m.to.includes(email));
const pathOf = (url: string) => url.slice(SITE.length);

const subscriberRow = async (email: string) =>
  (
    await t.database.query<{ id: string; confirmed: boolean; confirmation_sent_at: Date | null }>(
      'select id, confirmed, confirmation_sent_at from subscribers where lower(email) = lower($1)',
      [email],
    )
  )[0];

describe('subscribing', () => {
  it('takes the first 5 of 40 sign-ups sent from one address at once; the rest get 429 with Retry-After', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => subscribe(`flood${i}@example.com`, '203.0.113.40')),
    );
    // A bound on pathological cost only (a queue that waits per sign-up would take minutes): about
    // 0.3 s on a quiet machine, 4.5 s measured under a load of 15, so 10 s leaves a wide margin.
    expect(Date.now() - started).toBeLessThan(10_000);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: 'Too many sign-ups. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // All five accepted are stored (before their answer), and no more.
    const [flooded] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from subscribers where email like 'flood%'`,
    );
    expect(flooded?.n).toBe(5);
    // Another address is not held back by the flood.
    expect((await subscribe('neighbour@example.com', '203.0.113.41')).statusCode).toBe(202);
  });

  it('answers a known address byte for byte as it answers a new one, without the stored record', async () => {
    const fresh = await subscribe('known@example.com');
    const known = await subscribe('KNOWN@example.com');
    const another = await subscribe('someone-new@example.com');
    for (const answer of [fresh, known, another]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(answer.headers['content-length']).toBe(fresh.headers['content-length']);
      expect(answer.rawPayload.equals(fresh.rawPayload)).toBe(true);
    }
    expect(fresh.json()).toEqual({
      message: 'Thank you! Please check your inbox and confirm your subscription.',
    });
  });

  it('runs the same statements, in the same order, for a new, a known and a confirmed address', async () => {
    // What the database sees is all an observer could time: the lists must not differ in any statement.
    const statementsOf = (email: string) =>
      statementsDuring(t.database, () => subscribe(email), OUTBOX_WORKER);
    // The site's very first read of its settings stores their defaults, once, whoever asks.
    await subscribe('first-of-all@example.com');
    const fresh = await statementsOf('same-work@example.com');
    const known = await statementsOf('SAME-WORK@example.com');
    await t.database.query(`update subscribers set confirmed = true where email = 'same-work@example.com'`);
    const confirmed = await statementsOf('same-work@example.com');
    const another = await statementsOf('same-work-2@example.com');
    expect(known).toEqual(fresh);
    expect(confirmed).toEqual(fresh);
    expect(another).toEqual(fresh);
    expect(fresh.filter((text) => /^insert into "?subscribers/.test(text))).toHaveLength(1);
    expect(fresh.filter((text) => /insert into mail_outbox/.test(text))).toHaveLength(1);
  });

  it('mails a known, unconfirmed address a fresh confirmation an hour after the last, not sooner', async () => {
    const email = 'lost-mail@example.com';
    const linkOf = (mail: ReturnType<typeof readMail>) =>
      new URL(mail.body.match(/https:\/\/\S+\/subscription\/confirm\?token=[\w-]{43}/)![0]).searchParams.get(
        'token',
      )!;
    await subscribe(email);
    const first = linkOf(readMail(await eventually(() => mailTo(email)[0])));
    await subscribe(email);
    await t.app.mailOutbox!.deliverDue();
    expect(mailTo(email)).toHaveLength(1);

    await t.database.query(
      `update subscribers set confirmation_sent_at = now() - interval '61 minutes' where email = $1`,
      [email],
    );
    expect((await subscribe(email.toUpperCase())).statusCode).toBe(202);
    const second = linkOf(readMail(await eventually(() => mailTo(email)[1])));
    expect(second).not.toBe(first);
    const confirm = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/subscriptions/confirm', payload: { token } });
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).statusCode).toBe(200);

    // Confirmed, the address is never mailed for asking again, however long after.
    await t.database.query(
      `update subscribers set confirmation_sent_at = now() - interval '30 days' where email = $1`,
      [email],
    );
    await subscribe(email);
    await t.app.mailOutbox!.deliverDue();
    expect(mailTo(email)).toHaveLength(2);
  });

  it('mails a confirmation with one-click unsubscribe headers; the link confirms once; the address gets no second mail', async () => {
    const email = 'reader@example.com';
    expect((await subscribe(email)).statusCode).toBe(202);
    const mail = readMail(await eventually(() => mailTo(email)[0]));
    expect(mail.header('Subject')).toMatch(/^Please confirm your subscription to /);
    const oneClick = mail.header('List-Unsubscribe')?.match(/^<([^>]+)>$/)?.[1];
    expect(oneClick).toMatch(new RegExp(`^${SITE}/api/subscriptions/unsubscribe\\?token=[\\w-]{43}$`));
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const confirmLink = mail.body.match(/https:\/\/\S+\/subscription\/confirm\?token=[\w-]{43}/)?.[0];
    const unsubscribeLink = mail.body.match(/https:\/\/\S+\/subscription\/unsubscribe\?token=[\w-]{43}/)?.[0];
    expect(confirmLink?.startsWith(SITE)).toBe(true);
    expect(unsubscribeLink?.startsWith(SITE)).toBe(true);
    // Only hashes are stored: the token in the mail is nowhere in the database.
    const token = new URL(confirmLink!).searchParams.get('token')!;
    const [leak] = await t.database.query(`select id from subscribers where confirm_token_hash = $1`, [
      token,
    ]);
    expect(leak).toBeUndefined();

    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/confirm',
        payload: { token },
        remoteAddress: '10.9.0.1',
      });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: subscriptionMessages.confirmed });
    expect((await subscriberRow(email))?.confirmed).toBe(true);
    const again = await confirm();
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(subscriptionMessages.linkInvalid);

    const list = await t.app.inject({ method: 'GET', url: `/api/subscribers?q=${email}`, headers: staff });
    expect(list.json().data).toMatchObject([{ email, confirmed: true }]);

    // Signing up again is answered as usual and mails nothing.
    expect((await subscribe(email)).statusCode).toBe(202);
    await t.app.mailOutbox!.deliverDue();
    expect(mailTo(email)).toHaveLength(1);
  });

  it('unsubscribes with one click (RFC 8058), and the link then does nothing more', async () => {
    const email = 'leaver@example.com';
    await subscribe(email);
    const mail = readMail(await eventually(() => mailTo(email)[0]));
    const oneClick = mail.header('List-Unsubscribe')!.slice(1, -1);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: pathOf(oneClick),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: '10.9.0.2',
      });
    const res = await post();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: subscriptionMessages.unsubscribed });
    expect(await subscriberRow(email)).toBeUndefined();
    expect((await post()).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/unsubscribe?token=not-a-token',
      remoteAddress: '10.9.0.2',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removes an address left unconfirmed for 7 days after its mail, and never mails it again', async () => {
    const stale = 'stale@example.com';
    const recent = 'recent@example.com';
    const confirmedLong = 'loyal@example.com';
    for (const email of [stale, recent, confirmedLong]) await subscribe(email);
    await eventually(() => mailTo(stale)[0] && mailTo(recent)[0] && mailTo(confirmedLong)[0]);
    const loyal = readMail(mailTo(confirmedLong)[0]!);
    const token = loyal.body.match(/confirm\?token=([\w-]{43})/)![1]!;
    await t.app.inject({ method: 'POST', url: '/api/subscriptions/confirm', payload: { token } });
    // Move the clock: the confirmation mails went out 8, 6 and 30 days ago.
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    await t.database.query('update subscribers set confirmation_sent_at = $2 where email = $1', [
      stale,
      ago(8),
    ]);
    await t.database.query('update subscribers set confirmation_sent_at = $2 where email = $1', [
      recent,
      ago(6),
    ]);
    await t.database.query('update subscribers set confirmation_sent_at = $2 where email = $1', [
      confirmedLong,
      ago(30),
    ]);

    const result = await runMaintenance(t.app, { purgeExpiredSessions: async () => undefined });
    expect(result.unconfirmedRemoved).toBe(1);
    expect(await subscriberRow(stale)).toBeUndefined();
    expect(await subscriberRow(recent)).toBeDefined();
    expect((await subscriberRow(confirmedLong))?.confirmed).toBe(true);
    await t.app.mailOutbox!.deliverDue();
    expect(mailTo(stale)).toHaveLength(1);
  });
});

const offline = await createTestApp();

describe('subscribing without SMTP', () => {
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = await offline.signIn();
  });

  it('keeps the address unconfirmed and unmailed, removes nothing, and tells the subscribers screen', async () => {
    const res = await offline.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: 'waiting@example.com' },
    });
    expect(res.statusCode).toBe(202);
    const row = await eventually(
      async () =>
        (
          await offline.database.query<{ confirmed: boolean; confirmation_sent_at: Date | null }>(
            `select confirmed, confirmation_sent_at from subscribers where email = 'waiting@example.com'`,
          )
        )[0],
    );
    expect(row).toEqual({ confirmed: false, confirmation_sent_at: null });
    const [queued] = await offline.database.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox',
    );
    expect(queued!.n).toBe(0);
    await offline.database.query(`update subscribers set created_at = now() - interval '90 days'`);
    const result = await runMaintenance(offline.app, {
      purgeExpiredSessions: async () => undefined,
      now: new Date(Date.now() + 90 * 86_400_000),
    });
    expect(result.unconfirmedRemoved).toBe(0);
    const [left] = await offline.database.query<{ n: number }>('select count(*)::int as n from subscribers');
    expect(left!.n).toBe(1);
    const status = await offline.app.inject({
      method: 'GET',
      url: '/api/subscriptions/status',
      headers: admin,
    });
    expect(status.json()).toEqual({ confirmationsCanBeSent: false });
    const online = await t.app.inject({ method: 'GET', url: '/api/subscriptions/status', headers: staff });
    expect(online.json()).toEqual({ confirmationsCanBeSent: true });
  });
});

// The mailed links open pages: a GET shows a button and changes nothing; the button's form post confirms.
const paged = await createTestApp({ ssr: true, env: { SMTP_URL: peer.url, PUBLIC_URL: SITE } });

describe('the confirmation page without JavaScript', () => {
  it('shows a button on GET, confirms only when the button posts', async () => {
    const app = paged.app;
    const email = 'page-reader@example.com';
    await app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email },
      remoteAddress: '10.3.0.1',
    });
    const mail = readMail(await eventually(() => mailTo(email)[0]));
    const link = mail.body.match(/https:\/\/\S+\/subscription\/confirm\?token=[\w-]{43}/)![0];
    const token = new URL(link).searchParams.get('token')!;
    const confirmed = async () =>
      (
        await paged.database.query<{ confirmed: boolean }>(
          'select confirmed from subscribers where email = $1',
          [email],
        )
      )[0]?.confirmed;

    const page = await app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Confirm subscription</button>');
    expect(page.body).toMatch(/<form[^>]* method="post"/);
    expect(await confirmed()).toBe(false);

    const post = await app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain(subscriptionMessages.confirmed);
    expect(await confirmed()).toBe(true);
  });
});
