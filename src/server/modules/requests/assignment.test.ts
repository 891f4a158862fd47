import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveAccountEmail } from '../../test/helpers';
import { eventually, readMail, startSmtpPeer } from '../../test/smtp-peer';

// Whoever assigns a request (staff, a key with leads:assign), the request's history says so, and
// the staff member it went to and the one it was taken off hear of it (decision 091).
const peer = await startSmtpPeer();
afterAll(() => peer.close());
// A push service on loopback: which subscription was sent a notification, by its path.
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

const t = await createTestApp({
  ssr: true,
  env: {
    SMTP_URL: peer.url,
    MAIL_RETRY_SECONDS: '0.2',
    CONTACT_RATE_LIMIT: '0',
    PUBLIC_URL: 'https://coolfix.example',
    PUSH_ALLOW_LOOPBACK: 'true',
  },
});
type Who = { authorization: string; userId: string };
let owner: Who;
let sana: Who;
let bilal: Who;
let noMail: Who;
let serviceSlug: string;

async function member(name: string, email: string | null) {
  const who = await t.signIn('office');
  await t.database.query('update users set name = $1 where id = $2', [name, who.userId]);
  if (email) await giveAccountEmail(t.database, email, { userId: who.userId });
  return who;
}

beforeAll(async () => {
  owner = await t.signIn();
  await t.database.query(`update users set name = 'Owner' where id = $1`, [owner.userId]);
  await giveAccountEmail(t.database, 'owner@coolfix.example', { userId: owner.userId });
  sana = await member('Sana', 'sana@coolfix.example');
  bilal = await member('Bilal', 'bilal@coolfix.example');
  noMail = await member('Nadia', null);
  const service = {
    title: 'Geyser repair',
    description: 'Gas and electric geysers',
    serviceName: 'electric',
  };
  serviceSlug = String((await t.create('service', service, owner)).slug);
});

let n = 0;
async function newRequest() {
  n++;
  const sent = await t.create('contactus', {
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: '03001234567',
    message: `The geyser in flat ${n} is cold.\nSubject: injected`,
    area: 'Clifton',
    service: serviceSlug,
  });
  return sent as typeof sent & { reference: string };
}
const put = (id: string, as: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/contactus/${id}`, headers: as, payload });
async function assign(id: string, as: { authorization: string }, assignee: string | null, extra = {}) {
  const res = await put(id, as, { assignee, ...extra });
  expect(res.statusCode, res.body).toBe(200);
}
const historyOf = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history as Record<string, unknown>[];
};
const headerOf = (mail: ReturnType<typeof readMail>, name: string) => mail.header(name) ?? '';
/** The mails about a request's assignment: the office's notice and the customer's confirmation aside. */
const mailsAbout = (reference: string) =>
  peer.received
    .map(readMail)
    .filter(
      (mail) =>
        headerOf(mail, 'subject').includes(reference) &&
        !/^(New request|We have your request) /.test(headerOf(mail, 'subject')),
    );
/** Wait until the outbox has sent everything queued, so "no mail" is a fact and not a race. */
const outboxEmpty = () =>
  eventually(async () => {
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    return Number(row?.n) === 0 || undefined;
  });

describe('assigning a request', () => {
  it("writes 'Assigned to Sana by Owner' and mails Sana the reference, service, area, visit time and link", async () => {
    const request = await newRequest();
    await assign(request._id, owner, sana.userId, {
      stage: 'scheduled',
      scheduledAt: '2037-12-02T05:00:00.000Z',
    });
    expect((await historyOf(request._id)).find((entry) => entry.kind === 'assign')).toMatchObject({
      kind: 'assign',
      by: 'Owner',
      assignedTo: 'Sana',
      assignedFrom: null,
    });
    const mail = await eventually(() =>
      mailsAbout(request.reference).find((m) => headerOf(m, 'to').includes('sana@')),
    );
    expect(headerOf(mail, 'subject')).toBe(
      `Job ${request.reference} assigned to you: Geyser repair in Clifton`,
    );
    expect(mail.body).toContain(`Owner assigned job ${request.reference} to you.`);
    expect(mail.body).toContain('Service: Geyser repair');
    expect(mail.body).toContain('Area: Clifton');
    expect(mail.body).toContain('Visit: Wed 2 Dec 2037, 10:00 am');
    expect(mail.body).toContain(`https://coolfix.example/message/${request._id}`);
    // The customer's own words stay out of a mail to staff about an assignment.
    expect(mail.body).not.toContain('injected');
  });

  it('by oneself writes the history and mails nobody', async () => {
    const request = await newRequest();
    await assign(request._id, sana, sana.userId);
    expect((await historyOf(request._id)).at(-1)).toMatchObject({
      kind: 'assign',
      by: 'Sana',
      assignedTo: 'Sana',
    });
    await outboxEmpty();
    expect(mailsAbout(request.reference)).toEqual([]);
  });

  it('to another tells the new assignee it is theirs and the previous one it was taken off them', async () => {
    const request = await newRequest();
    await assign(request._id, owner, sana.userId);
    await assign(request._id, owner, bilal.userId);
    expect((await historyOf(request._id)).filter((entry) => entry.kind === 'assign')).toMatchObject([
      { assignedTo: 'Sana', assignedFrom: null, by: 'Owner' },
      { assignedTo: 'Bilal', assignedFrom: 'Sana', by: 'Owner' },
    ]);
    const toBilal = await eventually(() =>
      mailsAbout(request.reference).find((m) => headerOf(m, 'to').includes('bilal@')),
    );
    expect(headerOf(toBilal, 'subject')).toContain('assigned to you');
    const offSana = await eventually(() =>
      mailsAbout(request.reference).find((m) => headerOf(m, 'subject').includes('taken off you')),
    );
    expect(headerOf(offSana, 'to')).toContain('sana@');
    expect(offSana.body).toContain(`Owner took job ${request.reference} off you; Bilal has it now.`);
  });

  it('to nobody tells the previous assignee', async () => {
    const request = await newRequest();
    await assign(request._id, owner, bilal.userId);
    await assign(request._id, owner, null);
    expect((await historyOf(request._id)).at(-1)).toMatchObject({
      kind: 'assign',
      assignedTo: null,
      assignedFrom: 'Bilal',
    });
    const off = await eventually(() =>
      mailsAbout(request.reference).find((m) => headerOf(m, 'subject').includes('taken off you')),
    );
    expect(headerOf(off, 'to')).toContain('bilal@');
    expect(off.body).toContain(`Owner took job ${request.reference} off you.`);
  });

  it("by an API key with leads:assign is written as by the key's name, and mails", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: owner,
      payload: { name: 'Dispatch rota', scopes: ['leads:assign'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = { authorization: `Bearer ${res.json().key as string}` };
    const request = await newRequest();
    await assign(request._id, key, sana.userId);
    expect((await historyOf(request._id)).at(-1)).toMatchObject({
      kind: 'assign',
      by: 'API key "Dispatch rota"',
      assignedTo: 'Sana',
    });
    const mail = await eventually(() =>
      mailsAbout(request.reference).find((m) => headerOf(m, 'to').includes('sana@')),
    );
    expect(mail.body).toContain(`API key "Dispatch rota" assigned job ${request.reference} to you.`);
  });

  it('to someone without an address writes the history and mails nobody', async () => {
    const request = await newRequest();
    await assign(request._id, owner, noMail.userId);
    expect((await historyOf(request._id)).at(-1)).toMatchObject({ kind: 'assign', assignedTo: 'Nadia' });
    await outboxEmpty();
    expect(mailsAbout(request.reference)).toEqual([]);
  });

  it("sends a browser notification to the assignee's browsers only", async () => {
    for (const [who, path] of [
      [bilal, 'bilal'],
      [sana, 'sana'],
    ] as const) {
      const res = await t.app.inject({
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
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const request = await newRequest();
    await assign(request._id, owner, bilal.userId);
    await eventually(() => pushed.includes('/push/bilal') || undefined);
    await t.app.urgent.settled();
    expect(pushed).toEqual(['/push/bilal']);
  });
});

describe('every door that assigns', () => {
  it("changes a record only through updateRecord, so the request's afterUpdate hears of each assignment", () => {
    // A record's fields are written by the repository's update(id, ...) in content/update.ts alone,
    // which runs the type's afterUpdate hook; raw SQL writing the assignee would skip the history
    // and the mails. A new door (an on-call rota) must call updateRecord or the service's assign.
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const writers = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /\.update\(\s*[A-Za-z_.]*[iI]d\b|update contact_messages set[^;]*assignee/.test(
          readFileSync(path.join(server, file), 'utf8'),
        ),
      );
    // Publishing a draft (content/publishing.ts) writes a record's values too, only of a type with
    // drafts; such a type may have no afterUpdate hook (content/routes.ts refuses to start).
    expect(writers).toEqual([path.join('content', 'publishing.ts'), path.join('content', 'update.ts')]);
  });
});
