import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/roles';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';

// The on-call rota (decision 095) over a real database and a real SMTP peer: who is on call at
// the moment an urgent request arrives gets it, through the same assignment as anyone's, and is
// paged; with nobody on call it stays unassigned and the admins are paged.
const peer = await startSmtpPeer();
afterAll(() => peer.close());
// A push service on loopback: which browser was sent a notification, by its path.
const pushed: string[] = [];
const pushService = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    pushed.push(request.url ?? '');
    response.writeHead(201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

// The company's clock is five hours ahead of UTC: Monday 30 November 2026, 10:00 in Karachi.
let at = new Date('2026-11-30T05:00:00Z');
const karachi = (local: string) => new Date(`${local}+05:00`);
const t = await createTestApp({
  env: {
    SMTP_URL: peer.url,
    MAIL_RETRY_SECONDS: '0.2',
    CONTACT_RATE_LIMIT: '0',
    PUSH_ALLOW_LOOPBACK: 'true',
  },
  now: () => at,
});

type Who = { authorization: string; userId: string };
let owner: Who;
let sana: Who;
let bilal: Who;
const others = {} as Record<Exclude<StaffRole, 'admin'>, Who>;

async function member(name: string, role: StaffRole, email: string | null) {
  const who = await t.signIn('editor');
  await t.database.query('update users set name = $1, role = $2 where id = $3', [name, role, who.userId]);
  if (email) await giveAccountEmail(t.database, email, { userId: who.userId });
  return who;
}

const rota = (as: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/on-call', headers: as });
const saveRota = (as: { authorization: string }, shifts: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/on-call', headers: as, payload: { shifts } });
const allWeek = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

let caller = 0;
async function urgentRequest() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: `Caller ${++caller}`,
      email: `caller${caller}@example.com`,
      phone: '03001234567',
      message: 'The cold room stopped cooling',
      area: 'Gulberg',
      urgent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; reference: string };
}
const stored = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { assignee: string | null; history: Record<string, unknown>[] };
};
/**
 * The pages and assignment mails about a request: not the customer's own confirmation (to the
 * caller) nor the office's copy (to the company address, no notify address being set here).
 */
const mailsAbout = (reference: string) =>
  peer.received
    .map(readMail)
    .filter(
      (mail) =>
        mail.subject.includes(reference) &&
        !mail.header('to')?.includes('caller') &&
        !mail.header('to')?.includes('info@coolfix.pk'),
    );
const mailTo = (reference: string, address: string, word: string) =>
  eventually(() =>
    mailsAbout(reference).find(
      (mail) => mail.header('to')?.includes(address) && mail.subject.startsWith(word),
    ),
  );
/** Wait until the outbox has sent everything queued, so "no mail" is a fact and not a race. */
const outboxEmpty = () =>
  eventually(async () => {
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where sent_at is null',
    );
    return Number(row?.n) === 0 || undefined;
  });

beforeAll(async () => {
  owner = await t.signIn();
  await t.database.query(`update users set name = 'Owner' where id = $1`, [owner.userId]);
  await giveAccountEmail(t.database, 'owner@coolfix.example', { userId: owner.userId });
  sana = await member('Sana', 'technician', 'sana@coolfix.example');
  bilal = await member('Bilal', 'technician', 'bilal@coolfix.example');
  others.office = await member('Omar', 'office', null);
  others.editor = await member('Eda', 'editor', null);
  others.technician = await member('Tariq', 'technician', null);
  // Everyone allowed browser notifications; each browser is named after its person.
  for (const [who, path] of [
    [owner, 'owner'],
    [sana, 'sana'],
    [bilal, 'bilal'],
  ] as const) {
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: who,
      payload: {
        endpoint: `${pushOrigin}/push/${path}`,
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  }
  const res = await saveRota(owner, [
    { userId: sana.userId, days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' },
    // Monday night into Tuesday morning.
    { userId: bilal.userId, days: ['mon'], start: '22:00', end: '06:00' },
    // Also on call on weekday mornings, after Sana in the rota's order.
    { userId: bilal.userId, days: ['mon', 'tue'], start: '08:00', end: '12:00' },
  ]);
  expect(res.statusCode, res.body).toBe(200);
});

describe('the rota', () => {
  it('is read with each person’s name and who is on call now, in the rota’s order', async () => {
    at = karachi('2026-11-30T10:00');
    const res = await rota(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      timeZone: 'Asia/Karachi',
      shifts: [
        {
          userId: sana.userId,
          name: 'Sana',
          days: ['mon', 'tue', 'wed', 'thu', 'fri'],
          start: '09:00',
          end: '17:00',
        },
        { userId: bilal.userId, name: 'Bilal', days: ['mon'], start: '22:00', end: '06:00' },
        { userId: bilal.userId, name: 'Bilal', days: ['mon', 'tue'], start: '08:00', end: '12:00' },
      ],
      onCallNow: [
        { userId: sana.userId, name: 'Sana' },
        { userId: bilal.userId, name: 'Bilal' },
      ],
    });
    // The change was audited, every shift in words.
    const [audit] = await t.database.query<{ changes: { after: string[] }[] }>(
      `select changes from audit_log where resource = 'on-call' order by at desc limit 1`,
    );
    expect(audit?.changes[0]?.after).toEqual([
      'Sana: Mon–Fri 09:00–17:00',
      'Bilal: Mon 22:00–06:00',
      'Bilal: Mon, Tue 08:00–12:00',
    ]);
  });

  it('answers a night shift across midnight on the morning after, not on the night after', async () => {
    for (const [local, names] of [
      ['2026-11-30T21:59', []],
      ['2026-11-30T22:00', ['Bilal']],
      ['2026-12-01T03:00', ['Bilal']],
      ['2026-12-01T06:00', []],
      ['2026-12-01T23:00', []],
    ] as const) {
      at = karachi(local);
      const onCall = (await rota(owner)).json().onCallNow as { name: string }[];
      expect(
        onCall.map((person) => person.name),
        local,
      ).toEqual(names);
    }
  });
  it('reads its hours on the site’s clock: another time-zone setting moves who is on call', async () => {
    // 10:00 in Karachi is 05:00 in London, before any shift starts there.
    at = karachi('2026-11-30T10:00');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: owner,
      payload: { timeZone: 'Europe/London' },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const res = (await rota(owner)).json();
      expect(res.timeZone).toBe('Europe/London');
      expect(res.onCallNow).toEqual([]);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: owner,
        payload: { timeZone: 'Asia/Karachi' },
      });
    }
  });
});

describe('an urgent request', () => {
  it('is assigned to the first person on call "by On-call rota", who is paged once', async () => {
    at = karachi('2026-11-30T10:00');
    pushed.length = 0;
    const request = await urgentRequest();
    const after = await stored(request._id);
    expect(after.assignee).toBe(sana.userId);
    // Her browser is paged (URGENT, which says it is hers), once; nobody else's.
    await t.app.urgent.settled();
    expect(pushed).toEqual(['/push/sana']);
    expect(after.history.filter((entry) => entry.kind === 'assign')).toMatchObject([
      { assignedTo: 'Sana', assignedFrom: null, by: 'On-call rota' },
    ]);
    const page = await mailTo(request.reference, 'sana@', 'URGENT');
    expect(page.body).toContain('You are on call, so it is assigned to you');
    expect(page.body).toContain(`/message/${request._id}`);
    await outboxEmpty();
    // One mail: no "Job … assigned to you" after the page. Bilal is on call too, later in the
    // rota: not paged; nor are the admins.
    expect(mailsAbout(request.reference).map((mail) => mail.header('to'))).toEqual([
      expect.stringContaining('sana@'),
    ]);
  });

  it('at night goes to the night shift', async () => {
    at = karachi('2026-12-01T02:30');
    const request = await urgentRequest();
    expect((await stored(request._id)).assignee).toBe(bilal.userId);
    await mailTo(request.reference, 'bilal@', 'URGENT');
  });

  it('with nobody on call stays unassigned and pages every admin', async () => {
    at = karachi('2026-12-05T10:00');
    pushed.length = 0;
    const request = await urgentRequest();
    await t.app.urgent.settled();
    expect(pushed).toEqual(['/push/owner']);
    const after = await stored(request._id);
    expect(after.assignee).toBeNull();
    expect(after.history.filter((entry) => entry.kind === 'assign')).toEqual([]);
    const page = await mailTo(request.reference, 'owner@', 'URGENT');
    expect(page.body).toContain('nobody is on call');
    await outboxEmpty();
    expect(mailsAbout(request.reference).map((mail) => mail.header('to'))).toEqual([
      expect.stringContaining('owner@'),
    ]);
  });

  it('leaves out a person no longer approved, and their account’s deletion takes their shifts', async () => {
    at = karachi('2026-11-30T10:00');
    await t.database.query(`update users set role = 'pending' where id = $1`, [sana.userId]);
    try {
      expect((await rota(owner)).json().onCallNow).toEqual([{ userId: bilal.userId, name: 'Bilal' }]);
    } finally {
      await t.database.query(`update users set role = 'technician' where id = $1`, [sana.userId]);
    }
    const gone = await member('Gone', 'technician', null);
    expect(
      (await saveRota(owner, [{ userId: gone.userId, days: allWeek, start: '00:00', end: '24:00' }]))
        .statusCode,
    ).toBe(200);
    await t.database.query('delete from users where id = $1', [gone.userId]);
    expect((await rota(owner)).json().shifts).toEqual([]);
  });
});

describe('changing the rota', () => {
  const one = (shift: Record<string, unknown>) => ({
    userId: sana.userId,
    days: ['mon'],
    start: '09:00',
    end: '17:00',
    ...shift,
  });

  it('refuses bad shifts with a 400 naming what is wrong, and stores nothing', async () => {
    const before = (await rota(owner)).json().shifts;
    const cases: [unknown, RegExp][] = [
      [[one({ days: [] })], /at least one day/],
      [[one({ days: ['mon', 'someday'] })], /Days are mon/],
      [[one({ start: '9:00' })], /HH:MM/],
      [[one({ end: '24:30' })], /HH:MM/],
      [[one({ start: '24:00' })], /HH:MM/],
      [[one({ start: '08:00', end: '08:00' })], /00:00 to 24:00 is all day/],
      [[one({ userId: 'sana' })], /approved staff member/],
      [
        [one({}), one({ userId: '00000000-0000-4000-8000-000000000009' })],
        /^Shift 2: Choose an approved staff member/,
      ],
      [[one({ colour: 'red' })], /./],
      [Array.from({ length: 51 }, () => one({})), /At most 50 shifts/],
      ['Sana all week', /list/],
    ];
    for (const [shifts, message] of cases) {
      const res = await saveRota(owner, shifts);
      expect(res.statusCode, JSON.stringify(shifts).slice(0, 80)).toBe(400);
      expect(res.json().fields.shifts, JSON.stringify(shifts).slice(0, 80)).toMatch(message);
    }
    // A pending account is not staff.
    await t.database.query(`update users set role = 'pending' where id = $1`, [bilal.userId]);
    try {
      const res = await saveRota(owner, [one({ userId: bilal.userId })]);
      expect(res.statusCode).toBe(400);
    } finally {
      await t.database.query(`update users set role = 'technician' where id = $1`, [bilal.userId]);
    }
    expect((await rota(owner)).json().shifts).toEqual(before);
  });

  it('takes 50 shifts and an empty rota', async () => {
    expect(
      (
        await saveRota(
          owner,
          Array.from({ length: 50 }, () => one({})),
        )
      ).statusCode,
    ).toBe(200);
    const empty = await saveRota(owner, []);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().shifts).toEqual([]);
  });

  it('is for admins only: the office, an editor and a technician neither read nor change it', async () => {
    for (const [role, who] of Object.entries(others)) {
      expect((await rota(who)).statusCode, role).toBe(403);
      expect((await saveRota(who, [one({ userId: who.userId })])).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/on-call' })).statusCode).toBe(401);
  });
});
