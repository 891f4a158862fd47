import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_NOT_SET_UP, PAST_VISIT_MESSAGE } from '../../../shared/request-desk';
import { createTestApp } from '../../test/helpers';
import { eventually, type ReceivedMail, startSmtpPeer } from '../../test/smtp-peer';

// A request worked as a job: notes, stage changes that may tell the customer, replies.
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await createTestApp({
  ssr: true,
  env: {
    SMTP_URL: peer.url,
    MAIL_RETRY_SECONDS: '0.2',
    CONTACT_RATE_LIMIT: '0',
    PUBLIC_URL: 'https://coolfix.example',
  },
});
let staff: { authorization: string; userId: string };

let n = 0;
async function newRequest(extra: Record<string, unknown> = {}) {
  n++;
  const sent = await t.create('contactus', {
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: '03001234567',
    message: `Freezer ${n} is warm`,
    ...extra,
  });
  return sent as typeof sent & { reference: string; trackUrl: string };
}
const get = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/contactus/${id}`, headers: staff, payload });
const note = (id: string, payload: unknown, headers: Record<string, string> = staff) =>
  t.app.inject({ method: 'POST', url: `/api/contactus/${id}/notes`, headers, payload: payload as object });
const reply = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/contactus/${id}/reply`,
    headers: staff,
    payload: payload as object,
  });
/** Whether staff's work mailed `address` (the confirmation every customer gets on sending aside). */
const newsTo = (address: string) =>
  peer.received.some(
    (mail) => mail.to.includes(address) && !/^Subject: We have your request/m.test(mail.raw),
  );
const mailTo = (address: string, subject: RegExp) =>
  eventually(() => peer.received.find((mail) => mail.to.includes(address) && subject.test(mail.raw)));
/** The status link a mail carries: on a line of its own. */
const linkIn = (mail: ReceivedMail) =>
  mail.raw.match(/^(https:\/\/coolfix\.example\/track\/[A-Za-z0-9_-]{43})\r?$/m)?.[1];

beforeAll(async () => {
  staff = await t.signIn();
  await t.saveSettings({ email: 'desk@coolfix.example', companyName: 'CoolFix' }, staff);
});

describe('notes', () => {
  it('are added by staff, answered 201, listed with the request, and leave its version alone', async () => {
    const { _id } = await newRequest();
    const before = await get(_id);
    const res = await note(_id, { text: '  Called, no answer. Try after 6 pm.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      author: 'Site Admin',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      text: 'Called, no answer. Try after 6 pm.',
    });
    await note(_id, { text: 'Second note' });
    const after = await get(_id);
    expect(after.version).toBe(before.version);
    expect(after.notes.map((entry: { text: string }) => entry.text)).toEqual([
      'Called, no answer. Try after 6 pm.',
      'Second note',
    ]);
    expect(after.history).toEqual([]);
    // The list does not carry them.
    const list = await t.app.inject({ method: 'GET', url: '/api/contactus', headers: staff });
    expect(list.json().data[0]).not.toHaveProperty('notes');
    // Audited: that a note was added, never its words.
    const audit = await t.database.query<{ fields: unknown; changes: unknown }>(
      `select fields, changes from audit_log where resource = 'contactus' and record_id = $1`,
      [_id],
    );
    expect(JSON.stringify(audit)).toContain('note');
    expect(JSON.stringify(audit)).not.toContain('no answer');
  });

  it('refuse empty, long or non-text notes with the field message, and store nothing', async () => {
    const { _id } = await newRequest();
    for (const [payload, message] of [
      [{ text: '   ' }, 'Note is required.'],
      [{}, 'Note is required.'],
      [{ text: 'x'.repeat(5001) }, 'Note must be at most 5000 characters.'],
      [{ text: 42 }, expect.any(String)],
    ] as const) {
      const res = await note(_id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.text).toEqual(message);
    }
    expect((await get(_id)).notes).toEqual([]);
  });

  it('answer 404 for an unknown, malformed or trashed request', async () => {
    const { _id } = await newRequest();
    await t.app.inject({ method: 'DELETE', url: `/api/contactus/${_id}`, headers: staff });
    for (const id of [_id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await note(id, { text: 'Hello' });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('are for staff only', async () => {
    const { _id } = await newRequest();
    expect((await note(_id, { text: 'x' }, {})).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/contactus/${_id}/reply`, payload: { text: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('a stage change', () => {
  it('is recorded in the history, stamps the first response once, and tells nobody for contacted', async () => {
    const { _id } = await newRequest();
    const res = await put(_id, { stage: 'contacted' });
    expect(res.statusCode, res.body).toBe(200);
    const stamped = res.json().firstResponseAt;
    expect(stamped).toMatch(/Z$/);
    const { history } = await get(_id);
    expect(history).toEqual([
      {
        _id: expect.any(String),
        kind: 'stage',
        at: expect.any(String),
        by: 'Site Admin',
        from: 'new',
        to: 'contacted',
        scheduledAt: null,
        notified: false,
      },
    ]);
    await put(_id, { stage: 'lost' });
    expect((await get(_id)).firstResponseAt).toBe(stamped);
  });

  it('to scheduled mails the customer by default: the visit, the reference, the link to their status page', async () => {
    const sent = await newRequest();
    const res = await put(sent._id, { stage: 'scheduled', scheduledAt: '2037-11-25T05:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
    const subject = new RegExp(
      `^Subject: Your request ${sent.reference}: visit scheduled for Wed 25 Nov, 10:00`,
      'm',
    );
    const mail = await mailTo(`customer${n}@example.com`, subject);
    expect(mail.raw).toMatch(/^Reply-To: desk@coolfix\.example/m);
    expect(mail.raw).toContain('Visit scheduled for Wed 25 Nov 2037, 10:00 am');
    const link = linkIn(mail);
    expect(link).toBe(`https://coolfix.example${sent.trackUrl}`);
    // The link opens the customer's own status page, which shows the visit.
    const token = sent.trackUrl.slice('/track/'.length);
    expect(await t.app.site.trackRequest(token)).toMatchObject({
      reference: sent.reference,
      stage: 'scheduled',
      scheduledAt: '2037-11-25T05:00:00.000Z',
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Visit scheduled for Wed 25 Nov 2037, 10:00 am');
    const { history } = await get(sent._id);
    expect(history.at(-1)).toMatchObject({
      from: 'new',
      to: 'scheduled',
      scheduledAt: '2037-11-25T05:00:00.000Z',
      notified: true,
    });
  });

  it('records a booked visit moved to another time and tells the customer; the same time again is nothing', async () => {
    const sent = await newRequest();
    await put(sent._id, { stage: 'scheduled', scheduledAt: '2037-11-25T05:00:00.000Z' });
    const moved = await put(sent._id, { scheduledAt: '2037-11-26T09:30:00.000Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    await mailTo(
      `customer${n}@example.com`,
      new RegExp(`^Subject: Your request ${sent.reference}: visit scheduled for Thu 26 Nov, 14:30`, 'm'),
    );
    const again = await put(sent._id, { scheduledAt: '2037-11-26T09:30:00.000Z', assignee: staff.userId });
    expect(again.statusCode, again.body).toBe(200);
    // The assignment saved with it is an entry of its own (decision 091).
    const history = (await get(sent._id)).history.filter((entry: { kind: string }) => entry.kind === 'stage');
    expect(history.map((entry: { from: string; to: string }) => `${entry.from}>${entry.to}`)).toEqual([
      'new>scheduled',
      'scheduled>scheduled',
    ]);
    expect(history.at(-1)).toMatchObject({ scheduledAt: '2037-11-26T09:30:00.000Z', notified: true });
  });

  it('tells nobody by default about a request the honeypot caught, unless staff ask', async () => {
    const caught = await newRequest();
    await put(caught._id, { spam: true });
    await put(caught._id, { stage: 'done' });
    expect((await get(caught._id)).history.at(-1)).toMatchObject({ to: 'done', notified: false });
    const asked = await newRequest();
    await put(asked._id, { spam: true });
    await put(asked._id, { stage: 'done', notifyCustomer: true });
    expect((await get(asked._id)).history.at(-1)).toMatchObject({ to: 'done', notified: true });
    expect(newsTo(`customer${n - 1}@example.com`)).toBe(false);
  });

  it('follows notifyCustomer when it is given, and does not store it', async () => {
    const quiet = await newRequest();
    await put(quiet._id, { stage: 'done', notifyCustomer: false });
    const told = await newRequest();
    await put(told._id, { stage: 'contacted', notifyCustomer: true });
    await mailTo(
      `customer${n}@example.com`,
      new RegExp(`^Subject: Your request ${told.reference}: we have called you`, 'm'),
    );
    expect((await get(quiet._id)).history.at(-1)).toMatchObject({ to: 'done', notified: false });
    expect((await get(told._id)).history.at(-1)).toMatchObject({ to: 'contacted', notified: true });
    expect(newsTo(`customer${n - 1}@example.com`)).toBe(false);
    expect(await get(told._id)).not.toHaveProperty('notifyCustomer');
  });

  it('is not what marking read is: status changes neither the stage nor the first response', async () => {
    const { _id } = await newRequest();
    const res = await put(_id, { status: 'read' });
    expect(res.json()).toMatchObject({ status: 'read', stage: 'new', firstResponseAt: null });
    expect((await get(_id)).history).toEqual([]);
  });
});

describe('a reply', () => {
  it('is mailed to the customer with the reference, Reply-To and status link, kept in the history, version unchanged', async () => {
    const sent = await newRequest();
    const before = await get(sent._id);
    const res = await reply(sent._id, { text: 'We can come tomorrow at 10. Does that suit you?' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      kind: 'reply',
      channel: 'email',
      at: expect.any(String),
      by: 'Site Admin',
      text: 'We can come tomorrow at 10. Does that suit you?',
      notified: true,
    });
    const mail = await mailTo(
      `customer${n}@example.com`,
      new RegExp(`^Subject: Your request ${sent.reference}: a reply from CoolFix`, 'm'),
    );
    expect(mail.raw).toMatch(/^Reply-To: desk@coolfix\.example/m);
    expect(mail.raw).toContain('We can come tomorrow at 10. Does that suit you?');
    expect(linkIn(mail)).toBe(`https://coolfix.example${sent.trackUrl}`);
    const after = await get(sent._id);
    expect(after.version).toBe(before.version);
    expect(after.history).toEqual([res.json()]);
    // The first response is stamped by the reply, and a later stage change keeps it.
    expect(after.firstResponseAt).toMatch(/Z$/);
    await put(sent._id, { stage: 'contacted' });
    expect((await get(sent._id)).firstResponseAt).toBe(after.firstResponseAt);
  });

  it('refuses bad text and an unknown request', async () => {
    const { _id } = await newRequest();
    const empty = await reply(_id, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toBe('Reply is required.');
    expect((await reply('00000000-0000-4000-8000-000000000000', { text: 'Hi' })).statusCode).toBe(404);
  });
});

describe('the whole-record PUT of the spec', () => {
  it('succeeds with the record exactly as GET answered it, after notes and a reply, and changes only status', async () => {
    const { _id } = await newRequest({ urgent: true, area: 'Clifton' });
    await note(_id, { text: 'First note' });
    const asRead = await get(_id);
    // Work goes on after the client read it.
    await note(_id, { text: 'Later note' });
    await reply(_id, { text: 'On our way.' });
    const current = await get(_id);
    const res = await put(_id, { ...asRead, status: 'read' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get(_id);
    const { status, version, updatedAt, seen, ...rest } = after;
    const { status: _s, version: _v, updatedAt: _u, seen: unseen, ...restCurrent } = current;
    expect(status).toBe('read');
    expect(version).toBe(current.version + 1);
    expect(rest).toEqual(restCurrent);
    expect(rest.notes).toHaveLength(2);
    expect(rest.history).toHaveLength(1);
    // Marked read is seen, by whoever marked it (decision 100).
    expect(unseen).toBeNull();
    expect(seen).toEqual({ by: 'Site Admin', at: expect.any(String) });
  });
});

const seen = (id: string, headers: Record<string, string> = staff) =>
  t.app.inject({ method: 'POST', url: `/api/contactus/${id}/seen`, headers });

describe('seen by someone (decision 100)', () => {
  it('is set by the first staff member to open a request: Pending becomes read, quietly, once', async () => {
    const { _id } = await newRequest();
    const before = await get(_id);
    expect(before).toMatchObject({ status: 'Pending', seen: null });
    const technician = await t.signIn('technician');
    await put(_id, { assignee: technician.userId });
    const first = await seen(_id, technician);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: 'read',
      version: before.version + 2,
      seen: { by: 'Technician', at: expect.any(String) },
    });
    // Opened again, by someone else: nothing changes.
    const again = await seen(_id);
    expect(again.json()).toEqual(first.json());
    const after = await get(_id);
    expect(after).toMatchObject({ status: 'read', version: first.json().version, seen: first.json().seen });
    // Not an event of the history: that stays the work done.
    expect(after.history.map((entry: { kind: string }) => entry.kind)).toEqual(['assign']);
  });

  it("follows the spec's status both ways, and is for staff sessions only", async () => {
    const { _id } = await newRequest();
    await put(_id, { status: 'read' });
    expect((await get(_id)).seen).toMatchObject({ by: 'Site Admin' });
    // The spec's clients may mark it unread again: then nobody has seen it.
    const unread = await put(_id, { status: 'Pending' });
    expect(unread.statusCode, unread.body).toBe(200);
    expect(await get(_id)).toMatchObject({ status: 'Pending', seen: null });
    expect((await seen(_id, {})).statusCode).toBe(401);
    expect((await seen('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('a visit time', () => {
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('in the past is refused with the field message; nothing is stored or mailed', async () => {
    const sent = await newRequest();
    const res = await put(sent._id, { stage: 'scheduled', scheduledAt: '2020-06-15T05:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ scheduledAt: PAST_VISIT_MESSAGE });
    expect(await get(sent._id)).toMatchObject({ stage: 'new', scheduledAt: null, history: [] });
    // The office's notice and the customer's confirmation of the new request, and no visit.
    const mails = await t.database.query<{ to_address: string }>(
      'select to_address from mail_outbox where record_id = $1 order by to_address',
      [sent._id],
    );
    expect(mails.map((mail) => mail.to_address)).toEqual([sent.email, 'desk@coolfix.example'].sort());
  });

  it('a few minutes behind is a clock running slow, and is booked; a time already held is not judged', async () => {
    const sent = await newRequest();
    const slow = minutesFromNow(-2);
    const res = await put(sent._id, { stage: 'scheduled', scheduledAt: slow, notifyCustomer: false });
    expect(res.statusCode, res.body).toBe(200);
    // Days later, the spec's client sends the whole record back, with its visit now past.
    await t.database.query(
      `update contact_messages set scheduled_at = '2020-06-15T05:00:00Z' where id = $1`,
      [sent._id],
    );
    const asRead = await get(sent._id);
    const whole = await put(sent._id, { ...asRead, status: 'read' });
    expect(whole.statusCode, whole.body).toBe(200);
    // Moving it to another past time is still refused.
    const moved = await put(sent._id, { scheduledAt: minutesFromNow(-60) });
    expect(moved.statusCode).toBe(400);
  });
});

describe('digits of any script', () => {
  it('are read as ASCII digits in a phone and a number, and stored so', async () => {
    const urdu = await newRequest({ phone: '۰۳۰۰ ۱۲۳۴۵۶۷' });
    const arabic = await newRequest({ phone: '٠٣٠٠-١٢٣٤٥٦٧' });
    for (const { _id } of [urdu, arabic]) expect((await get(_id)).phone).toBe('03001234567');
    const rows = await t.database.query<{ phone: string }>(
      'select phone from contact_messages where id = any($1::uuid[])',
      [[urdu._id, arabic._id]],
    );
    expect(rows.map((row) => row.phone)).toEqual(['03001234567', '03001234567']);
    await t.saveSettings({ foundedYear: '۲۰۱۰', jobsCompleted: '١٢٠٠' }, staff);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settings).toMatchObject({ foundedYear: 2010, jobsCompleted: 1200 });
  });
});

describe('a reply on WhatsApp', () => {
  /** A request whose customer gave only a phone (the e-mail column left empty). */
  // Filed with a phone alone, as a customer may (decision 096).
  const phoneOnlyRequest = () => newRequest({ email: undefined });
  const whatsapp = (id: string, payload: unknown, headers: Record<string, string> = staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/contactus/${id}/whatsapp-reply`,
      headers,
      payload: payload as object,
    });

  it('is kept in the history with its words and who sent it, a first response; nothing is mailed', async () => {
    const { _id } = await phoneOnlyRequest();
    const res = await whatsapp(_id, { text: ' We come at 4 pm. ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'reply',
      channel: 'whatsapp',
      by: 'Site Admin',
      text: 'We come at 4 pm.',
    });
    const after = await get(_id);
    expect(after.history).toEqual([res.json()]);
    expect(after.firstResponseAt).toEqual(expect.any(String));
    const mails = await t.database.query<{ to_address: string }>(
      'select to_address from mail_outbox where record_id = $1',
      [_id],
    );
    expect(mails.map((mail) => mail.to_address)).toEqual(['desk@coolfix.example']);
  });

  it('refuses empty words, an unknown request and anyone not signed in', async () => {
    const { _id } = await phoneOnlyRequest();
    expect((await whatsapp(_id, { text: ' ' })).json().fields.text).toBe('Reply is required.');
    expect((await whatsapp('00000000-0000-4000-8000-000000000000', { text: 'Hi' })).statusCode).toBe(404);
    expect((await whatsapp(_id, { text: 'Hi' }, {})).statusCode).toBe(401);
    expect((await get(_id)).history).toEqual([]);
  });
});

describe('a change and its audit row', () => {
  it('are one transaction: when the audit row cannot be written, no note, history, stamp or mail is kept', async () => {
    const { _id } = await newRequest();
    await t.database.exec(
      `alter table audit_log add constraint audit_refused_desk check (resource <> 'contactus' or action <> 'update') not valid`,
    );
    try {
      expect((await note(_id, { text: 'Lost note' })).statusCode).toBe(500);
      expect((await put(_id, { stage: 'done' })).statusCode).toBe(500);
      expect((await reply(_id, { text: 'Lost reply' })).statusCode).toBe(500);
    } finally {
      await t.database.exec('alter table audit_log drop constraint audit_refused_desk');
    }
    const after = await get(_id);
    expect(after).toMatchObject({ stage: 'new', firstResponseAt: null, notes: [], history: [] });
    // Only the office's notice of the new request and the customer's confirmation of it; nothing
    // of the refused work.
    const mails = await t.database.query<{ to_address: string; subject: string }>(
      'select to_address, subject from mail_outbox where record_id = $1 order by to_address',
      [_id],
    );
    expect(mails.map((mail) => `${mail.to_address} ${mail.subject.split(' ')[0]}`)).toEqual([
      expect.stringMatching(/^customer\d+@example\.com We$/),
      'desk@coolfix.example New',
    ]);
  });
});

describe('a site without mail', () => {
  it('answers a reply 409 with a clear message and stores nothing', async () => {
    const bare = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
    const admin = await bare.signIn();
    const { _id } = await bare.create('contactus', {
      name: 'Nomail',
      email: 'nomail@example.com',
      phone: '03001234567',
      message: 'Hello',
    });
    const res = await bare.app.inject({
      method: 'POST',
      url: `/api/contactus/${_id}/reply`,
      headers: admin,
      payload: { text: 'Hello back' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MAIL_NOT_SET_UP);
    const rows = await bare.database.query('select 1 from contact_activity');
    expect(rows).toHaveLength(0);
    // A stage change is still recorded, with nobody told.
    await bare.app.inject({
      method: 'PUT',
      url: `/api/contactus/${_id}`,
      headers: admin,
      payload: { stage: 'done' },
    });
    const { history } = (
      await bare.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: admin })
    ).json();
    expect(history).toMatchObject([{ to: 'done', notified: false }]);
  });
});
