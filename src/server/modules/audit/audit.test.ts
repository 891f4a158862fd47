import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit';
import { createTestApp } from '../../test/helpers';

const t = await createTestApp();
let admin: { authorization: string; userId: string };
let editor: { authorization: string; userId: string };

beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
});

const audit = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AuditEntry[]; totalCount: number };
};

describe('the audit log', () => {
  it('records create, update, delete, restore and purge with actor, record and field names, before answering', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: editor,
      payload: { name: 'Audit Co', phone: '03001234567', address: 'Main road' },
    });
    const id = created.json()._id as string;
    await t.app.inject({
      method: 'PUT',
      url: `/api/client/${id}`,
      headers: editor,
      payload: { name: 'Audit Ltd' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/client/${id}`, headers: editor });
    await t.app.inject({ method: 'POST', url: `/api/trash/client/${id}/restore`, headers: admin });
    await t.app.inject({ method: 'DELETE', url: `/api/client/${id}`, headers: admin });
    await t.app.inject({ method: 'DELETE', url: `/api/trash/client/${id}`, headers: admin });

    // Each response came after its entry was stored: no waiting needed here.
    const entries = (await audit('?resource=client')).data.filter((e) => e.recordId === id).reverse();
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['create', editor.userId],
      ['update', editor.userId],
      ['delete', editor.userId],
      ['restore', admin.userId],
      ['delete', admin.userId],
      ['purge', admin.userId],
    ]);
    expect(entries[0]?.fields.sort()).toEqual(['address', 'images', 'name', 'phone']);
    expect(entries[1]?.fields).toEqual(['name']);
    expect(entries[0]?.actorName).toMatch(/^editor/);
    // Content fields carry their values; the record is named.
    expect(entries[1]?.changes).toEqual([{ field: 'name', before: 'Audit Co', after: 'Audit Ltd' }]);
    expect(entries.map((e) => e.recordName)).toEqual([
      'Audit Co',
      'Audit Ltd',
      'Audit Ltd',
      'Audit Ltd',
      'Audit Ltd',
      null,
    ]);
  });

  it('records logins, logouts and anonymous requests', async () => {
    const username = `auditor${Date.now()}`;
    const userId = await t.requestAccount({ name: 'Auditor', username, password: 'a long passphrase here' });
    await t.database.query(`update users set role = 'office' where id = $1`, [userId]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'a long passphrase here' },
    });
    const token = login.json().token as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const mine = (await audit('?pageSize=100')).data.filter(
      (e) => e.actorId === userId || e.recordId === userId,
    );
    expect(mine.map((e) => e.action).reverse()).toEqual(['create', 'login', 'logout']);
    expect(mine.find((e) => e.action === 'login')?.actorName).toBe(username);
    expect(JSON.stringify(mine)).not.toMatch(/passphrase/);

    const message = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Visitor', email: 'v@example.com', phone: '03001234567', message: 'Hello' },
    });
    const [entry] = (await audit('?resource=contactus&action=create')).data;
    expect(entry).toMatchObject({ recordId: message.json()._id, actorId: null, actorName: null });
  });

  it('never stores a password field name, even when a writer reports one', async () => {
    await t.app.changes.write((tx) =>
      tx.record({
        resource: 'users',
        id: editor.userId,
        action: 'role',
        actor: { _id: admin.userId, name: 'Site Admin', username: 'admin', role: 'admin' },
        fields: [
          { field: 'role', before: 'pending', after: 'editor' },
          { field: 'password', before: 'old secret', after: 'new secret' },
          { field: 'passwordHash', after: '$argon2id$' },
        ],
      }),
    );
    const [entry] = (await audit('?action=role')).data;
    expect(entry).toMatchObject({ resource: 'users', recordId: editor.userId, fields: ['role'] });
    expect(JSON.stringify(entry)).not.toMatch(/secret|argon/);
  });

  it('pages newest first and is for admins only', async () => {
    const all = await audit('?pageSize=100');
    expect(all.totalCount).toBeGreaterThan(10);
    const times = all.data.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page2 = await audit('?pageSize=5&page=2');
    expect(page2.data.map((e) => e._id)).toEqual(all.data.slice(5, 10).map((e) => e._id));
    expect((await t.app.inject({ method: 'GET', url: '/api/audit', headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/audit?action=explode', headers: admin });
    expect(bad.statusCode).toBe(400);
  });
});
