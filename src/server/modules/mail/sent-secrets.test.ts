import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupToFile } from '../../backup/backup';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, type ReceivedMail, startSmtpPeer } from '../../test/smtp-peer';
import { runMaintenance } from '../maintenance';
import { layMail, paragraph } from './layout';
import { SENT_MAIL_DAYS } from './outbox';

const SENDER = { companyName: 'CoolFix', phone: '03001234567', timeZone: 'Asia/Karachi' };

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.example.test';
const t = await createTestApp({
  env: { SMTP_URL: peer.url, PUBLIC_URL: SITE, MAIL_RETRY_SECONDS: '0.2', SUBSCRIBE_RATE_LIMIT: '0' },
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sent-secrets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let admin: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await t.signIn();
});

interface OutboxRow {
  body: string;
  html: string;
  headers: Record<string, string>;
  sent_at: string | null;
  attempts: number;
  carries_secret: boolean;
}
/** The stored copy of the mails to `to`, read straight from the table (what a backup or a thief reads). */
const rowsTo = (to: string) =>
  t.database.query<OutboxRow>(
    'select body, html, headers, sent_at, attempts, carries_secret from mail_outbox where to_address = $1 order by created_at',
    [to],
  );
/** The stored copy once the mail to `to` was delivered. */
const sentRowsTo = (to: string) =>
  eventually(async () => {
    const rows = await rowsTo(to);
    return rows[0]?.sent_at ? rows : null;
  });
/** The mail's bytes as received, quoted-printable soft breaks and escapes undone. */
const textOf = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailsTo = (to: string) => peer.received.filter((mail) => mail.to.includes(to));
const backupText = async (name: string) => {
  const file = path.join(dir, name);
  await backupToFile(t.database, file);
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
};

async function editorWithEmail(username: string, email: string) {
  const id = await t.requestAccount({ name: 'Person', username, password: 'a long passphrase' });
  await t.database.query(`update users set role = 'office' where id::text = $1`, [id]);
  await giveAccountEmail(t.database, email, { userId: id });
  return id;
}

describe('a mail that carries a secret link', () => {
  it('keeps its token until delivered (a failed send is retried with it), and only the recipient has it after', async () => {
    const email = 'reset-reader@example.com';
    const id = await editorWithEmail('resetreader', email);
    peer.failNext(1);
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${id}/reset-link`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const token = new URL(res.json().link).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    // The first attempt failed: the queued row still holds the whole link, for the retry.
    const waiting = await eventually(async () => {
      const [row] = await rowsTo(email);
      return row && row.attempts >= 1 && row.sent_at === null ? row : null;
    });
    expect(waiting.body).toContain(token);
    expect(waiting.carries_secret).toBe(true);

    const [received] = await eventually(() => (mailsTo(email).length === 1 ? mailsTo(email) : null));
    expect(textOf(received!)).toContain(`${SITE}/reset?token=${token}`);
    const [sent] = await sentRowsTo(email);
    expect(sent!.body).not.toContain(token);
    expect(sent!.body).toContain(`${SITE}/reset?token=[redacted]`);
    expect(sent!.body).toContain('choose a new password');

    const backup = await backupText('after-reset.jsonl.gz');
    expect(backup).toContain('reset?token=[redacted]');
    expect(backup).not.toContain(token);
  });

  it("of a subscriber loses both links' tokens and the List-Unsubscribe token once delivered", async () => {
    const email = 'reader@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email } });
    expect(res.statusCode, res.body).toBe(202);
    const [received] = await eventually(() => (mailsTo(email).length === 1 ? mailsTo(email) : null));
    const tokens = [...textOf(received!).matchAll(/token=([\w-]{43})/g)].map((m) => m[1]!);
    expect(new Set(tokens).size).toBe(2);
    const [sent] = await sentRowsTo(email);
    const stored = JSON.stringify(sent);
    for (const token of tokens) expect(stored).not.toContain(token);
    expect(sent!.headers['List-Unsubscribe']).toBe(
      `<${SITE}/api/subscriptions/unsubscribe?token=[redacted]>`,
    );
    const backup = await backupText('after-subscribe.jsonl.gz');
    for (const token of tokens) expect(backup).not.toContain(token);
  });

  it('is recognised by the list of secret links when whoever queued it did not say so', async () => {
    const email = 'unmarked@example.com';
    const token = 'Tr4ckT0kenTr4ckT0kenTr4ckT0kenTr4ckT0ken123';
    await t.app.mailOutbox!.enqueue(t.database, {
      resource: 'test',
      recordId: '1',
      to: email,
      content: layMail(SENDER, {
        subject: 'Your request',
        heading: 'Your request',
        blocks: [paragraph(`See how it goes: ${SITE}/track/${token}`)],
      }),
    });
    t.app.mailOutbox!.nudge();
    const [received] = await eventually(() => (mailsTo(email).length === 1 ? mailsTo(email) : null));
    expect(textOf(received!)).toContain(token);
    const [sent] = await sentRowsTo(email);
    expect(sent!.carries_secret).toBe(true);
    expect(sent!.body).toContain(`See how it goes: ${SITE}/track/[redacted]\n`);
    expect(sent!.html).toContain(`See how it goes: ${SITE}/track/[redacted]<`);
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it('not yet sent keeps its token in the database, for the next attempt, but not in a backup', async () => {
    const token = 'W4itingT0kenW4itingT0kenW4itingT0kenW4iting';
    await t.database.query(
      `insert into mail_outbox (resource, record_id, to_address, subject, body, html, next_attempt_at, carries_secret)
       values ('password-reset', '4', 'waiting@example.com', 'Reset', $1, $1, now() + interval '1 day', true)`,
      [`Open ${SITE}/reset?token=${token} within 30 minutes.`],
    );
    const [waiting] = await rowsTo('waiting@example.com');
    expect(waiting!.body).toContain(token);
    const backup = await backupText('while-waiting.jsonl.gz');
    expect(backup).toContain('waiting@example.com');
    expect(backup).toContain('reset?token=[redacted] within 30 minutes');
    expect(backup).not.toContain(token);
  });

  it('marked by whoever queued it, with no link the list knows, is not kept at all once delivered', async () => {
    const email = 'code-reader@example.com';
    await t.app.mailOutbox!.enqueue(t.database, {
      resource: 'test',
      recordId: '2',
      to: email,
      content: layMail(SENDER, { subject: 'Your code', heading: 'Your code', blocks: [paragraph('839201')] }),
      carriesSecret: true,
    });
    t.app.mailOutbox!.nudge();
    const [sent] = await sentRowsTo(email);
    expect(sent!.body).not.toContain('839201');
    expect(sent!.html).not.toContain('839201');
  });
});

describe('delivered mail', () => {
  it(`is deleted by maintenance ${SENT_MAIL_DAYS} days after it was sent; mail not yet sent stays`, async () => {
    const insert = (to: string, sentDaysAgo: number | null) =>
      t.database.query(
        `insert into mail_outbox (resource, record_id, to_address, subject, body, html, created_at, sent_at, next_attempt_at)
         values ('test', '3', $1, 'Old', 'Old news', '', now() - interval '60 days',
                 now() - make_interval(days => $2::int), now() + interval '1 day')`,
        [to, sentDaysAgo],
      );
    await insert('old@example.com', SENT_MAIL_DAYS + 1);
    await insert('unsent@example.com', SENT_MAIL_DAYS - 1);
    await t.database.query(`update mail_outbox set sent_at = null where to_address = 'unsent@example.com'`);
    await insert('sent-recently@example.com', SENT_MAIL_DAYS - 1);
    const result = await runMaintenance(t.app, { purgeExpiredSessions: async () => undefined });
    expect(result.sentMailDeleted).toBe(1);
    expect(await rowsTo('old@example.com')).toEqual([]);
    expect(await rowsTo('unsent@example.com')).toHaveLength(1);
    expect(await rowsTo('sent-recently@example.com')).toHaveLength(1);
  });
});
