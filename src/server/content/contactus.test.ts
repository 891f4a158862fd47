import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

// 45 messages from one address: the per-address limit is tested in contact-pipeline.test.ts.
const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
let auth: { authorization: string };

const message = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: '03001234567',
  message: n % 2 ? `My fridge is not cooling (${n})` : `Need a CCTV quote (${n})`,
  ...extra,
});

beforeAll(async () => {
  auth = await t.signIn();
  for (let n = 1; n <= 45; n++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/contactus', payload: message(n) });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});

describe('requests', () => {
  it('are always stored Pending, whatever the visitor sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: message(99, { status: 'read' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('Pending');
  });

  it('cannot be read by visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus' })).statusCode).toBe(401);
  });

  it('list as { data, totalCount }, newest first, 20 a page by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contactus', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(46);
    expect(body.data).toHaveLength(20);
    expect(body.data[0].name).toBe('Visitor 99');
    const page3 = (await t.app.inject({ method: 'GET', url: '/api/contactus?page=3', headers: auth })).json();
    expect(page3.data).toHaveLength(6);
  });

  it('page size is capped at 100 and bad paging is a 400', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contactus?pageSize=101', headers: auth })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contactus?page=0', headers: auth })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contactus?page=abc', headers: auth })).statusCode,
    ).toBe(400);
    const big = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?pageSize=100', headers: auth })
    ).json();
    expect(big.data).toHaveLength(46);
  });

  it('search with q, including characters LIKE treats specially', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?q=cctv&pageSize=100', headers: auth })
    ).json();
    expect(res.totalCount).toBe(22);
    const percent = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?q=%25', headers: auth })
    ).json();
    expect(percent.totalCount).toBe(0);
  });

  it('are marked read by PUT with the whole message, and filtered by status', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/contactus', headers: auth })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${first._id}`,
      headers: auth,
      payload: { ...first, status: 'read' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('read');
    const read = (
      await t.app.inject({ method: 'GET', url: '/api/contactus?status=read', headers: auth })
    ).json();
    expect(read.totalCount).toBe(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/contactus?status=archived', headers: auth });
    expect(bad.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${first._id}`,
      headers: auth,
      payload: { status: 'Done' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('totals follow every new, changed and deleted message at once', async () => {
    const total = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/contactus?${query}`, headers: auth })).json()
        .totalCount as number;
    const before = await total('q=heater');
    const pendingBefore = await total('status=Pending');
    expect(before).toBe(0);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: message(100, { message: 'Water heater sparks when switched on' }),
    });
    expect(sent.statusCode).toBe(201);
    expect(await total('q=heater')).toBe(1);
    expect(await total('status=Pending')).toBe(pendingBefore + 1);
    // Words of different fields are one searchable text: name and message together.
    expect(await total('q=Visitor 100 Water')).toBe(0);
    expect(await total('q=visitor100@example.com 03001234567 water heater')).toBe(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/contactus/${sent.json()._id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await total('q=heater')).toBe(0);
  });
});

describe('the service a message is about', () => {
  let slug = '';
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: auth,
      payload: { title: 'Cold Room Repair', description: 'Walk-in freezers.', serviceName: 'refrigerator' },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    slug = res.json().slug;
  });

  it('is stored with the message and listed to staff', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: message(200, { service: slug }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().service).toBe(slug);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/contactus?q=Visitor%20200',
      headers: auth,
    });
    expect(listed.json().data[0]).toMatchObject({ name: 'Visitor 200', service: slug });
  });

  it('is optional: left out or blank, the message names none', async () => {
    for (const extra of [{}, { service: '' }, { service: '  ' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contactus', payload: message(201, extra) });
      expect(res.statusCode).toBe(201);
      expect(res.json().service).toBeNull();
    }
  });

  it('refuses a service that does not exist with 400 and a field message, never a 500', async () => {
    for (const service of ['no-such-service', 'Not A Slug!', 'x'.repeat(500), 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        payload: message(202, { service }),
      });
      expect(res.statusCode, String(service)).toBe(400);
      expect(res.json().fields).toEqual({ service: 'Choose a service from the list.' });
    }
  });

  it('refuses a trashed service', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: auth,
      payload: { title: 'Retired Service', description: 'No longer offered.', serviceName: 'refrigerator' },
    });
    const { _id, slug: retired } = created.json();
    await t.app.inject({ method: 'DELETE', url: `/api/service/${_id}`, headers: auth });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: message(203, { service: retired }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('goes through the same check on the page form (no JavaScript)', async () => {
    const ok = await t.app.site.submitForm(
      'contactus',
      { ...message(204), service: slug },
      { ip: '203.0.113.9' },
    );
    expect(ok).toMatchObject({ ok: true });
    const refused = await t.app.site.submitForm(
      'contactus',
      { ...message(205), service: 'no-such-service' },
      { ip: '203.0.113.9' },
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fields: { service: 'Choose a service from the list.' },
    });
  });
});
