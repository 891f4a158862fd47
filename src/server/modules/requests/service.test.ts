import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { contactus, service as serviceType } from '../../../shared/content/types';
import type { ContentHookRegistry } from '../../content/hooks';
import { createIntake } from '../../content/intake';
import { createContentRepository } from '../../content/repository';
import { createChangeLog } from '../../db/change-log';
import type { SessionUser } from '../../http/identity';
import { createTestDatabase, testEnv } from '../../test/helpers';
import { createMailOutbox } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import { requestHooks } from './hooks';
import { createPhotoStore } from './photo-store';
import { createRequestService } from './service';
import { titleFrom } from './urgent-alerts';

// The desk's rules over a real database, without an HTTP server: what staff do to a request and
// what its customer hears of it (mail is queued in the outbox, never sent: the outbox is not started).
const { database, drop } = await createTestDatabase();
const log = pino({ enabled: false });
const outbox = createMailOutbox(database, {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'desk@example.com',
  retryBaseMs: 200,
  log,
});
const requests = createContentRepository(database, contactus);
// A chosen service is named by its title in the mails, read from its own repository.
const titleOf = titleFrom(new Map([[serviceType.name, createContentRepository(database, serviceType)]]));
const changes = createChangeLog(database);
let minutesAhead = 0;
// The generic intake with the request's hooks registered, as the app wires them: `submit` is
// tested through the same safeguards and hooks a visitor's form meets, with two sends per address.
const hookRegistry: ContentHookRegistry = new Map();
const intake = createIntake(
  { env: testEnv({ CONTACT_RATE_LIMIT: '2' }), database, changes },
  { checkChoices: async () => {}, sealTrackToken: async () => null, hooks: hookRegistry },
);
const service = createRequestService({
  database,
  changes,
  requests,
  siteOrigin: () => 'https://coolfix.example',
  outbox,
  intake,
  secretBox: async () => null,
  titleOf,
  escalation: { log, minutes: 15, now: () => new Date(Date.now() + minutesAhead * 60_000) },
});
const urgentAlerts: string[] = [];
hookRegistry.set(
  contactus.name,
  requestHooks({
    requests,
    service,
    photos: createPhotoStore(database),
    outbox,
    siteOrigin: () => 'https://coolfix.example',
    titleOf,
    urgentCreated: (record, userIds) => urgentAlerts.push(record._id, ...userIds),
    now: () => new Date(),
  }),
);
await createSettingsStore(database).update({ email: 'office@coolfix.example' });
// Someone on call all week, all day: every urgent request is theirs (decision 095).
const [onCall] = await database.query<{ id: string }>(
  `insert into users (name, username, username_canonical, password_hash, role, email, email_canonical)
   values ('Sana', 'sana', 'sana', 'x', 'technician', 'oncall@coolfix.example', 'oncall@coolfix.example')
   returning id::text as id`,
);
await database.query(
  `insert into on_call_shifts (position, user_id, days, start_minute, end_minute)
   values (1, $1, array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 0, 1440)`,
  [onCall!.id],
);
afterAll(async () => {
  await outbox.stop();
  await drop();
});

const staff: SessionUser = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'desk',
  name: 'Desk Person',
  role: 'office',
};
const acting = { actor: staff };

let n = 0;
async function newRequest(extra: Record<string, unknown> = {}) {
  n++;
  return changes.write(async (tx) => {
    const record = await requests.in(tx).create({
      name: `Customer ${n}`,
      email: `customer${n}@example.com`,
      phone: '03001234567',
      message: `Freezer ${n} is warm`,
      stage: 'new',
      status: 'Pending',
      spam: false,
      ...extra,
    });
    // As a request's afterCreate does: the address it was filed with is the one its mail goes to.
    await service.keepFiledAddress(tx, record._id);
    return record;
  });
}
/** The mails queued about a request, oldest first. */
const queuedAbout = (id: string) =>
  database.query<{ to_address: string; subject: string; body: string }>(
    'select to_address, subject, body from mail_outbox where record_id = $1 order by id',
    [id],
  );
const rowsIn = async (table: 'mail_outbox' | 'contact_activity', column: string, id: string) =>
  database.query(`select 1 from ${table} where ${column} = $1`, [id]);

describe('a visitor submitting a request', () => {
  const visitor = (n: number, extra: Record<string, unknown> = {}) => ({
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    phone: '03001234567',
    message: 'The fridge is leaking',
    ...extra,
  });

  it('stores it as new with a reference, tells the sender their track link once and mails the office', async () => {
    const result = await service.submit(visitor(1), { ip: '198.51.100.1', user: null });
    if (result.kind !== 'created') throw new Error(`expected a new request, got ${result.kind}`);
    expect(result.record).toMatchObject({
      stage: 'new',
      spam: false,
      reference: expect.stringMatching(/^CF-/),
    });
    expect(result.trackToken).toEqual(expect.any(String));
    const mails = await queuedAbout(result.record._id);
    // The office's notification and the customer's confirmation.
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([
      'office@coolfix.example',
      'visitor1@example.com',
    ]);
    const audit = await database.query('select 1 from audit_log where record_id = $1', [result.record._id]);
    expect(audit).toHaveLength(1);
  });

  it('gives an urgent one to the person on call and pages them at once, besides the office', async () => {
    const result = await service.submit(visitor(2, { urgent: true }), { ip: '198.51.100.2', user: null });
    if (result.kind !== 'created') throw new Error(`expected a new request, got ${result.kind}`);
    const mails = await queuedAbout(result.record._id);
    // The office's notification (urgent too), the page (which says the job is theirs: no second
    // "Job … assigned to you"), the customer's confirmation.
    expect(mails.map((mail) => `${mail.to_address} ${mail.subject.split(' ')[0]}`).sort()).toEqual([
      'office@coolfix.example URGENT',
      'oncall@coolfix.example URGENT',
      'visitor2@example.com We',
    ]);
    expect((await requests.findById(result.record._id))?.assignee).toBe(onCall!.id);
    expect(urgentAlerts).toEqual(expect.arrayContaining([result.record._id, onCall!.id]));
  });

  it('keeps one the honeypot caught as spam and bothers nobody with it', async () => {
    const bait = visitor(3, { urgent: true, website: 'https://spam.example' });
    const result = await service.submit(bait, { ip: '198.51.100.3', user: null });
    if (result.kind !== 'created') throw new Error(`expected a new request, got ${result.kind}`);
    expect(result.record.spam).toBe(true);
    expect(await rowsIn('mail_outbox', 'record_id', result.record._id)).toEqual([]);
    expect(urgentAlerts).not.toContain(result.record._id);
  });

  it('refuses a third send from one address within the window, storing nothing', async () => {
    const ip = '198.51.100.4';
    for (const n of [4, 5])
      expect((await service.submit(visitor(n), { ip, user: null })).kind).toBe('created');
    const third = await service.submit(visitor(6), { ip, user: null });
    expect(third).toMatchObject({ kind: 'limited', message: 'Too many messages. Please try again later.' });
    expect(
      await database.query("select 1 from contact_messages where email = 'visitor6@example.com'"),
    ).toEqual([]);
  });
});

describe('a stage change', () => {
  it('to contacted is kept in the history and stamps the first response, telling nobody', async () => {
    const request = await newRequest();
    const result = await service.changeStage(request._id, { stage: 'contacted' }, acting);
    expect(result.kind).toBe('updated');
    const { history } = await service.activityOf(request._id);
    expect(history).toMatchObject([
      { kind: 'stage', from: 'new', to: 'contacted', by: 'Desk Person', notified: false },
    ]);
    expect((await requests.findById(request._id))?.firstResponseAt).toEqual(expect.any(String));
    expect(await rowsIn('mail_outbox', 'record_id', request._id)).toEqual([]);
  });

  it('to a booked visit mails the customer with its reference, unless staff untick the box', async () => {
    const told = await newRequest();
    const at = '2037-12-01T09:00:00.000Z';
    await service.changeStage(told._id, { stage: 'scheduled', scheduledAt: at }, acting);
    const [mail, ...more] = await queuedAbout(told._id);
    expect(more).toEqual([]);
    expect(mail?.to_address).toBe(told.email);
    expect(mail?.subject).toMatch(new RegExp(`^Your request ${told.reference}: visit`, 'i'));

    const untold = await newRequest();
    await service.changeStage(
      untold._id,
      { stage: 'scheduled', scheduledAt: at, notifyCustomer: false },
      acting,
    );
    const { history } = await service.activityOf(untold._id);
    expect(history).toMatchObject([{ to: 'scheduled', notified: false }]);
    expect(await rowsIn('mail_outbox', 'record_id', untold._id)).toEqual([]);
  });

  it('tells nobody about a request the honeypot caught unless staff ask', async () => {
    const spam = await newRequest({ spam: true });
    await service.changeStage(spam._id, { stage: 'done' }, acting);
    expect(await rowsIn('mail_outbox', 'record_id', spam._id)).toEqual([]);
    await service.changeStage(
      spam._id,
      { stage: 'scheduled', scheduledAt: null, notifyCustomer: true },
      acting,
    );
    expect(await rowsIn('mail_outbox', 'record_id', spam._id)).toHaveLength(1);
  });

  it('is refused as missing when the actor may not touch the request', async () => {
    const request = await newRequest();
    const result = await service.changeStage(
      request._id,
      { stage: 'done' },
      { actor: staff, mayChange: () => false },
    );
    expect(result.kind).toBe('missing');
    expect((await requests.findById(request._id))?.stage).toBe('new');
  });
});

describe('assigning a request', () => {
  it('stores the assignee and says so in the history; assigning oneself mails nobody', async () => {
    const request = await newRequest();
    const result = await service.assign(request._id, staff._id, acting);
    expect(result.kind === 'updated' && result.record.assignee).toBe(staff._id);
    // This file's staff member has no account row: the name then is the account's, else this.
    expect((await service.activityOf(request._id)).history).toEqual([
      expect.objectContaining({ kind: 'assign', by: 'Desk Person', assignedTo: 'a removed account' }),
    ]);
    expect(await rowsIn('mail_outbox', 'record_id', request._id)).toEqual([]);
  });
});

describe('a note', () => {
  it('is kept with its author and leaves the request version alone; an unknown request has none', async () => {
    const request = await newRequest();
    const note = await service.addNote(request._id, 'Customer prefers mornings', acting);
    expect(note).toMatchObject({ author: 'Desk Person', text: 'Customer prefers mornings' });
    expect((await requests.findById(request._id))?.version).toBe(request.version);
    expect(await service.addNote('00000000-0000-4000-8000-00000000beef', 'x', acting)).toBeNull();
  });
});

describe('a reply', () => {
  it('is mailed to the customer, kept in the history as notified, and stamps the first response', async () => {
    const request = await newRequest();
    const entry = await service.reply(request._id, 'We will come on Monday.', acting);
    expect(entry).toMatchObject({ kind: 'reply', notified: true, text: 'We will come on Monday.' });
    const [mail] = await queuedAbout(request._id);
    expect(mail?.to_address).toBe(request.email);
    expect(mail?.body).toContain('We will come on Monday.');
    expect((await requests.findById(request._id))?.firstResponseAt).toEqual(expect.any(String));
  });
});

describe('escalation', () => {
  it('mails ESCALATED once about an urgent request left new past its minutes, never a calm one', async () => {
    const urgent = await newRequest({ urgent: true, area: 'Gulberg' });
    const calm = await newRequest();
    minutesAhead = 10;
    expect(await service.escalate()).not.toContain(urgent._id);
    minutesAhead = 16;
    const escalated = await service.escalate();
    expect(escalated).toContain(urgent._id);
    expect(escalated).not.toContain(calm._id);
    expect(await service.escalate()).not.toContain(urgent._id);
    minutesAhead = 0;
    const mails = await database.query<{ subject: string }>(
      'select subject from mail_outbox where record_id = $1',
      [urgent._id],
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `ESCALATED ${urgent.reference} · Gulberg · 03001234567`,
    ]);
  });
});
