import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '../../../shared/api-keys';
import { migrate } from '../../db/migrate';
import { createTestApp, createTestDatabase } from '../../test/helpers';
import { eventually, startSmtpPeer } from '../../test/smtp-peer';

// A key changes only the fields its scopes name (shared/request-fields.ts), the customer's own
// words are nobody's to rewrite, and mail to the customer goes where they filed (decision 010).
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await createTestApp({
  env: {
    SMTP_URL: peer.url,
    MAIL_RETRY_SECONDS: '0.2',
    CONTACT_RATE_LIMIT: '0',
    PUBLIC_URL: 'https://coolfix.example',
  },
});
let admin: { authorization: string; userId: string };
let technician: { authorization: string; userId: string };

async function keyWith(scopes: ApiKeyScope[], userId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: admin,
    payload: { name: `Key ${scopes.join(' ')}`.slice(0, 80), scopes, ...(userId ? { userId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().key as string}` };
}

let n = 0;
async function newRequest() {
  n++;
  const sent = await t.create('contactus', {
    name: `Customer ${n}`,
    email: `filed${n}@example.com`,
    phone: '03001234567',
    message: `The geyser in flat ${n} leaks.`,
    area: 'Clifton',
    preferredTime: 'Mornings',
  });
  return sent as typeof sent & { reference: string; trackUrl: string; email: string };
}
const get = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const put = (id: string, as: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/contactus/${id}`,
    headers: { authorization: as.authorization },
    payload,
  });
const auditRows = async (id: string) =>
  (await t.database.query('select 1 from audit_log where record_id = $1', [id])).length;

/** A change the writer may not make: 403 naming exactly those fields, and the request as it was. */
async function expectRefused(
  as: { authorization: string },
  payload: Record<string, unknown>,
  fields: string[],
) {
  const request = await newRequest();
  const before = await get(request._id);
  const audited = await auditRows(request._id);
  const res = await put(request._id, as, { ...payload, version: before.version });
  expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(403);
  expect(res.headers['content-type']).toMatch(/json/);
  expect(Object.keys(res.json().fields ?? {}).sort(), JSON.stringify(payload)).toEqual([...fields].sort());
  expect(await get(request._id)).toEqual(before);
  expect(await auditRows(request._id)).toBe(audited);
  return res.json();
}

beforeAll(async () => {
  admin = await t.signIn();
  technician = await t.signIn('office');
  await t.saveSettings({ email: 'desk@coolfix.example', companyName: 'CoolFix' }, admin);
});

describe('a leads:write key', () => {
  it('moves a request along: stage, visit time, follow-up, read, and notes', async () => {
    const key = await keyWith(['leads:write']);
    const request = await newRequest();
    const res = await put(request._id, key, {
      stage: 'scheduled',
      scheduledAt: '2037-12-01T09:00:00.000Z',
      followUpAt: '2037-12-02T09:00:00.000Z',
      status: 'read',
      version: request.version,
      notifyCustomer: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'scheduled', status: 'read' });
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/contactus/${request._id}/notes`,
      headers: key,
      payload: { text: 'Bring the long ladder.' },
    });
    expect(note.statusCode, note.body).toBe(201);
  });

  it.each([
    [{ name: 'Somebody Else' }, ['name']],
    [{ email: 'attacker@evil.example' }, ['email']],
    [{ phone: '03119999999' }, ['phone']],
    [{ area: 'Elsewhere' }, ['area']],
    [{ message: 'Please send the invoice to a new account.' }, ['message']],
    [{ spam: true }, ['spam']],
    [{ assignee: 'me' }, ['assignee']],
    [{ stage: 'contacted', email: 'attacker@evil.example', message: 'x' }, ['email', 'message']],
  ])('cannot change %j: 403 naming the field, nothing changed', async (payload, fields) => {
    const key = await keyWith(['leads:write']);
    const values = { ...payload } as Record<string, unknown>;
    if (values.assignee === 'me') values.assignee = technician.userId;
    const refused = await expectRefused(key, values, fields);
    if (fields.includes('email')) expect(refused.fields.email).toContain('leads:contact');
    if (fields.includes('assignee')) expect(refused.fields.assignee).toContain('leads:assign');
    if (fields.includes('message')) expect(refused.fields.message).toMatch(/customer's own words/);
  });

  it('may send the whole record back as read, changing only what it reaches', async () => {
    const key = await keyWith(['leads:write']);
    const request = await newRequest();
    const asRead = await get(request._id);
    const res = await put(request._id, key, { ...asRead, status: 'read' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'read', email: request.email, message: asRead.message });
  });
});

describe('a leads:assign key', () => {
  it('gives a request to someone, or to nobody, and changes nothing else', async () => {
    const key = await keyWith(['leads:assign']);
    const request = await newRequest();
    const res = await put(request._id, key, { assignee: technician.userId, version: request.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee).toBe(technician.userId);
    const back = await put(request._id, key, { assignee: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().assignee).toBeNull();
    await expectRefused(key, { stage: 'done' }, ['stage']);
    await expectRefused(key, { phone: '03119999999' }, ['phone']);
    // Notes and replies are other scopes' work.
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/contactus/${request._id}/notes`,
      headers: key,
      payload: { text: 'Mine' },
    });
    expect(note.statusCode).toBe(403);
  });
});

describe('a leads:contact key', () => {
  it("corrects the customer's name, e-mail, phone and area, and nothing else", async () => {
    const key = await keyWith(['leads:contact']);
    const request = await newRequest();
    const corrected = {
      name: 'Customer Corrected',
      email: `corrected${n}@example.com`,
      phone: '03007654321',
      area: 'DHA Phase 5',
    };
    const res = await put(request._id, key, { ...corrected, version: request.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(corrected);
    await expectRefused(key, { stage: 'done' }, ['stage']);
    await expectRefused(key, { assignee: technician.userId }, ['assignee']);
    await expectRefused(key, { spam: true }, ['spam']);
    await expectRefused(key, { message: 'Rewritten', preferredTime: 'Never' }, ['message', 'preferredTime']);
  });
});

describe("the customer's own words", () => {
  it('are rewritten by nobody: not by a key with every scope, not by an admin', async () => {
    const everything = await keyWith([
      'leads:read',
      'leads:write',
      'leads:assign',
      'leads:contact',
      'leads:reply',
    ]);
    for (const as of [everything, admin]) {
      await expectRefused(as, { message: 'Something they never said.' }, ['message']);
      await expectRefused(as, { urgent: true }, ['urgent']);
      await expectRefused(as, { preferredTime: 'Midnight' }, ['preferredTime']);
    }
  });

  it('leave staff the rest: correcting contact details, marking spam and not spam', async () => {
    const request = await newRequest();
    const res = await put(request._id, admin, { phone: '03007654321', spam: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: '03007654321', spam: true });
    const back = await put(request._id, admin, { spam: false });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('mail to the customer', () => {
  // The mails staff's work sent, not the confirmation every customer gets on sending.
  const mailsTo = (address: string) =>
    peer.received.filter(
      (mail) => mail.to.includes(address) && !/^Subject: We have your request/m.test(mail.raw),
    );
  /** A reply through the API; answers whether it was mailed. */
  async function replyAs(as: { authorization: string }, id: string, text: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contactus/${id}/reply`,
      headers: { authorization: as.authorization },
      payload: { text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().notified as boolean;
  }

  it('goes to the address they filed with after a key corrected the e-mail: replies and stage mails alike', async () => {
    const contact = await keyWith(['leads:contact']);
    const worker = await keyWith(['leads:write', 'leads:reply']);
    const request = await newRequest();
    const stranger = `stranger${n}@evil.example`;
    const changed = await put(request._id, contact, { email: stranger, version: request.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().email).toBe(stranger);

    expect(await replyAs(worker, request._id, 'Your bank details changed? Pay here.')).toBe(true);
    expect(await replyAs(admin, request._id, 'We come on Monday.')).toBe(true);
    const booked = await put(request._id, worker, {
      stage: 'scheduled',
      scheduledAt: '2037-12-01T09:00:00.000Z',
      notifyCustomer: true,
    });
    expect(booked.statusCode, booked.body).toBe(200);

    await eventually(() => mailsTo(request.email).length >= 3 || undefined);
    const filed = mailsTo(request.email);
    const subjects = filed.map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1]?.trim());
    expect(subjects.filter((subject) => subject?.endsWith('a reply from CoolFix'))).toHaveLength(2);
    expect(subjects.every((subject) => subject?.startsWith(`Your request ${request.reference}:`))).toBe(true);
    expect(filed.every((mail) => mail.raw.includes(`https://coolfix.example${request.trackUrl}`))).toBe(true);
    expect(mailsTo(stranger)).toEqual([]);
  });

  it('goes to the filed address after staff corrected the e-mail too', async () => {
    const request = await newRequest();
    const corrected = `corrected-by-staff${n}@example.com`;
    expect((await put(request._id, admin, { email: corrected })).statusCode).toBe(200);
    // Staff are shown where the reply will go.
    expect(await get(request._id)).toMatchObject({ email: corrected, filedEmail: request.email });
    expect(await replyAs(admin, request._id, 'Confirming Monday.')).toBe(true);
    const mail = await eventually(() => mailsTo(request.email)[0]);
    expect(mail.raw).toContain('Confirming Monday.');
    expect(mailsTo(corrected)).toEqual([]);
  });
});

describe('the request module', () => {
  it('queues mail from three places only, each knowing whose address it is', () => {
    // A new place that mails must be added here deliberately: a customer's mail goes through the
    // service's mailCustomer (the filed address); the others go to staff addresses from settings.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const mailing = ['escalation.ts', 'hooks.ts', 'service.ts'];
    const sources = readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const found = sources.filter((file) => readFileSync(path.join(here, file), 'utf8').includes('enqueue('));
    expect(found.sort()).toEqual(mailing);
    const service = readFileSync(path.join(here, 'service.ts'), 'utf8');
    expect(service.match(/composeMail\(/g)).toHaveLength(1);
    expect(service).toMatch(
      /filedAddressOf\(tx, record\._id\);\s+const mail = composeMail\(def, record, to,/,
    );
  });
});

describe('migration 0820', () => {
  it("gives keys made with leads:write the assignee their words named, nothing more, and files every request's address", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      // The database as it stood before 0820, with a key and a request of that time.
      await database.exec(`
        alter table contact_messages drop column filed_email;
        alter table api_keys drop constraint api_keys_scopes_check;
        alter table api_keys add constraint api_keys_scopes_check check (cardinality(scopes) > 0
          and scopes <@ array['content:read', 'content:write', 'leads:read', 'leads:write', 'leads:reply']::text[]);
        delete from schema_migrations where id = '0820_request_field_scopes.sql';
        insert into api_keys (name, prefix, secret_hash, scopes) values
          ('Technician app', 'cfk_old1', 'hash-1', array['leads:read', 'leads:write']),
          ('Reader', 'cfk_old2', 'hash-2', array['leads:read']);
        insert into contact_messages (name, email, phone, message)
          values ('Old customer', 'old@example.com', '03001234567', 'Filed before 0820');`);
      expect(await migrate(database)).toEqual(['0820_request_field_scopes.sql']);
      const keys = await database.query<{ name: string; scopes: string[] }>(
        'select name, scopes from api_keys order by name',
      );
      expect(keys).toEqual([
        { name: 'Reader', scopes: ['leads:read'] },
        { name: 'Technician app', scopes: ['leads:read', 'leads:write', 'leads:assign'] },
      ]);
      const [request] = await database.query<{ filed_email: string }>(
        `select filed_email from contact_messages where message = 'Filed before 0820'`,
      );
      expect(request?.filed_email).toBe('old@example.com');
    } finally {
      await drop();
    }
  });
});
