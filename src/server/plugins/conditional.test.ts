import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { clientHasTag, entityTag } from './conditional';

const t = await createTestApp();
let auth: { authorization: string; userId: string };
let serviceId: string;
let messageId: string;

const service = {
  title: 'Cold room repair',
  description: 'We fix cold rooms.',
  serviceName: 'refrigerator',
  icon: '',
  images: [],
};

beforeAll(async () => {
  auth = await t.signIn();
  serviceId = (await t.create('service', service, auth))._id;
  messageId = (
    await t.create('contactus', {
      name: 'Visitor',
      email: 'visitor@example.com',
      phone: '03001234567',
      message: 'My fridge is not cooling',
    })
  )._id;
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

async function edit(url: string, changes: Record<string, unknown>) {
  const current = (await get(url, auth)).json();
  const res = await t.app.inject({ method: 'PUT', url, headers: auth, payload: { ...current, ...changes } });
  expect(res.statusCode).toBe(200);
}

describe('If-None-Match matching (RFC 9110 §13.1.2)', () => {
  const tag = 'W/"abc"';
  it('compares weakly, with or without W/ on either side', () => {
    expect(clientHasTag('W/"abc"', tag)).toBe(true);
    expect(clientHasTag('"abc"', tag)).toBe(true);
    expect(clientHasTag('W/"abc"', '"abc"')).toBe(true);
    expect(clientHasTag('"abcd"', tag)).toBe(false);
    expect(clientHasTag('abc', tag)).toBe(false);
    expect(clientHasTag(undefined, tag)).toBe(false);
    expect(clientHasTag('', tag)).toBe(false);
  });

  it('finds a tag in a list, and * matches any current representation', () => {
    expect(clientHasTag('"x", W/"y" ,W/"abc"', tag)).toBe(true);
    expect(clientHasTag(['"x"', '"abc"'], tag)).toBe(true);
    expect(clientHasTag(' * ', tag)).toBe(true);
    expect(clientHasTag('"x", "y"', tag)).toBe(false);
  });

  it('tags a body by its bytes', () => {
    expect(entityTag('{"a":1}')).toBe(entityTag(Buffer.from('{"a":1}')));
    expect(entityTag('{"a":1}')).not.toBe(entityTag('{"a":2}'));
    expect(entityTag('{}')).toMatch(/^W\/"[\w-]{27}"$/);
  });
});

describe('conditional reads', () => {
  it('tag a public list and answer 304 to a visitor who has it, with no body', async () => {
    const first = await get('/api/service');
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toBe(entityTag(first.body));
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);
    expect(String(first.headers.vary)).toMatch(/cookie/i);

    const again = await get('/api/service', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');

    // A replay from the response cache keeps the same tag and answers 304 the same way.
    await t.app.responseCacheSettled();
    const replayed = await get('/api/service', { 'if-none-match': `"nope", ${tag}` });
    expect(replayed.headers['x-cache']).toBe('hit');
    expect(replayed.statusCode).toBe(304);
    expect(replayed.headers['content-type']).toBeUndefined();
    const hit = await get('/api/service', { 'accept-encoding': 'br' });
    expect(hit.headers.etag).toBe(tag);
    expect(String(hit.headers.vary)).toMatch(/accept-encoding.*authorization.*cookie/i);
  });

  it('tag a record for staff, keep it out of every cache, and change the tag when the record changes', async () => {
    const url = `/api/service/${serviceId}`;
    const first = await get(url, auth);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const tag = String(first.headers.etag);
    const notModified = await get(url, { ...auth, 'if-none-match': tag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['cache-control']).toBe('no-store');
    expect(notModified.body).toBe('');

    await edit(url, { title: 'Walk-in freezer repair' });
    const changed = await get(url, { ...auth, 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('Walk-in freezer repair');
    expect(changed.headers.etag).not.toBe(tag);
    // A visitor holding the tag of the old version gets the new one too.
    const visitor = await get(url, { 'if-none-match': tag });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().title).toBe('Walk-in freezer repair');
  });

  it('tag a staff-only list for a bearer and a cookie session alike', async () => {
    const first = await get('/api/contactus', auth);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const tag = String(first.headers.etag);
    expect((await get('/api/contactus', { ...auth, 'if-none-match': tag })).statusCode).toBe(304);

    const cookie = `session=${auth.authorization.slice('Bearer '.length)}`;
    const byCookie = await get('/api/contactus', { cookie, 'if-none-match': tag });
    expect(byCookie.statusCode).toBe(304);
    expect(byCookie.headers['cache-control']).toBe('no-store');
    // Without a session the tag opens nothing.
    expect((await get('/api/contactus', { 'if-none-match': tag })).statusCode).toBe(401);

    await edit(`/api/contactus/${messageId}`, { status: 'read' });
    const changed = await get('/api/contactus', { ...auth, 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data[0].status).toBe('read');
  });

  it('match weak and strong forms of the tag, lists and *; anything else gets the body', async () => {
    const tag = String((await get('/api/contactus', auth)).headers.etag);
    const status = async (ifNoneMatch: string) =>
      (await get('/api/contactus', { ...auth, 'if-none-match': ifNoneMatch })).statusCode;
    expect(tag.startsWith('W/"')).toBe(true);
    expect(await status(tag.slice(2))).toBe(304);
    expect(await status(`"other", W/"more", ${tag}`)).toBe(304);
    expect(await status('*')).toBe(304);
    expect(await status('W/"other"')).toBe(200);
    expect(await status(tag.slice(2, -2))).toBe(200);
  });

  it('answer HEAD like GET: the same tag, and 304 with no body', async () => {
    const got = await get('/api/contactus', auth);
    const head = await get('/api/contactus', auth, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(got.headers.etag);
    const notModified = await get(
      '/api/contactus',
      { ...auth, 'if-none-match': String(got.headers.etag) },
      'HEAD',
    );
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('never let one caller’s tag bring another caller a body it was not sent', async () => {
    // Staff see the settings' private fields; a visitor does not, so the two bodies differ.
    const staff = await get('/api/settings', auth);
    const visitor = await get('/api/settings');
    expect(staff.json()).toHaveProperty('notifyEmail');
    expect(visitor.json()).not.toHaveProperty('notifyEmail');
    expect(staff.headers.etag).not.toBe(visitor.headers.etag);

    const visitorWithStaffTag = await get('/api/settings', { 'if-none-match': String(staff.headers.etag) });
    expect(visitorWithStaffTag.statusCode).toBe(200);
    expect(visitorWithStaffTag.json()).not.toHaveProperty('notifyEmail');
    const staffWithVisitorTag = await get('/api/settings', {
      ...auth,
      'if-none-match': String(visitor.headers.etag),
    });
    expect(staffWithVisitorTag.statusCode).toBe(200);
    expect(staffWithVisitorTag.json()).toHaveProperty('notifyEmail');
  });

  it('fill the response cache even when the first visitor after a change revalidates', async () => {
    await edit(`/api/service/${serviceId}`, { title: 'Cold room repair, 24/7' });
    // A technician reads services as visitors do (only their editors read drafts): that body's tag
    // is the one a visitor would hold, got without filling the cache.
    const technician = await t.signIn('technician');
    const tag = String((await get('/api/service', { authorization: technician.authorization })).headers.etag);
    const revalidated = await get('/api/service', { 'if-none-match': tag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['x-cache']).toBeUndefined();
    await t.app.responseCacheSettled();
    const replayed = await get('/api/service', { 'if-none-match': tag });
    expect(replayed.headers['x-cache']).toBe('hit');
    expect(replayed.statusCode).toBe(304);
  });

  it('leave downloads alone: the CSV export has no tag and is never answered 304', async () => {
    const csv = await get('/api/contactus/export.csv', { ...auth, 'if-none-match': '*' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers.etag).toBeUndefined();
    expect(csv.body).toContain('Visitor');
  });

  it('tag every JSON read an admin can make (streams excepted), so a new route is covered too', async () => {
    // One known record per type gives the `:id` routes something to answer 200 with.
    const ids: Record<string, string> = { service: serviceId, contactus: messageId, users: auth.userId };
    const routes = t.app.routeRules.filter((rule) => rule.method === 'GET' && !rule.stream);
    const tagged: string[] = [];
    for (const rule of routes) {
      const type = rule.url.split('/')[2] ?? '';
      const url = rule.url
        .replace(/\*$/, 'index.css')
        .replace(':id', ids[type] ?? '00000000-0000-4000-8000-000000000000')
        .replace(/:\w+/g, '1');
      const res = await get(url, auth);
      if (res.statusCode !== 200 || !/json/.test(String(res.headers['content-type']))) continue;
      expect(res.headers.etag, `GET ${rule.url}`).toBe(entityTag(res.rawPayload));
      const again = await get(url, { ...auth, 'if-none-match': String(res.headers.etag) });
      // A few answers change on every read (a session's last-seen time, a fresh key): the tag is then new.
      if (again.statusCode === 200) expect(again.headers.etag, `GET ${rule.url}`).not.toBe(res.headers.etag);
      else expect(again.statusCode, `GET ${rule.url}`).toBe(304);
      tagged.push(rule.url);
    }
    expect(tagged).toEqual(
      expect.arrayContaining([
        '/api/settings',
        '/api/service',
        '/api/service/:id',
        '/api/contactus',
        '/api/contactus/:id',
        '/api/users',
        '/api/users/:id/sessions',
        '/api/current-user',
      ]),
    );
    expect(tagged.length).toBeGreaterThan(20);
  });
});
