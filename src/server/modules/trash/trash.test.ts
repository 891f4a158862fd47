import { beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../../shared/content/types';
import { createTestApp } from '../../test/helpers';
import { runMaintenance } from '../maintenance';

const t = await createTestApp({ env: { TRASH_RETENTION_DAYS: '30' } });
let admin: { authorization: string };
/** The office: may delete and restore the public content, not publish it. */
let editor: { authorization: string };
let publisher: { authorization: string };

beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('office');
  publisher = await t.signIn('editor');
});

const service = (title: string) => ({ title, description: 'Cooling repairs.', serviceName: 'refrigerator' });

async function create(url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: admin, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { _id: string; version: number };
}

const trash = async (query = '', headers = editor) =>
  (await t.app.inject({ method: 'GET', url: `/api/trash${query}`, headers })).json() as {
    data: { resource: string; id: string; title: string; deletedAt: string; deletedBy: string | null }[];
    totalCount: number;
  };

describe('the trash', () => {
  it('holds what was deleted, with who deleted it, and public lists no longer show it', async () => {
    const record = await create('/api/service', service('Cold room repair'));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/service/${record._id}`, headers: editor });
    expect(del.statusCode).toBe(200);

    const publicList = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as {
      _id: string;
    }[];
    expect(publicList.map((r) => r._id)).not.toContain(record._id);
    expect((await t.app.inject({ method: 'GET', url: `/api/service/${record._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/service/cold-room-repair' })).statusCode).toBe(
      404,
    );

    const list = await trash();
    const item = list.data.find((entry) => entry.id === record._id);
    expect(item).toMatchObject({ resource: 'service', title: 'Cold room repair' });
    expect(item?.deletedBy).toMatch(/^office/);
    expect(Date.now() - Date.parse(item!.deletedAt)).toBeLessThan(60_000);
  });

  it('lists every content type, newest deletion first, paginated and filterable by type', async () => {
    const ids: string[] = [];
    // A required reference names a live record: one service stays out of the trash for them.
    const kept = await create('/api/service', {
      title: 'Kept service',
      description: 'Referenced by the records below.',
      serviceName: 'cctv',
    });
    for (const def of contentTypes) {
      const title =
        def.fields[def.titleField]?.kind === 'email' ? `gone-${def.name}@example.com` : `Gone ${def.name}`;
      const payload: Record<string, unknown> = { [def.titleField]: title };
      for (const [key, field] of Object.entries(def.fields)) {
        if (key === def.titleField || !field.required || field.input !== 'always') continue;
        payload[key] =
          field.kind === 'phone'
            ? '03001234567'
            : field.kind === 'email'
              ? 'a@example.com'
              : field.kind === 'select'
                ? field.options[0]
                : field.kind === 'images'
                  ? ['/media/x.webp']
                  : field.kind === 'reference' && field.to === 'service'
                    ? kept._id
                    : 'Text';
      }
      const record = await create(`/api/${def.name}`, payload);
      await t.app.inject({ method: 'DELETE', url: `/api/${def.name}/${record._id}`, headers: admin });
      ids.push(record._id);
    }
    const all = await trash('?pageSize=100');
    expect(new Set(all.data.map((item) => item.resource))).toEqual(new Set(contentTypes.map((d) => d.name)));
    // Newest deletion first: the last type deleted leads.
    expect(all.data[0]?.id).toBe(ids.at(-1));
    const page = await trash('?pageSize=3&page=2');
    expect(page.data).toHaveLength(3);
    expect(page.totalCount).toBe(all.totalCount);
    expect(page.data[0]?.id).toBe(all.data[3]?.id);
    const clients = await trash('?resource=client');
    expect(clients.data.every((item) => item.resource === 'client')).toBe(true);
    expect(clients.data.map((item) => item.title)).toContain('Gone client');
    const bad = await t.app.inject({ method: 'GET', url: '/api/trash?resource=nothing', headers: editor });
    expect(bad.statusCode).toBe(400);
  });

  it('restores a record as it was, for someone who may publish it, and it shows in public lists again', async () => {
    const record = await create('/api/service', service('Freezer service'));
    await t.app.inject({ method: 'DELETE', url: `/api/service/${record._id}`, headers: admin });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/trash/service/${record._id}/restore`,
      headers: publisher,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: record._id, title: 'Freezer service', slug: 'freezer-service' });
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as {
      _id: string;
    }[];
    expect(publicList.map((r) => r._id)).toContain(record._id);
    expect((await trash()).data.map((item) => item.id)).not.toContain(record._id);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/trash/service/${record._id}/restore`,
      headers: editor,
    });
    expect(again.statusCode).toBe(404);
    const unknownType = await t.app.inject({
      method: 'POST',
      url: `/api/trash/nothing/${record._id}/restore`,
      headers: editor,
    });
    expect(unknownType.statusCode).toBe(404);
  });

  it('restores a published record off the site for someone who may not publish, for an editor to publish', async () => {
    const record = await create('/api/service', service('Ice machine service'));
    await t.app.inject({ method: 'DELETE', url: `/api/service/${record._id}`, headers: editor });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/trash/service/${record._id}/restore`,
      headers: editor,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: record._id, title: 'Ice machine service', publishedAt: null });
    const seen = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/service' })).json() as { _id: string }[]).map(
        (r) => r._id,
      );
    expect(await seen()).not.toContain(record._id);
    expect((await t.app.inject({ method: 'GET', url: `/api/service/${record._id}` })).statusCode).toBe(404);
    const [entry] = await t.database.query<{ changes: { field: string; after: unknown }[] | string }>(
      "select changes from audit_log where record_id = $1 and action = 'restore'",
      [record._id],
    );
    const changes = typeof entry?.changes === 'string' ? JSON.parse(entry.changes) : entry?.changes;
    expect(changes).toEqual([expect.objectContaining({ field: 'publishedAt', after: null })]);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/service/${record._id}/publish`,
      headers: publisher,
      payload: {},
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await seen()).toContain(record._id);
  });

  it('refuses to restore a subscriber whose address subscribed again meanwhile', async () => {
    const first = await create('/api/subscribers', { email: 'twice@example.com' });
    await t.app.inject({ method: 'DELETE', url: `/api/subscribers/${first._id}`, headers: admin });
    await create('/api/subscribers', { email: 'TWICE@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/trash/subscribers/${first._id}/restore`,
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/email/i);
  });

  it('is emptied for good only by an admin, one record or all', async () => {
    const a = await create('/api/service', service('Purge me'));
    const b = await create('/api/service', service('Purge me too'));
    for (const r of [a, b])
      await t.app.inject({ method: 'DELETE', url: `/api/service/${r._id}`, headers: admin });

    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/service/${a._id}`,
      headers: editor,
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/trash', headers: editor })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/trash' })).statusCode).toBe(401);

    const one = await t.app.inject({ method: 'DELETE', url: `/api/trash/service/${a._id}`, headers: admin });
    expect(one.json()).toEqual({ ok: true, purged: 1 });
    const [row] = await t.database.query<{ n: string }>('select count(*) as n from services where id = $1', [
      a._id,
    ]);
    expect(Number(row?.n)).toBe(0);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/service/${a._id}`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    // A live record is not in the trash: it cannot be purged.
    const live = await create('/api/service', service('Still live'));
    const notTrashed = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/service/${live._id}`,
      headers: admin,
    });
    expect(notTrashed.statusCode).toBe(404);

    const before = (await trash('', admin)).totalCount;
    const all = await t.app.inject({ method: 'DELETE', url: '/api/trash', headers: admin });
    expect(all.json()).toEqual({ ok: true, purged: before });
    expect((await trash('', admin)).totalCount).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/service/${live._id}` })).statusCode).toBe(200);
  });

  it('is purged of records older than the retention period by the maintenance job', async () => {
    const old = await create('/api/client', {
      name: 'Old client',
      phone: '03001234567',
      address: 'Street 1',
    });
    const recent = await create('/api/client', {
      name: 'Recent client',
      phone: '03001234567',
      address: 'Street 2',
    });
    for (const r of [old, recent])
      await t.app.inject({ method: 'DELETE', url: `/api/client/${r._id}`, headers: admin });
    await t.database.query(`update clients set deleted_at = now() - interval '31 days' where id = $1`, [
      old._id,
    ]);
    await t.database.query(
      `insert into rate_limits (bucket, key, window_start, hits) values ('test', 'x', now() - interval '3 days', 1)`,
    );
    let sessionsPurged = 0;
    // Two instances running it at once take turns; the second finds nothing left.
    const results = await Promise.all([
      runMaintenance(t.app, { purgeExpiredSessions: async () => sessionsPurged++ }),
      runMaintenance(t.app, { purgeExpiredSessions: async () => sessionsPurged++ }),
    ]);
    expect(results.map((r) => r.purged).sort()).toEqual([0, 1]);
    expect(sessionsPurged).toBe(2);
    const ids = (await trash('', admin)).data.map((item) => item.id);
    expect(ids).toContain(recent._id);
    expect(ids).not.toContain(old._id);
    const [limits] = await t.database.query<{ n: string }>(
      `select count(*) as n from rate_limits where bucket = 'test'`,
    );
    expect(Number(limits?.n)).toBe(0);
  });
});
