import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactus } from '../../../shared/content/types';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { testClock } from '../../test/eventually';
import {
  createTestApp,
  createTestDatabase,
  giveAccountEmail,
  TEST_SETUP_CODE,
  testDatabaseKind,
  testEnv,
} from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';
import { urgentSubject } from './staff-mail';

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const clock = testClock();
const now = clock.now;
const mailEnv = { SMTP_URL: peer.url, MAIL_RETRY_SECONDS: '0.2', CONTACT_RATE_LIMIT: '0' };

const t = await createTestApp({ env: mailEnv, now });
let admin: { authorization: string; userId: string };

// Nobody is on the rota here: every urgent request pages the admins (on-call.test.ts has the rota).
const PAGED = ['boss@example.com'];
let caller = 0;
const request = (extra: Record<string, unknown> = {}) => ({
  name: `Caller ${++caller}`,
  email: `caller${caller}@example.com`,
  phone: '0300 123 4567',
  message: `The cold room at the warehouse stopped cooling (${caller})`,
  ...extra,
});
const post = (app: FastifyInstance, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/contactus', payload });

// The office's own copy of an urgent request is URGENT too; the pages are the mails to people.
const mailsAbout = (reference: string, word: string) =>
  peer.received.filter(
    (mail) =>
      readMail(mail).subject.startsWith(`${word} ${reference}`) &&
      (word !== 'URGENT' || !mail.to.includes('desk@example.com')),
  );

beforeAll(async () => {
  admin = await t.signIn();
  await giveAccountEmail(t.database, 'boss@example.com', { userId: admin.userId });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: { notifyEmail: 'desk@example.com' },
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('an urgent request', () => {
  it('mails the admins at once when nobody is on call, URGENT with reference, area and phone', async () => {
    const res = await post(t.app, request({ urgent: true, area: 'Gulberg' }));
    expect(res.statusCode, res.body).toBe(201);
    const { reference, _id } = res.json();
    const mails = await eventually(() => {
      const found = mailsAbout(reference, 'URGENT');
      return found.length === PAGED.length ? found : null;
    });
    expect(mails.map((mail) => mail.to).sort()).toEqual(PAGED.map((address) => [address]));
    for (const mail of mails) {
      const read = readMail(mail);
      expect(read.subject).toBe(`URGENT ${reference} · Gulberg · 03001234567`);
      expect(read.body).toContain(`Reference: ${reference}`);
      expect(read.body).toContain('Area (neighbourhood or city): Gulberg');
      expect(read.body).toContain(`/message/${_id}`);
      expect(read.header('Reply-To')).toBe(`caller${caller}@example.com`);
    }
    // The desk's usual notification still goes, as before.
    await eventually(() =>
      peer.received.find((m) => m.to.includes('desk@example.com') && m.raw.includes(`Caller ${caller}`)),
    );
  });

  it('keeps a forged line break in the area out of the subject', async () => {
    const res = await post(t.app, request({ urgent: true, area: 'Clifton\r\nBcc: everyone@evil.test' }));
    // Text fields refuse control characters outright; the subject never sees them.
    expect(res.statusCode).toBe(400);
    const ok = await post(t.app, request({ urgent: true, area: 'Clifton   Block 5' }));
    const { reference } = ok.json();
    const [mail] = await eventually(() => {
      const found = mailsAbout(reference, 'URGENT');
      return found.length === PAGED.length ? found : null;
    });
    expect(readMail(mail!).subject).toBe(`URGENT ${reference} · Clifton Block 5 · 03001234567`);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    // Whatever a stored value holds (older rows, other writers), a subject is one line.
    const subject = urgentSubject(contactus, 'URGENT', {
      reference: 'CF-AAAAA',
      area: 'Clifton\r\nBcc: everyone@evil.test\u2028x',
      phone: '0300\n1234567',
    });
    expect(subject).toBe('URGENT CF-AAAAA · Clifton Bcc: everyone@evil.test x · 0300 1234567');
  });

  it('is not paged when it is not urgent, nor when the honeypot flagged it as spam', async () => {
    const plain = (await post(t.app, request({ area: 'DHA' }))).json();
    const spam = (
      await post(t.app, request({ urgent: true, area: 'DHA', website: 'http://spam.test' }))
    ).json();
    // A later urgent request's mails arriving shows the earlier ones had their chance.
    const later = (await post(t.app, request({ urgent: true, area: 'Saddar' }))).json();
    await eventually(() => mailsAbout(later.reference, 'URGENT').length === PAGED.length);
    expect(mailsAbout(plain.reference, 'URGENT')).toEqual([]);
    expect(mailsAbout(spam.reference, 'URGENT')).toEqual([]);
  });
});

describe('escalation of an urgent request left new', () => {
  const sweep = (app: FastifyInstance) => app.urgent.escalation!.sweep();
  const ageBy = (database: Database, id: string, minutes: number) =>
    database.query(
      `update contact_messages set created_at = created_at - make_interval(mins => $2) where id = $1`,
      [id, minutes],
    );

  it('is mailed once after URGENT_ESCALATE_MINUTES to the notify address and every admin, not before', async () => {
    clock.setAhead({ minutes: 0 });
    const { _id, reference } = (await post(t.app, request({ urgent: true, area: 'Model Town' }))).json();
    clock.setAhead({ minutes: 14 });
    expect(await sweep(t.app)).not.toContain(_id);
    clock.setAhead({ minutes: 16 });
    expect(await sweep(t.app)).toContain(_id);
    expect(await sweep(t.app)).not.toContain(_id);
    const mails = await eventually(() => {
      const found = mailsAbout(reference, 'ESCALATED');
      return found.length === 2 ? found : null;
    });
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['boss@example.com', 'desk@example.com']);
    const read = readMail(mails[0]!);
    expect(read.subject).toBe(`ESCALATED ${reference} · Model Town · 03001234567`);
    expect(read.body).toContain('still new');
    expect(read.body).toContain(`/message/${_id}`);
    // One audit row says so.
    const audit = await t.database.query('select 1 from audit_log where action = $1 and record_id = $2', [
      'escalate',
      _id,
    ]);
    expect(audit).toHaveLength(1);
    await t.app.mailOutbox!.deliverDue();
    expect(mailsAbout(reference, 'ESCALATED')).toHaveLength(2);
    clock.setAhead({ minutes: 0 });
  });

  it('is not sent for a request moved out of new in time, nor for one that is not urgent', async () => {
    const moved = (await post(t.app, request({ urgent: true, area: 'Johar Town' }))).json();
    const calm = (await post(t.app, request({ area: 'Johar Town' }))).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${moved._id}`,
      headers: admin,
      payload: { stage: 'contacted' },
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.setAhead({ minutes: 60 });
    const escalated = await sweep(t.app);
    clock.setAhead({ minutes: 0 });
    expect(escalated).not.toContain(moved._id);
    expect(escalated).not.toContain(calm._id);
    const rows = await t.database.query<{ escalated_at: Date | null }>(
      'select escalated_at from contact_messages where id = any($1::uuid[])',
      [[moved._id, calm._id]],
    );
    expect(rows.map((row) => row.escalated_at)).toEqual([null, null]);
  });

  it('is sent once when two instances on one database sweep at the same moment', async () => {
    const { database, url, drop } = await createTestDatabase();
    // A second instance has its own connection pool on PostgreSQL; PGlite is one process's database.
    const second = url ? await openDatabase({ url, dataDir: '', poolSize: 4 }) : database;
    const apps = await Promise.all(
      [database, second].map((db) => buildApp({ env: testEnv(mailEnv), database: db, logger: false, now })),
    );
    try {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      await one.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Owner',
          username: 'owner1',
          password: 'correct horse battery',
          setupCode: TEST_SETUP_CODE,
        },
      });
      await giveAccountEmail(database, 'owner@example.com');
      const references: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await post(i % 2 ? one : two, request({ urgent: true, area: `Sector ${i}` }));
        references.push(res.json().reference);
      }
      clock.setAhead({ minutes: 20 });
      const [a, b] = await Promise.all([sweep(one), sweep(two)]);
      clock.setAhead({ minutes: 0 });
      expect([...a!, ...b!].sort()).toHaveLength(6);
      expect(new Set([...a!, ...b!]).size).toBe(6);
      // Two recipients each: the company address (no notify address is set) and the admin.
      await eventually(() =>
        references.every((reference) => mailsAbout(reference, 'ESCALATED').length === 2),
      );
      await Promise.all(apps.map((app) => app.mailOutbox!.deliverDue()));
      for (const reference of references) {
        const to = mailsAbout(reference, 'ESCALATED').map((mail) => mail.to[0]);
        expect(to.sort()).toEqual(['info@coolfix.pk', 'owner@example.com']);
      }
    } finally {
      clock.setAhead({ minutes: 0 });
      for (const app of apps) await app.close();
      if (second !== database) await second.close();
      await drop();
    }
  });

  it('survives a restart: what was sent is not sent again, what became due while down is sent at start', async () => {
    const { database, drop } = await createTestDatabase();
    const open = () => buildApp({ env: testEnv(mailEnv), database, logger: false, now });
    try {
      let app = await open();
      await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Owner',
          username: 'owner2',
          password: 'correct horse battery',
          setupCode: TEST_SETUP_CODE,
        },
      });
      await giveAccountEmail(database, 'restart@example.com');
      const early = (await post(app, request({ urgent: true, area: 'Before' }))).json();
      const late = (await post(app, request({ urgent: true, area: 'While down' }))).json();
      await ageBy(database, early._id, 10);
      clock.setAhead({ minutes: 6 });
      expect(await sweep(app)).toEqual([early._id]);
      await eventually(() => mailsAbout(early.reference, 'ESCALATED').length === 2);
      await app.close();

      // Down for a while: the late one becomes due with no instance running.
      clock.setAhead({ minutes: 20 });
      app = await open();
      await app.ready();
      // The sweep at start found it; a sweep now finds nothing more.
      // Two recipients each: the company address (no notify address is set) and the admin.
      await eventually(() => mailsAbout(late.reference, 'ESCALATED').length === 2);
      expect(await sweep(app)).toEqual([]);
      await app.mailOutbox!.deliverDue();
      expect(mailsAbout(early.reference, 'ESCALATED')).toHaveLength(2);
      expect(mailsAbout(late.reference, 'ESCALATED')).toHaveLength(2);
      await app.close();
    } finally {
      clock.setAhead({ minutes: 0 });
      await drop();
    }
  });

  it(`runs on ${testDatabaseKind} without SMTP by leaving requests unclaimed`, async () => {
    const bare = await createTestApp({ now });
    const { _id } = (await post(bare.app, request({ urgent: true }))).json();
    clock.setAhead({ minutes: 30 });
    expect(await sweep(bare.app)).toEqual([]);
    clock.setAhead({ minutes: 0 });
    const [row] = await bare.database.query<{ escalated_at: Date | null }>(
      'select escalated_at from contact_messages where id = $1',
      [_id],
    );
    expect(row?.escalated_at).toBeNull();
  });
});
