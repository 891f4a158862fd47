import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../db/change-log';
import { createTestApp } from '../../test/helpers';

const t = await createTestApp();
const events: ChangeEvent[] = [];
t.app.changes.onChange((event) => events.push(event));

const PASSWORD = 'a long passphrase';
/** A waiting account asked for through the sign-up (opened for it), by its id. */
const signup = async (username: string, name = 'Person') => ({
  _id: await t.requestAccount({ username, name, password: PASSWORD }),
});
const login = (username: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const as = (authorization: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } }),
  put: (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization }, payload: payload as object }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { authorization } }),
});

const admin = await t.signIn('admin');
const asAdmin = as(admin.authorization);

describe('users API', () => {
  it('lists every account to an admin without any password hash', async () => {
    await signup('waiting.one', 'Waiting One');
    const res = await asAdmin.get('/api/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const users = res.json() as Record<string, unknown>[];
    expect(users.map((u) => u.role)).toEqual(['admin', 'pending']);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual([
        '_id',
        'createdAt',
        'deactivatedAt',
        'name',
        'role',
        'twoFactorEnabled',
        'username',
      ]);
      expect(user.twoFactorEnabled).toBe(false);
    }
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('refuses the list to editors and to anonymous visitors', async () => {
    const editor = await t.signIn('office');
    expect((await as(editor.authorization).get('/api/users')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('approves a pending user by giving a role, who can then log in', async () => {
    const created = await signup('approve.me');
    expect((await login('approve.me')).statusCode).toBe(403);
    events.length = 0;
    const res = await asAdmin.put(`/api/users/${created._id}`, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: created._id, role: 'editor', username: 'approve.me' });
    expect(events).toEqual([
      expect.objectContaining({ resource: 'users', id: created._id, action: 'role', fields: ['role'] }),
    ]);
    const [entry] = await t.database.query<{ actor_id: string; changes: unknown }>(
      `select actor_id, changes from audit_log where record_id = $1 and action = 'role'`,
      [created._id],
    );
    expect(entry).toEqual({
      actor_id: admin.userId,
      changes: [{ field: 'role', before: 'pending', after: 'editor' }],
    });
    expect((await login('approve.me')).statusCode).toBe(200);
  });

  it('renames a user without ending their sessions', async () => {
    const created = await signup('rename.me');
    await asAdmin.put(`/api/users/${created._id}`, { role: 'editor' });
    const token = (await login('rename.me')).json().token;
    events.length = 0;
    const res = await asAdmin.put(`/api/users/${created._id}`, { name: '  New Name ' });
    expect(res.json().name).toBe('New Name');
    expect(events).toEqual([expect.objectContaining({ action: 'update', fields: ['name'] })]);
    expect((await as(`Bearer ${token}`).get('/api/current-user')).statusCode).toBe(200);
  });

  it('ends the sessions of a user whose role changes', async () => {
    const created = await signup('demote.me');
    await asAdmin.put(`/api/users/${created._id}`, { role: 'admin' });
    const token = (await login('demote.me')).json().token;
    expect((await as(`Bearer ${token}`).get('/api/users')).statusCode).toBe(200);
    await asAdmin.put(`/api/users/${created._id}`, { role: 'editor' });
    expect((await as(`Bearer ${token}`).get('/api/current-user')).statusCode).toBe(401);
    // Suspending (back to pending) also ends them, and the account cannot log in.
    const again = (await login('demote.me')).json().token;
    await asAdmin.put(`/api/users/${created._id}`, { role: 'pending' });
    expect((await as(`Bearer ${again}`).get('/api/current-user')).statusCode).toBe(401);
    expect((await login('demote.me')).statusCode).toBe(403);
  });

  it('deletes a user and their sessions', async () => {
    const created = await signup('delete.me');
    await asAdmin.put(`/api/users/${created._id}`, { role: 'editor' });
    const token = (await login('delete.me')).json().token;
    events.length = 0;
    const res = await asAdmin.del(`/api/users/${created._id}`);
    expect(res.json()).toEqual({ ok: true, _id: created._id });
    expect(events).toEqual([
      expect.objectContaining({ resource: 'users', action: 'delete', id: created._id }),
    ]);
    expect((await as(`Bearer ${token}`).get('/api/current-user')).statusCode).toBe(401);
    expect((await asAdmin.del(`/api/users/${created._id}`)).statusCode).toBe(404);
    expect((await login('delete.me')).statusCode).toBe(401);
  });

  it('never demotes or deletes the last admin', async () => {
    // Every other admin is made an editor first: this admin is the last one.
    const users = (await asAdmin.get('/api/users')).json() as { _id: string; role: string }[];
    for (const u of users)
      if (u.role === 'admin' && u._id !== admin.userId)
        await asAdmin.put(`/api/users/${u._id}`, { role: 'editor' });
    const demote = await asAdmin.put(`/api/users/${admin.userId}`, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('The site needs at least one admin. Make another user an admin first.');
    const remove = await asAdmin.del(`/api/users/${admin.userId}`);
    expect(remove.statusCode).toBe(409);
    expect((await asAdmin.get('/api/current-user')).json().role).toBe('admin');
  });

  it('answers 400 with field messages for a bad change and 404 for an unknown user', async () => {
    const client = asAdmin;
    const someone = await signup('bad.change');
    const bad = await client.put(`/api/users/${someone._id}`, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.role).toBe('Choose admin, office, editor, technician or pending.');
    const empty = await client.put(`/api/users/${someone._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.role).toBe('Send a new role or name.');
    const missing = await client.put('/api/users/00000000-0000-0000-0000-000000000000', { role: 'editor' });
    expect(missing.statusCode).toBe(404);
    expect((await client.put('/api/users/not-an-id', { role: 'editor' })).statusCode).toBe(404);
  });
  it('keeps one admin when two admins demote each other at once', async () => {
    const created = await signup('second.admin');
    await asAdmin.put(`/api/users/${created._id}`, { role: 'admin' });
    const second = as(`Bearer ${(await login('second.admin')).json().token}`);
    // Two admins demoting each other at once: one of them stays admin.
    const [a, b] = await Promise.all([
      second.put(`/api/users/${admin.userId}`, { role: 'editor' }),
      asAdmin.put(`/api/users/${created._id}`, { role: 'editor' }),
    ]);
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const admins = await t.database.query(`select id from users where role = 'admin'`);
    expect(admins).toHaveLength(1);
  });
});
