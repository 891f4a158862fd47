import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../shared/api-keys';
import { createTestApp } from '../../test/helpers';

// Scoped API keys (decision 081): made by admins, shown once, refused outside their scopes.
const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
let admin: { authorization: string; userId: string };
let technician: { authorization: string; userId: string };
let colleague: { authorization: string; userId: string };

const createKey = (payload: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: '/api/keys', headers, payload: payload as object });
async function keyWith(
  scopes: ApiKeyScope[],
  userId?: string,
  name = `Key ${scopes.join(' ')}`.slice(0, 80),
) {
  const res = await createKey({ name, scopes, ...(userId ? { userId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().key as string}`, id: res.json()._id as string };
}
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  key: { authorization: string },
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization: key.authorization }, payload });

let n = 0;
async function assignedRequest(userId: string) {
  n++;
  const sent = await t.create('contactus', {
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    phone: '03001234567',
    message: `Boiler ${n} is cold`,
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/contactus/${sent._id}`,
    headers: admin,
    payload: { assignee: userId, version: sent.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; version: number };
}

beforeAll(async () => {
  admin = await t.signIn('admin');
  technician = await t.signIn('office');
  colleague = await t.signIn('office');
});

describe('API keys: made by admins', () => {
  it('shows the secret once, lists keys without it, and revokes them', async () => {
    const res = await createKey({ name: 'Technician app', scopes: ['leads:read', 'leads:read'] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Technician app', scopes: ['leads:read'], userId: null });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().map((key: { _id: string }) => key._id)).toContain(created._id);
    const stored = await t.database.query<{ secret_hash: string }>('select secret_hash from api_keys');
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/keys/${created._id}`, headers: admin });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin });
    expect(after.json().map((key: { _id: string }) => key._id)).not.toContain(created._id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/keys/${created._id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 with the field for a bad key, storing nothing', async () => {
    const [{ pending } = { pending: '' }] = await t.database.query<{ pending: string }>(
      `insert into users (name, username, username_canonical, password_hash, role)
       values ('Waiting', 'waiting-key', 'waiting-key', 'x', 'pending')
       returning id::text as pending`,
    );
    const cases: [unknown, string][] = [
      [{ scopes: ['content:read'] }, 'name'],
      [{ name: ' ', scopes: ['content:read'] }, 'name'],
      [{ name: 'No scopes', scopes: [] }, 'scopes'],
      [{ name: 'Bad scope', scopes: ['users:write'] }, 'scopes'],
      [{ name: 'Admin', scopes: ['content:read'], role: 'admin' }, '_'],
      [{ name: 'Pending user', scopes: ['leads:read'], userId: pending }, 'userId'],
      [{ name: 'Nobody', scopes: ['leads:read'], userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
      [{ name: 'Not an id', scopes: ['leads:read'], userId: 'me' }, 'userId'],
    ];
    const before = await t.database.query('select id from api_keys');
    for (const [payload, field] of cases) {
      const res = await createKey(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await t.database.query('select id from api_keys')).toHaveLength(before.length);
  });

  it('is for admins only, and no key reaches the keys, users, settings, audit, trash or backup', async () => {
    const editor = await createKey({ name: 'By an editor', scopes: ['content:read'] }, technician);
    expect(editor.statusCode).toBe(403);
    const everything = await keyWith([...API_KEY_SCOPES]);
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['GET', '/api/users'],
      ['GET', '/api/users/staff'],
      ['PUT', '/api/settings'],
      ['GET', '/api/audit'],
      ['GET', '/api/trash'],
      ['GET', '/api/backup'],
      ['GET', '/api/subscribers'],
      ['GET', '/api/current-user'],
    ] as const) {
      const res = await call(method, url, everything, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatch(/API key/);
    }
  });

  it('keeps the database check of scopes equal to the shared list', async () => {
    const [row] = await t.database.query<{ definition: string }>(
      `select pg_get_constraintdef(c.oid) as definition from pg_constraint c
        where c.conrelid = 'api_keys'::regclass and c.contype = 'c'`,
    );
    const named = [...(row?.definition ?? '').matchAll(/'([a-z]+:[a-z]+)'/g)].map((m) => m[1]);
    expect(named).toEqual([...API_KEY_SCOPES]);
  });
});

describe('API keys: what a key may call', () => {
  it('reads content with content:read and is told which scope a write needs', async () => {
    const key = await keyWith(['content:read']);
    expect((await call('GET', '/api/service', key)).statusCode).toBe(200);
    const write = await call('POST', '/api/service', key, { title: 'Nope', description: 'x' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('This API key lacks the scope content:write, which this route needs.');
    expect((await call('GET', '/api/contactus', key)).statusCode).toBe(403);
  });

  it('calls a public route it has no scope for as a visitor: it sees and does only what a visitor may', async () => {
    const key = await keyWith(['leads:read']);
    expect((await call('GET', '/api/status', key)).statusCode).toBe(200);
    const settings = await call('GET', '/api/settings', key);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).not.toHaveProperty('notifyEmail');
    // Staff see the services; a visitor's list is the same, and nothing is written in the key's name.
    expect((await call('GET', '/api/service', key)).statusCode).toBe(200);
    expect((await call('PUT', '/api/settings', key, {})).statusCode).toBe(403);
  });

  it('writes content with content:write, audited under the key’s name', async () => {
    const key = await keyWith(['content:write'], undefined, 'Website sync');
    const res = await call('POST', '/api/team', key, { name: 'Ayesha', position: 'Technician' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.query<{ actor_name: string; action: string }>(
      `select actor_name, action from audit_log where resource = 'team' and record_id = $1`,
      [res.json()._id],
    );
    expect(row).toEqual({ actor_name: 'API key "Website sync"', action: 'create' });
  });

  it('answers 401 to a revoked or unknown key, even on a public route', async () => {
    const key = await keyWith(['content:read']);
    await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: admin });
    for (const authorization of [key.authorization, `Bearer cfk_${'x'.repeat(43)}`]) {
      const res = await call('GET', '/api/service', { authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('This API key is unknown or was revoked.');
    }
  });

  it('stops working when the staff member it is limited to is no longer approved', async () => {
    const [{ id } = { id: '' }] = await t.database.query<{ id: string }>(
      `insert into users (name, username, username_canonical, password_hash, role)
       values ('Leaving', 'leaving-tech', 'leaving-tech', 'x', 'technician')
       returning id::text as id`,
    );
    const key = await keyWith(['leads:read'], id);
    expect((await call('GET', '/api/contactus', key)).statusCode).toBe(200);
    await t.database.query(`update users set role = 'pending' where id::text = $1`, [id]);
    expect((await call('GET', '/api/contactus', key)).statusCode).toBe(401);
  });

  it("narrows at once when its person's role changes: never more than the person may do", async () => {
    const person = await t.signIn('office');
    const key = await keyWith(['leads:read', 'leads:write', 'leads:assign', 'content:write'], person.userId);
    const request = await assignedRequest(person.userId);
    const reassign = () => call('PUT', `/api/contactus/${request._id}`, key, { assignee: null });
    const upload = () => call('POST', '/api/service', key, { title: 'Key service', description: 'x' });
    expect((await call('GET', `/api/contactus/${request._id}`, key)).statusCode).toBe(200);
    await t.database.query(`update users set role = 'technician' where id::text = $1`, [person.userId]);
    // A technician moves the work along and reads their jobs; they never reassign or edit the site.
    const refused = await reassign();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().fields.assignee).toContain('leads:assign');
    expect((await upload()).statusCode).toBe(403);
    expect((await call('GET', `/api/contactus/${request._id}`, key)).statusCode).toBe(200);
    const moved = await call('PUT', `/api/contactus/${request._id}`, key, { stage: 'scheduled' });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.database.query(`update users set role = 'editor' where id::text = $1`, [person.userId]);
    expect((await call('GET', `/api/contactus/${request._id}`, key)).statusCode).toBe(403);
  });

  it('notes its last use at most once a minute', async () => {
    const key = await keyWith(['content:read']);
    const lastUse = async () =>
      (
        await t.database.query<{ at: string | null }>(
          'select last_used_at::text as at from api_keys where id::text = $1',
          [key.id],
        )
      )[0]?.at;
    expect(await lastUse()).toBeNull();
    await call('GET', '/api/service', key);
    const first = await lastUse();
    expect(first).not.toBeNull();
    await call('GET', '/api/service', key);
    expect(await lastUse()).toBe(first);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin }))
      .json()
      .find((item: { _id: string }) => item._id === key.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});

describe('API keys: limited to one technician', () => {
  it('lists, reads, updates, notes and replies only to requests assigned to them', async () => {
    const mine = await assignedRequest(technician.userId);
    const theirs = await assignedRequest(colleague.userId);
    const key = await keyWith(
      ['leads:read', 'leads:write', 'leads:reply'],
      technician.userId,
      'Technician app',
    );

    for (const url of [
      '/api/contactus',
      '/api/contactus?assignee=me',
      `/api/contactus?assignee=${colleague.userId}`,
    ]) {
      const list = await call('GET', url, key);
      expect(list.statusCode, url).toBe(200);
      const ids = list.json().data.map((record: { _id: string }) => record._id);
      expect(ids, url).toContain(mine._id);
      expect(ids, url).not.toContain(theirs._id);
    }
    expect((await call('GET', `/api/contactus/${mine._id}`, key)).statusCode).toBe(200);
    const other = await call('GET', `/api/contactus/${theirs._id}`, key);
    expect(other.statusCode).toBe(404);
    const missing = await call('GET', '/api/contactus/00000000-0000-4000-8000-000000000000', key);
    expect(other.body).toBe(missing.body);

    const put = await call('PUT', `/api/contactus/${theirs._id}`, key, {
      stage: 'contacted',
      version: theirs.version,
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await call('POST', `/api/contactus/${theirs._id}/notes`, key, { text: 'Mine now' })).statusCode,
    ).toBe(404);

    const moved = await call('PUT', `/api/contactus/${mine._id}`, key, {
      stage: 'contacted',
      version: mine.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const noted = await call('POST', `/api/contactus/${mine._id}/notes`, key, { text: 'On my way' });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(noted.json().author).toBe('API key "Technician app"');
    const audit = await t.database.query<{ actor_name: string; actor_id: string }>(
      `select actor_name, actor_id::text from audit_log where resource = 'contactus' and record_id = $1
        and actor_name like 'API key%'`,
      [mine._id],
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit.every((row) => row.actor_id === technician.userId)).toBe(true);
  });

  it('refuses `me` to a key limited to nobody, and lets it read every request', async () => {
    const theirs = await assignedRequest(colleague.userId);
    const key = await keyWith(['leads:read']);
    const me = await call('GET', '/api/contactus?assignee=me', key);
    expect(me.statusCode).toBe(400);
    expect((await call('GET', `/api/contactus/${theirs._id}`, key)).statusCode).toBe(200);
    expect((await call('PUT', `/api/contactus/${theirs._id}`, key, { stage: 'done' })).statusCode).toBe(403);
  });
});

describe('API keys: their own rate limit', () => {
  it('answers 429 with Retry-After once a key spends its minute', async () => {
    const limited = await createTestApp({ env: { API_KEY_MAX_PER_MINUTE: '2' } });
    const owner = await limited.signIn('admin');
    const made = await limited.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: owner,
      payload: { name: 'Busy', scopes: ['content:read'] },
    });
    const headers = { authorization: `Bearer ${made.json().key}` };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limited.app.inject({ url: '/api/service', headers }));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[2]!.json().error).toMatch(/^Too many requests with this API key\. Try again in/);
    // Sessions are not counted against the keys' budget.
    expect((await limited.app.inject({ url: '/api/service', headers: owner })).statusCode).toBe(200);
  });
});
