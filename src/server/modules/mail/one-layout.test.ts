import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, type ReceivedMail, readMail, startSmtpPeer } from '../../test/smtp-peer';
import { isLaidOut, layMail, paragraph } from './layout';

// One mail layout and one clock (decision 097), over a real database and a real SMTP peer: every
// mail has a text and an HTML part with the company's name and phone, times in the site's zone,
// services by their title; a customer who gives an address gets their reference and track link.

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const SITE = 'https://www.coolfix.example';
const t = await createTestApp({
  env: { SMTP_URL: peer.url, PUBLIC_URL: SITE, MAIL_RETRY_SECONDS: '0.2', CONTACT_RATE_LIMIT: '0' },
});
// Tokyo, not the default Karachi: a time written in the default zone or in UTC would show.
const ZONE = 'Asia/Tokyo';
let admin: { authorization: string; userId: string };
let serviceSlug = '';

/** The instant as a person in `ZONE` reads it, worked out apart from the site's own formatting. */
function wallTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}

const mailsTo = (address: string, subjectStart: string) =>
  peer.received
    .filter((mail) => mail.to.includes(address))
    .map(readMail)
    .filter((mail) => mail.subject.startsWith(subjectStart));
const oneMailTo = (address: string, subjectStart: string) =>
  eventually(() => mailsTo(address, subjectStart)[0] ?? null);

/** What every mail of the site has: both parts, the company and its phone, no remote image, no UTC. */
function expectLaidOut(mail: ReturnType<typeof readMail>) {
  expect(mail.header('Content-Type')).toMatch(/^multipart\/alternative/);
  for (const part of [mail.body, mail.html]) {
    expect(part).toContain('CoolFix Technical Services');
    expect(part).toContain('03001234567');
    expect(part).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
  }
  expect(mail.html).toContain('<!doctype html>');
  expect(mail.html).not.toMatch(/<img\b/i);
  expect(mail.html).not.toMatch(/<link\b|url\(|<script\b/i);
}

beforeAll(async () => {
  admin = await t.signIn();
  await giveAccountEmail(t.database, 'boss@example.com', { userId: admin.userId });
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: { notifyEmail: 'desk@example.com', timeZone: ZONE },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const service = await t.app.inject({
    method: 'POST',
    url: '/api/service',
    headers: admin,
    payload: { title: 'Geyser Repair', description: 'Hot water again.', serviceName: 'electric' },
  });
  expect(service.statusCode, service.body).toBe(201);
  serviceSlug = service.json().slug;
});

describe('the time zone setting', () => {
  it('takes an IANA zone and refuses anything else with the field’s message', async () => {
    for (const timeZone of ['Mars/Olympus', '+05:00', 'Asia Karachi']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { timeZone },
      });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().fields.timeZone).toMatch(/IANA zone/);
    }
    const read = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(read.json().timeZone).toBe(ZONE);
  });
});

describe('a new request with an e-mail address', () => {
  it('sends the customer a confirmation with the reference, what happens next and the track link in both parts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: {
        name: 'Ayesha <b>Khan</b>',
        email: 'ayesha@example.com',
        phone: '03001112222',
        message: 'The geyser leaks.',
        service: serviceSlug,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference, trackUrl } = res.json();
    const mail = await oneMailTo('ayesha@example.com', `We have your request ${reference}`);
    expectLaidOut(mail);
    const link = `${SITE}${trackUrl}`;
    expect(mail.body).toContain(`Follow your request here:\n${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
    // The thank-you page's words (request-receipt.ts), with the number the customer gave.
    expect(mail.body).toMatch(/Our office will phone you at \d+ during its opening hours/);
    // What the customer typed is text in the HTML, never markup.
    expect(mail.html).toContain('Ayesha &lt;b&gt;Khan&lt;/b&gt;');

    // Staff hear of it with the service by its title, never its slug, and the time in the site's zone.
    const { createdAt } = (
      await t.app.inject({ method: 'GET', url: `/api/contactus/${res.json()._id}`, headers: admin })
    ).json();
    const staff = await oneMailTo('desk@example.com', `New request ${reference}`);
    expectLaidOut(staff);
    expect(staff.subject).toContain('Geyser Repair');
    expect(staff.body).toContain('Service: Geyser Repair');
    expect(staff.body).not.toContain(serviceSlug);
    expect(staff.body).toContain(`Received: ${wallTime(createdAt)}`);
    expect(staff.html).toContain(wallTime(createdAt));
  });
});

describe('an urgent request', () => {
  it('reaches staff as URGENT with the reference, the service’s title, the area and who is on call', async () => {
    const rota = await t.app.inject({
      method: 'PUT',
      url: '/api/on-call',
      headers: admin,
      payload: {
        shifts: [
          {
            userId: admin.userId,
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            start: '00:00',
            end: '24:00',
          },
        ],
      },
    });
    expect(rota.statusCode, rota.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: {
        name: 'Bilal',
        email: 'bilal@example.com',
        phone: '03003334444',
        message: 'Sparks from the main board.',
        service: serviceSlug,
        area: 'Clifton',
        urgent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference, trackUrl } = res.json();
    const onCallName = (await t.app.inject({ method: 'GET', url: '/api/on-call', headers: admin })).json()
      .onCallNow[0].name;
    for (const address of ['desk@example.com', 'boss@example.com']) {
      const mail = await oneMailTo(address, `URGENT ${reference}`);
      expectLaidOut(mail);
      expect(mail.subject).toBe(`URGENT ${reference} · Geyser Repair · Clifton · 03003334444`);
      expect(mail.html).toContain('URGENT · emergency request');
      expect(mail.body).toContain(`On call: ${onCallName}`);
    }
    const customer = await oneMailTo('bilal@example.com', `We have your request ${reference}`);
    expect(customer.body).toMatch(
      /Our technician on call has your request now and will phone you at \d+, day or night/,
    );
    expect(customer.html).toContain(`href="${SITE}${trackUrl}"`);
  });
});

describe('a visit booked at a known instant', () => {
  it('is written in the site’s zone in the customer’s mail and the assignee’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Sana', email: 'sana@example.com', phone: '03005556666', message: 'AC is warm.' },
    });
    const { _id, reference } = res.json();
    // A visit still to come (a past one is refused), at an instant whose Tokyo date is the next day.
    const at = '2037-11-27T20:18:00.000Z';
    const staged = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${_id}`,
      headers: admin,
      payload: { stage: 'scheduled', scheduledAt: at, notifyCustomer: true },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const mail = await oneMailTo('sana@example.com', `Your request ${reference}`);
    expectLaidOut(mail);
    // 20:18 UTC on Friday is 5:18 am on Saturday in Tokyo.
    expect(mail.body).toContain('Visit scheduled for Sat 28 Nov 2037, 5:18 am.');
    expect(mail.html).toContain('Visit scheduled for Sat 28 Nov 2037, 5:18 am.');
  });
});

describe('account mails', () => {
  it('go out in the same layout: an invitation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: admin,
      payload: { email: 'new.tech@example.com', role: 'technician' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await eventually(
      () =>
        peer.received.filter((m: ReceivedMail) => m.to.includes('new.tech@example.com')).map(readMail)[0] ??
        null,
    );
    expectLaidOut(mail);
    expect(mail.html).toMatch(/href="https:\/\/www\.coolfix\.example\/[^"]*invit/);
  });
});

describe('the outbox', () => {
  it('queues only what the layout wrote', async () => {
    const forged = { subject: 'Hi', text: 'Hi', html: '<img src="https://tracker.example/p.gif">' };
    await expect(
      t.app.mailOutbox!.enqueue(t.database, {
        resource: 'test',
        recordId: '1',
        to: 'someone@example.com',
        // @ts-expect-error: a mail not written by the layout does not type-check either
        content: forged,
      }),
    ).rejects.toThrow(/mail layout/);
    const site = { companyName: 'CoolFix', phone: '0300', timeZone: ZONE };
    expect(isLaidOut(layMail(site, { subject: 'Hi', heading: 'Hi', blocks: [paragraph('x')] }))).toBe(true);
    expect(isLaidOut({ ...layMail(site, { subject: 'Hi', heading: 'Hi', blocks: [] }) })).toBe(false);
  });
});

describe('the CSV of requests', () => {
  it('has the reference, stage, the service by its title, urgent, assignee, area and times in the site’s zone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contactus/export.csv', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = head!.split(',');
    for (const column of [
      'Received',
      'Reference',
      'Stage',
      'Service',
      'Emergency: I need someone now',
      'Assignee',
      'Area (neighbourhood or city)',
      'Visit scheduled for',
    ])
      expect(columns).toContain(column);
    const scheduled = rows.find((row) => row.includes('Sana'))!;
    const cells = scheduled.split(',');
    expect(cells[columns.indexOf('Reference')]).toMatch(/^CF-[A-Z0-9]{5}$/);
    expect(cells[columns.indexOf('Stage')]).toBe('scheduled');
    expect(cells[columns.indexOf('Visit scheduled for')]).toBe('2037-11-28 05:18');
    expect(cells[columns.indexOf('Received')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const urgent = rows.find((row) => row.includes('Bilal'))!.split(',');
    expect(urgent[columns.indexOf('Service')]).toBe('Geyser Repair');
    expect(urgent[columns.indexOf('Area (neighbourhood or city)')]).toBe('Clifton');
    expect(urgent[columns.indexOf('Assignee')]).not.toBe('');
  });
});
