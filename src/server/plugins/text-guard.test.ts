import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, testEnv } from '../test/helpers';
import { BAD_TEXT_ERROR, BAD_TEXT_FIELD } from './text-guard';

const t = await createTestApp();
let staff: { authorization: string };
beforeAll(async () => {
  staff = await t.signIn();
});

/** Rows in every table a request could write to. */
async function counts() {
  const [row] = await t.database.query<Record<string, string>>(
    `select (select count(*) from services) as services, (select count(*) from subscribers) as subscribers,
            (select count(*) from contact_messages) as messages, (select count(*) from users) as users`,
  );
  return row;
}

const contact = (values: Record<string, string>) => ({
  name: 'Amina',
  email: 'amina@example.com',
  phone: '03001234567',
  message: 'Hello',
  ...values,
});

describe('text no database can store', () => {
  const requests: [string, InjectOptions, string][] = [
    ['a NUL in the search', { method: 'GET', url: '/api/service?q=%00' }, 'q'],
    ['a NUL as a record id', { method: 'GET', url: '/api/service/%00' }, 'id'],
    ['a NUL in an id of a staff route', { method: 'DELETE', url: '/api/contactus/a%00' }, 'id'],
    [
      'a NUL in a subscriber e-mail',
      { method: 'POST', url: '/api/subscribers', payload: { email: 'a\u0000@example.com' } },
      'email',
    ],
    [
      'a NUL in a contact name',
      { method: 'POST', url: '/api/contactus', payload: contact({ name: 'Ami\u0000na' }) },
      'name',
    ],
    [
      'a lone surrogate in a message',
      { method: 'POST', url: '/api/contactus', payload: contact({ message: 'Hi \ud800' }) },
      'message',
    ],
    [
      'a NUL in a sign-up username',
      {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'N', username: 'ad\u0000min', password: 'correct horse battery' },
      },
      'username',
    ],
    [
      'a NUL in a login username',
      { method: 'POST', url: '/api/auth/login', payload: { username: 'ad\u0000min', password: 'x' } },
      'username',
    ],
    [
      'a NUL in a key',
      { method: 'POST', url: '/api/contactus', payload: { ...contact({}), 'x\u0000': 1 } },
      '_',
    ],
    [
      'a NUL deep in a list',
      {
        method: 'POST',
        url: '/api/service',
        payload: { title: 'T', description: 'D', serviceName: 'cctv', images: ['/media/a\u0000.webp'] },
      },
      'images',
    ],
    [
      'a NUL in a service title',
      {
        method: 'POST',
        url: '/api/service',
        payload: { title: 'T\u0000', description: 'D', serviceName: 'cctv' },
      },
      'title',
    ],
    [
      'a lone surrogate in a settings value',
      { method: 'PUT', url: '/api/settings', payload: { companyName: '\udc00' } },
      'companyName',
    ],
  ];

  it.each(requests)('%s answers 400 naming the field, and nothing is stored', async (_, request, field) => {
    const before = await counts();
    const res = await t.app.inject({ ...request, headers: staff });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: BAD_TEXT_ERROR, fields: { [field]: BAD_TEXT_FIELD } });
    expect(await counts()).toEqual(before);
  });

  it('lets well-formed text through, emoji and all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: contact({ name: 'Amina 😀', message: 'Привет\nسلام' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

const site = await createTestApp({ ssr: true });

describe('pages', () => {
  it.each(['/services/%00', '/services/a%00b?x=1', '/department?d=%00', '/services?category=%ED%A0%80%00'])(
    'GET %s answers a 400 page',
    async (url) => {
      const res = await site.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This address cannot be opened');
    },
  );

  it('refuses a NUL in the no-JavaScript contact form, storing nothing', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ami%00na&email=amina%40example.com&phone=03001234567&message=Hi',
    });
    expect(res.statusCode).toBe(400);
    const [row] = await site.database.query<{ n: string }>('select count(*) as n from contact_messages');
    expect(Number(row!.n)).toBe(0);
  });
});

const lines: string[] = [];
const { database, drop } = await createTestDatabase();
const app = await buildApp({
  env: testEnv({ LOG_LEVEL: 'error' }),
  database,
  ssr: false,
  logStream: { write: (line) => lines.push(line) },
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('the no-JavaScript contact form', () => {
  it('refuses a 60,000-character hostile e-mail in well under a second', async () => {
    const email = `a@${'.'.repeat(60_000)}@`;
    const started = performance.now();
    const res = await site.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Amina', email, phone: '03001234567', message: 'Hi' }).toString(),
      remoteAddress: '10.7.0.1',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Email must be at most 254 characters.');
  });
});

describe('a file upload', () => {
  it('refuses a NUL in a form field sent with the image', async () => {
    const boundary = 'text-guard-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="caption"',
      '',
      'Front\u0000door',
      `--${boundary}`,
      'Content-Disposition: form-data; name="image"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'not really a picture',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BAD_TEXT_ERROR, fields: { _: BAD_TEXT_FIELD } });
  });
});

describe('a logged server error', () => {
  it('names the route and the database code, never the values sent', async () => {
    // A constraint the code does not know about: the database refuses the row and quotes it back.
    await database.query(
      `alter table contact_messages add constraint log_probe check (position('canary' in name) = 0)`,
    );
    const secret = { name: 'canary Zx81q', email: 'canary.k7@example.com', message: 'canary body 55k' };
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactus?ref=canary-query',
      payload: contact(secret),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    const logged = lines.join('');
    expect(logged).toContain('"route":"/api/contactus"');
    expect(logged).toContain('"code":"23514"');
    expect(logged).toContain('"constraint":"log_probe"');
    for (const value of [...Object.values(secret), 'Zx81q', 'k7@example', '55k', 'canary-query'])
      expect(logged).not.toContain(value);
  });
});
