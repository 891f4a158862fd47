import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

// The desk's fields on a contact request: date-times and a staff member, set by staff only.
const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
let admin: { authorization: string; userId: string };
let editor: { authorization: string; userId: string };
let pendingId: string;

const request = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Caller ${n}`,
  email: `caller${n}@example.com`,
  phone: '03007654321',
  message: `The chiller trips its breaker (${n})`,
  ...extra,
});
const post = (payload: Record<string, unknown>) => t.create('contactus', payload);
const put = (id: string, payload: Record<string, unknown>, as = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/contactus/${id}`, headers: as, payload });
const list = async (query: string, as = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/contactus?${query}`, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; totalCount: number };
};

beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('office');
  pendingId = await t.requestAccount({ name: 'Waiting Walid', username: 'walid' });
});

describe('a date-time field', () => {
  it('takes any offset and answers the instant in UTC; empty and null clear it', async () => {
    const { _id } = await post(request(1));
    const res = await put(_id, {
      scheduledAt: '2037-11-25T15:00:00+05:00',
      followUpAt: '2037-11-26T09:30:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      scheduledAt: '2037-11-25T10:00:00.000Z',
      followUpAt: '2037-11-26T09:30:00.000Z',
    });
    const rows = await t.database.query<{ at: string }>(
      `select to_char(scheduled_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from contact_messages where id = $1`,
      [_id],
    );
    expect(rows[0]?.at).toBe('2037-11-25 10:00');
    expect((await put(_id, { scheduledAt: null })).json().scheduledAt).toBeNull();
    expect((await put(_id, { followUpAt: '' })).json().followUpAt).toBeNull();
  });

  it.each(['tomorrow', '2026-11-25', '2026-11-25T10:00', '2026-02-30T10:00:00Z', '2026-13-01T10:00:00Z', 42])(
    'refuses %s with a 400 naming the field',
    async (value) => {
      const { _id, version } = await post(request(2));
      const res = await put(_id, { scheduledAt: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.scheduledAt).toBe(
        'Visit scheduled for must be a date and time, e.g. 2026-11-25T10:00:00Z.',
      );
      const after = await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: admin });
      expect(after.json().version).toBe(version);
    },
  );
});

describe('a user field', () => {
  it('takes an approved staff member and clears with null', async () => {
    const { _id } = await post(request(3));
    const res = await put(_id, { assignee: editor.userId }, editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee).toBe(editor.userId);
    expect((await put(_id, { assignee: null })).json().assignee).toBeNull();
  });

  it('refuses an unknown id, a pending account and a non-id with the same clear 400', async () => {
    const { _id } = await post(request(4));
    for (const assignee of ['00000000-0000-4000-8000-000000000000', pendingId, 'bob', 7]) {
      const res = await put(_id, { assignee });
      expect(res.statusCode, String(assignee)).toBe(400);
      expect(res.json().fields.assignee).toBe('Choose an assignee from the list.');
    }
  });

  it('does not check again a value the record already holds (the whole record can be saved)', async () => {
    const { _id } = await post(request(5));
    const helper = await t.signIn('office');
    await put(_id, { assignee: helper.userId });
    // The assignee's account is later set back to pending: the record still saves whole.
    await t.database.query(`update users set role = 'pending' where id::text = $1`, [helper.userId]);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: admin })
    ).json();
    const res = await put(_id, { ...current, status: 'read' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee).toBe(helper.userId);
  });
});

describe("the desk's fields and visitors", () => {
  it('cannot be set by a visitor, and firstResponseAt by nobody through the API', async () => {
    const sent = await post(
      request(6, {
        scheduledAt: '2037-11-25T10:00:00Z',
        assignee: admin.userId,
        followUpAt: '2037-11-25T10:00:00Z',
        firstResponseAt: '2037-11-25T10:00:00Z',
      }),
    );
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/contactus/${sent._id}`, headers: admin })
    ).json();
    expect(stored).toMatchObject({
      scheduledAt: null,
      assignee: null,
      followUpAt: null,
      firstResponseAt: null,
    });
    // The visitor's own answer carries none of them: they are staff-only.
    for (const key of ['scheduledAt', 'assignee', 'followUpAt', 'firstResponseAt'])
      expect(sent).not.toHaveProperty(key);
    const res = await put(sent._id, { firstResponseAt: '2026-11-25T10:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstResponseAt).toBeNull();
  });
});

describe('approved staff as choices', () => {
  it('lists approved staff by name for any staff member, never pending accounts or other details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/staff', headers: editor });
    expect(res.statusCode).toBe(200);
    const staff = res.json() as { _id: string; name: string }[];
    expect(staff.map((member) => member._id)).toEqual(expect.arrayContaining([admin.userId, editor.userId]));
    expect(staff.map((member) => member._id)).not.toContain(pendingId);
    for (const member of staff) expect(Object.keys(member).sort()).toEqual(['_id', 'name']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/staff' })).statusCode).toBe(401);
  });
});

describe('the queue', () => {
  // A service slug of its own, so this file's requests are the only ones it filters.
  let slug: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const service = {
      title: 'Cold room repair',
      description: 'Walk-in cold rooms',
      serviceName: 'refrigerator',
    };
    slug = String((await t.create('service', service, admin)).slug);
    ids = {};
    // Oldest first: created one after the other.
    for (const [key, extra] of [
      ['oldNew', {}],
      ['oldUrgent', { urgent: true }],
      ['contacted', {}],
      ['urgentDone', { urgent: true }],
      ['newNew', {}],
      ['newUrgent', { urgent: true }],
    ] as const) {
      ids[key] = (await post(request(100, { service: slug, ...extra })))._id;
    }
    // A minute apart, so that the order never hangs on two requests stored in one clock tick.
    for (const [minutesAgo, id] of Object.values(ids).reverse().entries())
      await t.database.query(
        'update contact_messages set created_at = now() - make_interval(mins => $2) where id = $1',
        [id, minutesAgo + 1],
      );
    await put(ids.contacted!, { stage: 'contacted', assignee: editor.userId });
    await put(ids.urgentDone!, { stage: 'done', assignee: admin.userId });
  });

  const names = (data: Record<string, unknown>[]) => {
    const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    return data.map((record) => byId.get(String(record._id)));
  };

  it('filters by stage, service, urgent and assignee (an id, me or none)', async () => {
    expect(names((await list(`service=${slug}&stage=new`)).data)).toEqual([
      'newUrgent',
      'newNew',
      'oldUrgent',
      'oldNew',
    ]);
    expect(names((await list(`service=${slug}&urgent=true`)).data)).toEqual([
      'newUrgent',
      'urgentDone',
      'oldUrgent',
    ]);
    expect(names((await list(`service=${slug}&assignee=${editor.userId}`)).data)).toEqual(['contacted']);
    expect(names((await list(`service=${slug}&assignee=me`, editor)).data)).toEqual(['contacted']);
    expect(names((await list(`service=${slug}&assignee=me`)).data)).toEqual(['urgentDone']);
    expect((await list(`service=${slug}&assignee=none`)).totalCount).toBe(4);
  });

  it('orders urgent new requests first, then other new ones, oldest first; then the rest newest first', async () => {
    expect(names((await list(`service=${slug}&order=queue`)).data)).toEqual([
      'oldUrgent',
      'newUrgent',
      'oldNew',
      'newNew',
      'urgentDone',
      'contacted',
    ]);
    // The default order stays newest first.
    expect(names((await list(`service=${slug}`)).data)[0]).toBe('newUrgent');
  });

  it('keeps the queue order when a filter decides part of it (stage, urgent)', async () => {
    const queue = names((await list(`service=${slug}&order=queue`)).data);
    const stageOf: Record<string, string> = { contacted: 'contacted', urgentDone: 'done' };
    const urgent = new Set(['oldUrgent', 'urgentDone', 'newUrgent']);
    for (const [query, keep] of [
      ['stage=new', (key: string) => !stageOf[key]],
      ['stage=contacted', (key: string) => stageOf[key] === 'contacted'],
      ['urgent=true', (key: string) => urgent.has(key)],
      ['urgent=false', (key: string) => !urgent.has(key)],
      ['stage=new&urgent=true', (key: string) => !stageOf[key] && urgent.has(key)],
      ['stage=new&urgent=false', (key: string) => !stageOf[key] && !urgent.has(key)],
    ] as const) {
      const filtered = names((await list(`service=${slug}&${query}&order=queue`)).data);
      expect(filtered, query).toEqual(queue.filter((key) => keep(key!)));
    }
  });

  it('refuses a filter or order it does not know with a clear 400', async () => {
    for (const query of ['assignee=bob', 'order=oldest', 'stage=waiting', 'urgent=maybe']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/contactus?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('exports the new columns, the assignee by name, with the same filters and order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/contactus/export.csv?service=${slug}&order=queue`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('Visit scheduled for,Assignee,Follow up on,First response');
    expect(lines).toHaveLength(7);
    expect(lines[5]).toContain('Site Admin');
    expect(lines[6]).toContain('Office');
  });
});
