import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

const t = await createTestApp();
let auth: { authorization: string };
beforeAll(async () => {
  auth = await t.signIn();
});

async function newService(title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/service',
    headers: auth,
    payload: { title, description: 'Text.', serviceName: 'paint' },
  });
  return res.json() as { _id: string; version: number; title: string };
}

const stored = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/service/${id}` })).json() as {
    title: string;
    description: string;
    version: number;
  };

describe('two people editing the same record', () => {
  it('a stale version in the body answers 409 with the current record and overwrites nothing', async () => {
    const record = await newService('Wall painting');
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: auth,
      payload: { title: 'Interior painting', version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: auth,
      payload: { title: 'Exterior painting', description: 'Changed too.', version: 1 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/changed by someone else/);
    expect(second.json().current).toMatchObject({ _id: record._id, title: 'Interior painting', version: 2 });
    expect(await stored(record._id)).toMatchObject({
      title: 'Interior painting',
      description: 'Text.',
      version: 2,
    });
  });

  it('a stale If-Match header answers 409 the same way; a current one is accepted', async () => {
    const record = await newService('Roof painting');
    for (const ifMatch of ['"1"', 'W/"2"']) {
      const ok = await t.app.inject({
        method: 'PUT',
        url: `/api/service/${record._id}`,
        headers: { ...auth, 'if-match': ifMatch },
        payload: { title: `Roof painting ${ifMatch}` },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: { ...auth, 'if-match': '2' },
      payload: { title: 'Lost edit' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.version).toBe(3);
    expect((await stored(record._id)).title).toBe('Roof painting W/"2"');
  });

  it('an If-Match that is not a version (a read’s ETag) is refused with 412, never ignored', async () => {
    const record = await newService('Door painting');
    const read = await t.app.inject({ method: 'GET', url: `/api/service/${record._id}`, headers: auth });
    for (const ifMatch of [String(read.headers.etag), '"abc"', 'W/"1"x']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/service/${record._id}`,
        headers: { ...auth, 'if-match': ifMatch },
        payload: { title: 'Door painting, blind edit' },
      });
      expect(res.statusCode, ifMatch).toBe(412);
      expect(res.json().error).toContain('If-Match takes the version');
    }
    expect((await stored(record._id)).title).toBe('Door painting');
    // `*` asks only that the record exists.
    const any = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: { ...auth, 'if-match': '*' },
      payload: { title: 'Door painting, any version' },
    });
    expect(any.statusCode).toBe(200);
  });

  it('the body version wins over If-Match when both are sent', async () => {
    const record = await newService('Gate painting');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: { ...auth, 'if-match': '"7"' },
      payload: { title: 'Gate painting, two coats', version: 1 },
    });
    expect(res.statusCode).toBe(200);
  });

  it('without any version the last write wins (scripts and bulk tools); the admin screens always send one', async () => {
    const record = await newService('Fence painting');
    await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: auth,
      payload: { title: 'A' },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: auth,
      payload: { title: 'B' },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(record._id)).toMatchObject({ title: 'B', version: 3 });
  });

  it('an edit of a record someone deleted meanwhile answers 404 and does not bring it back', async () => {
    const record = await newService('Door painting');
    await t.app.inject({ method: 'DELETE', url: `/api/service/${record._id}`, headers: auth });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/service/${record._id}`,
      headers: auth,
      payload: { title: 'Door painting again', version: 1 },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/service/${record._id}` })).statusCode).toBe(404);
  });
});
