import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { createTestApp } from '../../test/helpers';

// Deactivate, not only delete (decision 094).
const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
const PASSWORD = 'correct horse battery';
let admin: { authorization: string; userId: string };
let worker: { authorization: string; userId: string; username: string };

const post = (url: string, headers: { authorization: string } = admin) =>
  t.app.inject({ method: 'POST', url, headers });
const login = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });
const me = (as: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: as });
const auditActions = async (id: string) =>
  (
    await t.database.query<{ action: string }>(
      `select action from audit_log where resource = 'users' and record_id = $1 order by id`,
      [id],
    )
  ).map((row) => row.action);

let n = 0;
async function requestAssignedTo(userId: string, stage = 'new') {
  n++;
  const sent = await t.create('contactus', {
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: '03001234567',
    message: `The fridge in shop ${n} is warm.`,
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/contactus/${sent._id}`,
    headers: admin,
    payload: { assignee: userId, stage, version: sent.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; reference: string; version: number };
}

beforeAll(async () => {
  admin = await t.signIn('admin');
  const signedIn = await t.signIn('office');
  await t.database.query(`update users set role = 'office' where id::text = $1`, [signedIn.userId]);
  const [row] = await t.database.query<{ username: string }>(
    'select username from users where id::text = $1',
    [signedIn.userId],
  );
  worker = {
    ...signedIn,
    authorization: `Bearer ${(await login(row!.username)).json().token}`,
    username: row!.username,
  };
});

describe('deactivating an account', () => {
  it('ends its sessions and keys at once, refuses its login, lists its open requests and keeps its name', async () => {
    const open = await requestAssignedTo(worker.userId);
    const scheduled = await requestAssignedTo(worker.userId, 'scheduled');
    await requestAssignedTo(worker.userId, 'done');
    const deleted = await requestAssignedTo(worker.userId);
    await t.app.inject({ method: 'DELETE', url: `/api/contactus/${deleted._id}`, headers: admin });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: admin,
      payload: { name: 'Worker phone', scopes: ['leads:read'], userId: worker.userId },
    });
    expect(key.statusCode, key.body).toBe(201);
    const keyHeader = { authorization: `Bearer ${key.json().key as string}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contactus', headers: keyHeader })).statusCode,
    ).toBe(200);
    expect((await me(worker)).statusCode).toBe(200);

    const res = await post(`/api/users/${worker.userId}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    const { user, openRequests } = res.json();
    expect(user).toMatchObject({ _id: worker.userId, name: 'Office', role: 'office' });
    expect(user.deactivatedAt).toEqual(expect.any(String));
    expect(openRequests).toEqual([
      { _id: open._id, reference: open.reference, name: expect.stringMatching(/^Customer/), stage: 'new' },
      { _id: scheduled._id, reference: scheduled.reference, name: expect.any(String), stage: 'scheduled' },
    ]);

    expect((await me(worker)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contactus', headers: keyHeader })).statusCode,
    ).toBe(401);
    const refused = await login(worker.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(authMessages.deactivated);
    expect(
      await t.database.query('select 1 from sessions where user_id::text = $1', [worker.userId]),
    ).toEqual([]);

    // Its name stays: on the Users list (marked), on its requests and in their history.
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin });
    expect(list.json()).toContainEqual(expect.objectContaining({ _id: worker.userId, name: 'Office' }));
    const request = await t.app.inject({ method: 'GET', url: `/api/contactus/${open._id}`, headers: admin });
    expect(request.json().assignee).toBe(worker.userId);
    expect(JSON.stringify(request.json().history)).toContain('Office');
    // Nobody hands new work to someone who cannot sign in.
    const staff = await t.app.inject({ method: 'GET', url: '/api/users/staff', headers: admin });
    expect(staff.json().map((member: { _id: string }) => member._id)).not.toContain(worker.userId);
    expect(await auditActions(worker.userId)).toContain('deactivate');
  });

  it('lets the person sign in again once reactivated, with the role they had', async () => {
    const again = await post(`/api/users/${worker.userId}/reactivate`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ role: 'office', deactivatedAt: null });
    const res = await login(worker.username);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me({ authorization: `Bearer ${res.json().token}` })).json().role).toBe('office');
    expect(await auditActions(worker.userId)).toEqual(expect.arrayContaining(['deactivate', 'reactivate']));
    expect((await post(`/api/users/${worker.userId}/reactivate`)).statusCode).toBe(409);
  });

  it('refuses the last active admin, yourself, an unknown id, and anyone who may not manage users', async () => {
    const self = await post(`/api/users/${admin.userId}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe(authMessages.deactivateSelf);
    // A deactivated admin does not count as one: the last active admin may not step down.
    const second = await t.signIn('office');
    await t.database.query(`update users set role = 'admin' where id::text = $1`, [second.userId]);
    expect((await post(`/api/users/${second.userId}/deactivate`)).statusCode).toBe(200);
    const stepDown = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.userId}`,
      headers: admin,
      payload: { role: 'office' },
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().error).toBe(authMessages.lastAdmin);
    expect((await post(`/api/users/${second.userId}/reactivate`)).statusCode).toBe(200);

    expect((await post('/api/users/00000000-0000-4000-8000-000000000000/deactivate')).statusCode).toBe(404);
    expect((await post(`/api/users/${admin.userId}/deactivate`, worker)).statusCode).toBe(401);
    const officeHeader = { authorization: `Bearer ${(await login(worker.username)).json().token}` };
    expect((await post(`/api/users/${admin.userId}/deactivate`, officeHeader)).statusCode).toBe(403);
  });
});
