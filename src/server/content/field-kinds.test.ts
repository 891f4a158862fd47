import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

const t = await createTestApp();
let auth: { authorization: string };
beforeAll(async () => {
  auth = await t.signIn();
});

const MISSING_ID = '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90';

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: auth, payload });
}

async function createService(title: string, extra: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/service', {
    title,
    description: `${title}, done properly.`,
    serviceName: 'electric',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { _id: string; version: number };
}

describe('a service that answers questions', () => {
  it('stores its price, duration, steps, FAQs and related services, and reads them back', async () => {
    const wiring = await createService('House wiring');
    const answers = {
      price: 'Call-out from Rs 2,500',
      duration: '2–4 hours',
      steps: [
        { title: 'You call or send a request', description: 'We call back within the hour.' },
        { title: 'We inspect and quote', description: '' },
      ],
      faqs: [{ question: 'Do you bring the parts?', answer: 'Yes, common parts are in the van.' }],
      related: [{ service: wiring._id.toUpperCase() }],
    };
    const created = await createService('Fan installation', answers);
    const expected = { ...answers, related: [{ service: wiring._id }] };
    expect(created).toMatchObject(expected);
    const read = await t.app.inject({ method: 'GET', url: `/api/service/${created._id}` });
    expect(read.json()).toMatchObject(expected);
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/service' });
    expect(bySlug.json().find((s: { _id: string }) => s._id === created._id)).toMatchObject(expected);
  });

  it('refuses a related service that is missing, trashed or not an id, naming the row', async () => {
    const gone = await createService('Old offer');
    expect((await send('DELETE', `/api/service/${gone._id}`)).statusCode).toBe(200);
    const live = await createService('Lights');
    for (const service of [MISSING_ID, gone._id, 'lights', 'x'.repeat(5000)]) {
      const response = await send('POST', '/api/service', {
        title: 'Sockets',
        description: 'New sockets.',
        serviceName: 'electric',
        related: [{ service: live._id }, { service }],
      });
      expect(response.statusCode, service).toBe(400);
      expect(response.json().fields).toEqual({
        related: 'Related services, row 2: Choose a service from the list.',
      });
    }
  });

  it('refuses a service among its own related services, and keeps it unchanged', async () => {
    const other = await createService('Switchboards');
    const service = await createService('Earthing');
    const response = await send('PUT', `/api/service/${service._id}`, {
      version: service.version,
      related: [{ service: other._id }, { service: service._id.toUpperCase() }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({
      related: 'Related services, row 2: Choose a service other than this one.',
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/service/${service._id}` });
    expect(read.json()).toMatchObject({ version: service.version, related: [] });
  });

  it('refuses a bad FAQ row with its row and sub-field in the message, and stores nothing', async () => {
    const response = await send('POST', '/api/service', {
      title: 'Geysers',
      description: 'Geyser repair.',
      serviceName: 'electric',
      faqs: [
        { question: 'Gas or electric?', answer: 'Both.' },
        { question: '', answer: 'Nobody asked.' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.any(String),
      fields: { faqs: 'FAQs, row 2: Question is required.' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/service?q=Geysers' });
    expect(list.json()).toEqual([]);
  });

  it('refuses more rows than a list holds', async () => {
    const faqs = Array.from({ length: 5000 }, (_, n) => ({ question: `Q${n}`, answer: 'A' }));
    const response = await send('POST', '/api/service', {
      title: 'Many questions',
      description: 'd',
      serviceName: 'electric',
      faqs,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ faqs: 'FAQs: at most 20 rows.' });
  });

  it('still saves a service whose related service was trashed after it was chosen', async () => {
    const later = await createService('Seasonal check');
    const service = await createService('Inverter fitting', { related: [{ service: later._id }] });
    expect((await send('DELETE', `/api/service/${later._id}`)).statusCode).toBe(200);
    const response = await send('PUT', `/api/service/${service._id}`, {
      price: 'From Rs 4,000',
      related: [{ service: later._id }],
      version: service.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ price: 'From Rs 4,000', related: [{ service: later._id }] });
  });
});

describe("a testimonial's service", () => {
  const testimonial = (service: unknown) =>
    send('POST', '/api/testimonial', {
      name: 'Ayesha K.',
      position: 'Home owner',
      text: 'Quick and tidy.',
      service,
    });

  it('is stored by id, read back, and may be left empty', async () => {
    const ac = await createService('AC servicing');
    const created = await testimonial(ac._id);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().service).toBe(ac._id);
    const read = await t.app.inject({ method: 'GET', url: `/api/testimonial/${created.json()._id}` });
    expect(read.json().service).toBe(ac._id);
    const none = await testimonial('');
    expect(none.statusCode).toBe(201);
    expect(none.json().service).toBeNull();
    const cleared = await send('PUT', `/api/testimonial/${created.json()._id}`, { service: null });
    expect(cleared.json().service).toBeNull();
  });

  it('must name a live service: a missing, trashed or malformed one is a 400', async () => {
    const gone = await createService('Retired service');
    expect((await send('DELETE', `/api/service/${gone._id}`)).statusCode).toBe(200);
    for (const service of [MISSING_ID, gone._id, 'ac-servicing', 12]) {
      const response = await testimonial(service);
      expect(response.statusCode, String(service)).toBe(400);
      expect(response.json().fields).toEqual({ service: 'Choose a service from the list.' });
    }
  });
});
