import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentTypeDef } from '../../shared/content/define';
import { contactus, contentTypes } from '../../shared/content/types';
import { createTestApp } from '../test/helpers';

const t = await createTestApp();
let auth: { authorization: string };
/** A live record for each type a required reference names (a project's service): its id or slug. */
const referenced = new Map<string, string>();
beforeAll(async () => {
  auth = await t.signIn();
  for (const field of contentTypes.flatMap((def) => Object.values(def.fields))) {
    if (field.kind !== 'reference' || !field.required) continue;
    const key = `${field.to}:${field.by}`;
    if (referenced.has(key)) continue;
    const record = await t.create(field.to, sample(contentTypes.find((def) => def.name === field.to)!), auth);
    referenced.set(key, String(field.by === 'id' ? record._id : record.slug));
  }
});

/** A valid record of any declared type, built from its fields. */
function sample(def: ContentTypeDef, n = 1): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.input !== 'always') continue;
    switch (field.kind) {
      case 'email':
        values[key] = `person${n}@example.com`;
        break;
      case 'phone':
        values[key] = '03001234567';
        break;
      case 'url':
      case 'image':
        values[key] = `/media/${'a'.repeat(32)}.webp`;
        break;
      case 'images':
        values[key] = [`/media/${'b'.repeat(32)}.webp`];
        break;
      case 'select':
        values[key] = field.options[0];
        break;
      case 'rating':
        values[key] = 4;
        break;
      case 'boolean':
        values[key] = true;
        break;
      case 'reference':
        if (field.required) values[key] = referenced.get(`${field.to}:${field.by}`);
        break;
      case 'list':
      case 'weeklyHours':
        // Optional, and a reference in a list's rows must name a live record: left out here
        // (field-kinds.test.ts sends them). An optional reference is left out too.
        break;
      case 'number':
        values[key] = field.min;
        break;
      case 'date':
        values[key] = '2026-05-04';
        break;
      case 'point':
        values[key] = '31.5204,74.3587';
        break;
      default:
        // A text of a declared shape (a maps location, a time zone) takes the example it declares.
        values[key] = ('format' in field && field.format?.example) || `${field.label} ${n}`;
    }
  }
  return values;
}

/** A new valid value for a record's title field. */
const changed = (def: ContentTypeDef, text: string) =>
  def.fields[def.titleField]?.kind === 'email'
    ? `${text.toLowerCase().replace(/\W+/g, '.')}@example.com`
    : text;

describe.each(contentTypes.map((def) => [def.name, def] as const))('/api/%s', (name, def) => {
  const listAsStaff = def.access.list !== 'public';

  it('creates, reads, lists, updates and deletes a record', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: auth,
      payload: sample(def),
    });
    expect(created.statusCode, created.body).toBe(201);
    // A tracked type's new record also names its sender's status page, told once (decision 071).
    const { trackUrl, ...record } = created.json();
    expect(trackUrl === undefined || /^\/track\/[\w-]{43}$/.test(trackUrl)).toBe(true);
    expect(record._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.version).toBe(1);
    expect(Date.parse(record.createdAt)).not.toBeNaN();

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/${name}/${record._id}`,
      headers: listAsStaff ? auth : {},
    });
    expect(one.statusCode).toBe(200);
    // One record is read as it was created, plus what staff see beside it: a desk type's notes and
    // history (decision 072), a request's photos (decision 074), none yet, and the address its
    // customer's mail goes to (decision 010), and who has seen it, nobody yet (decision 100). A
    // visitor reading a public type gets no staff-only field (a client's own phone, decision 103).
    // Nor where a record stands between drafts and the site, which only its editors read (decision 109).
    const staffOnly = [
      ...Object.keys(def.fields).filter((key) => !listAsStaff && def.fields[key]?.staffOnly),
      ...(def.versions && !listAsStaff ? ['status', 'publishedAt', 'publishAt', 'draft'] : []),
    ];
    expect(one.json()).toEqual({
      ...Object.fromEntries(Object.entries(record).filter(([key]) => !staffOnly.includes(key))),
      ...(def.name === contactus.name
        ? { notes: [], history: [], filedEmail: record.email, seen: null }
        : {}),
      ...(def.intake?.photos ? { photos: [] } : {}),
    });

    const list = await t.app.inject({ method: 'GET', url: `/api/${name}`, headers: listAsStaff ? auth : {} });
    expect(list.statusCode).toBe(200);
    const items = def.list.paginated ? list.json().data : list.json();
    expect(items.map((r: { _id: string }) => r._id)).toContain(record._id);

    const titleField = def.titleField;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/${name}/${record._id}`,
      headers: auth,
      payload: { [titleField]: changed(def, 'Changed title'), version: 1 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()[titleField]).toBe(changed(def, 'Changed title'));
    expect(updated.json().version).toBe(2);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/${name}/${record._id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/${name}/${record._id}`, headers: auth });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses writes without a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/${name}/00000000-0000-0000-0000-000000000000`,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/${name}/00000000-0000-0000-0000-000000000000`,
    });
    expect(del.statusCode).toBe(401);
    if (def.access.create !== 'public') {
      const post = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: sample(def) });
      expect(post.statusCode).toBe(401);
    }
  });

  it('answers 400 with the spec message for each missing required field, storing nothing', async () => {
    const before = await t.database.query<{ n: string }>(`select count(*) as n from ${def.table}`);
    const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, headers: auth, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Validation failed');
    for (const [key, field] of Object.entries(def.fields)) {
      if (field.required && field.input === 'always')
        expect(res.json().fields[key]).toBe(`${field.label} is required.`);
    }
    const after = await t.database.query<{ n: string }>(`select count(*) as n from ${def.table}`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', "1'; drop table x;--"]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/${name}/${encodeURIComponent(id)}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/${name}/${encodeURIComponent(id)}`,
        headers: auth,
        payload: {},
      });
      expect(put.statusCode).toBe(404);
    }
  });

  it('drops unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: auth,
      payload: { ...sample(def, 2), isAdmin: true, _id: 'mine', createdAt: '1999-01-01' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBeUndefined();
    expect(res.json()._id).not.toBe('mine');
    expect(res.json().createdAt.startsWith('1999')).toBe(false);
  });

  it('answers 409 with the current record for a stale edit, overwriting nothing', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: `/api/${name}`, headers: auth, payload: sample(def, 3) })
    ).json();
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/${name}/${created._id}`,
      headers: auth,
      payload: { [def.titleField]: changed(def, 'First editor'), version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/${name}/${created._id}`,
      headers: { ...auth, 'if-match': '"1"' },
      payload: { [def.titleField]: changed(def, 'Second editor') },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().current[def.titleField]).toBe(changed(def, 'First editor'));
  });
});

describe('validation messages (spec §5)', () => {
  it('phone must be exactly 11 digits and keeps its leading zero', async () => {
    for (const phone of ['0300123456', '030012345678', '0300-123456', 3001234567]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client',
        headers: auth,
        payload: { name: 'A', phone, address: 'Somewhere' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.phone).toBe('Phone number must be exactly 11 digits.');
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: auth,
      payload: { name: 'A', phone: '03001234567', address: 'Somewhere' },
    });
    expect(ok.json().phone).toBe('03001234567');
  });

  it('email must be valid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'A', email: 'not-an-email', phone: '03001234567', message: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe('Invalid email address.');
  });

  it('serviceName must be one of the five categories', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: auth,
      payload: { title: 'X', description: 'Y', serviceName: 'plumbing' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.serviceName).toContain('refrigerator');
  });
});

describe('bad requests never answer 500', () => {
  it('malformed JSON is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/JSON/);
  });

  it('a body that is not an object is a 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'A', email: 'a@b.co', phone: '03001234567', message: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBeTruthy();
  });
});

describe('services', () => {
  it('get a unique slug from the title and can be read by it', async () => {
    const payload = { title: 'Split AC Repair', description: 'Fast repairs.', serviceName: 'air_c_m' };
    const a = (await t.app.inject({ method: 'POST', url: '/api/service', headers: auth, payload })).json();
    const b = (await t.app.inject({ method: 'POST', url: '/api/service', headers: auth, payload })).json();
    expect(a.slug).toBe('split-ac-repair');
    expect(b.slug).toBe('split-ac-repair-2');
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/service/split-ac-repair-2' });
    expect(bySlug.json()._id).toBe(b._id);
  });

  it('lists in a stable, editable order', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as {
      _id: string;
      sortOrder: number;
    }[];
    const last = before.at(-1)!;
    await t.app.inject({
      method: 'PUT',
      url: `/api/service/${last._id}`,
      headers: auth,
      payload: { sortOrder: 0 },
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as { _id: string }[];
    expect(after[0]?._id).toBe(last._id);
  });
});
