import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

/** Projects: finished jobs, each filed under a service by the service's id. */
const t = await createTestApp();
let auth: { authorization: string };
let cooling: string;
let cctv: string;
let clientId: string;
let testimonialId: string;

const picture = (letter: string) => `/media/${letter.repeat(32)}.webp`;
const project = (title: string, service: string, extra: Record<string, unknown> = {}) => ({
  title,
  service,
  area: 'DHA Phase 5, Lahore',
  completedOn: '2026-03-14',
  before: picture('a'),
  after: picture('b'),
  images: [picture('c')],
  problem: 'The cold room stopped cooling.',
  work: 'We replaced the fan motor and recharged the system.',
  result: 'Back at 2 °C in three hours.',
  ...extra,
});

beforeAll(async () => {
  auth = await t.signIn();
  const create = async (type: string, payload: Record<string, unknown>) =>
    (await t.create(type, payload, auth))._id;
  cooling = await create('service', {
    title: 'Cold Rooms',
    description: 'Cold rooms.',
    serviceName: 'refrigerator',
  });
  cctv = await create('service', { title: 'CCTV', description: 'Cameras.', serviceName: 'cctv' });
  clientId = await create('client', { name: 'Gourmet Foods', phone: '03001234567', address: 'Lahore' });
  testimonialId = await create('testimonial', {
    name: 'Sara Khan',
    position: 'Owner',
    text: 'Saved our stock.',
  });
});

describe('/api/project', () => {
  it('creates a project under a service, slugged from its title, with its client and testimonial', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: auth,
      payload: project('Cold room rescue', cooling, { client: clientId, testimonial: testimonialId }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Cold room rescue',
      slug: 'cold-room-rescue',
      service: cooling,
      client: clientId,
      testimonial: testimonialId,
      completedOn: '2026-03-14',
      area: 'DHA Phase 5, Lahore',
    });
  });

  it('is read by anyone, by id or by slug', async () => {
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/project/cold-room-rescue' });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ title: 'Cold room rescue', service: cooling });
    const byId = await t.app.inject({ method: 'GET', url: `/api/project/${bySlug.json()._id}` });
    expect(byId.json().slug).toBe('cold-room-rescue');
    expect((await t.app.inject({ method: 'GET', url: '/api/project/no-such-job' })).statusCode).toBe(404);
  });

  it('lists the latest finished first and filters by service id', async () => {
    await t.create('project', project('Older cold room', cooling, { completedOn: '2026-01-05' }), auth);
    await t.create('project', project('Shop cameras', cctv, { completedOn: '2026-06-01' }), auth);
    const all = await t.app.inject({ method: 'GET', url: '/api/project' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { title: string }) => p.title)).toEqual([
      'Shop cameras',
      'Cold room rescue',
      'Older cold room',
    ]);
    const cameras = await t.app.inject({ method: 'GET', url: `/api/project?service=${cctv}` });
    expect(cameras.json().map((p: { title: string }) => p.title)).toEqual(['Shop cameras']);
    const cold = await t.app.inject({ method: 'GET', url: `/api/project?service=${cooling}` });
    expect(cold.json().map((p: { title: string }) => p.title)).toEqual([
      'Cold room rescue',
      'Older cold room',
    ]);
  });

  it('answers a filter that is not a service id with a 400, never a database error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/project?service=not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses a service id that names no live service, and no service at all, with a 400 naming the field', async () => {
    for (const service of ['00000000-0000-4000-8000-000000000000', 'not-an-id', clientId]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: auth,
        payload: project(`Nowhere ${service}`, service),
      });
      expect(res.statusCode, service).toBe(400);
      expect(res.json().fields).toHaveProperty('service');
    }
    const { service: _, ...without } = project('No service', cooling);
    const res = await t.app.inject({ method: 'POST', url: '/api/project', headers: auth, payload: without });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('service');
  });

  it('refuses a completion day that is not a calendar day', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: auth,
      payload: project('Bad day', cooling, { completedOn: '2026-02-30' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('completedOn');
  });

  it('is written by staff only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      payload: project('Anonymous', cooling),
    });
    expect(res.statusCode).toBe(401);
  });
});
