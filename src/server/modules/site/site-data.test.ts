import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ContentTypeDef } from '../../../shared/content/define';
import type { Field } from '../../../shared/content/fields';
import { schemasFor } from '../../../shared/content/schema';
import type { PublicTypeName } from '../../../shared/content/types';
import { contentTypes } from '../../../shared/content/types';
import { createTestApp } from '../../test/helpers';

/**
 * `SiteData` promises pages records typed by their declarations; the repository under it is not
 * typed per declaration. This checks the promise on a real database: every record a page can
 * read is exactly its declaration's record (no key more, none missing, each of its kind's type).
 */
const t = await createTestApp({ ssr: true });
let staff: { authorization: string };

/** The record made of each type, for the references of types made after it. */
const made = new Map<string, { _id: string; slug?: string }>();

const sample = (key: string, field: Field): unknown => {
  switch (field.kind) {
    case 'reference': {
      const target = made.get(field.to);
      return (field.by === 'id' ? target?._id : target?.slug) ?? null;
    }
    case 'date':
      return '2026-05-04';
    case 'number':
      return field.min;
    case 'list':
      return [];
    case 'weeklyHours':
      return { monday: { opens: '09:00', closes: '17:00' } };
    case 'point':
      return '31.5204,74.3587';
    case 'images':
      return [`/media/${key}-1.webp`, `/media/${key}-2.webp`];
    case 'image':
    case 'url':
      return `/media/${key}.webp`;
    case 'phone':
      return '03001234567';
    case 'email':
      return `${key}@example.com`;
    case 'select':
      return field.options[0];
    case 'rating':
      return 4;
    case 'boolean':
      return true;
    default:
      return `${field.label} of the sample`;
  }
};

const publicTypes = contentTypes.filter((def) => def.access.list === 'public');

beforeAll(async () => {
  staff = await t.signIn();
  for (const def of publicTypes) {
    const payload = Object.fromEntries(
      Object.entries(def.fields)
        .filter(([, field]) => field.input === 'always')
        .map(([key, field]) => [key, sample(key, field)]),
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/${def.name}`, headers: staff, payload });
    expect(res.statusCode, `${def.name}: ${res.body}`).toBe(201);
    made.set(def.name, res.json());
  }
});

const exactly = (def: ContentTypeDef) => (schemasFor(def).record as z.ZodObject).strict();

describe('records pages read (SiteData)', () => {
  it.each(publicTypes.map((def) => [def.name, def] as const))(
    '%s: every record is exactly what its declaration says',
    async (name, def) => {
      const records = await t.app.site.list(name as PublicTypeName);
      expect(records).toHaveLength(1);
      for (const record of records) {
        const parsed = exactly(def).safeParse(record);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        for (const [key, field] of Object.entries(def.fields)) {
          if (field.staffOnly) expect(record, key).not.toHaveProperty(key);
          else expect(record, key).toHaveProperty(key, sample(key, field));
        }
      }
    },
  );

  it('finds a service by its slug, typed the same way', async () => {
    const [listed] = await t.app.site.list('service');
    const found = await t.app.site.findBySlug('service', listed!.slug);
    expect(exactly(contentTypes[0]!).safeParse(found).success).toBe(true);
    expect(found?.title).toBe(listed?.title);
    expect(await t.app.site.findBySlug('service', 'no-such-service')).toBeNull();
  });

  it('reads a list filtered by a declared filter and cut to a limit, and one record by its id', async () => {
    const service = made.get('service')!._id;
    const more = { title: 'Second job', service, completedOn: '2026-09-01' };
    const second = await t.app.inject({ method: 'POST', url: '/api/project', headers: staff, payload: more });
    expect(second.statusCode, second.body).toBe(201);
    const latest = await t.app.site.list('project', { filters: { service }, limit: 1 });
    expect(latest.map((p) => p.title)).toEqual(['Second job']);
    expect(await t.app.site.list('project', { filters: { service }, limit: 5 })).toHaveLength(2);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: staff,
      payload: { title: 'No jobs yet', description: 'Nothing done.', serviceName: 'cctv' },
    });
    expect(await t.app.site.list('project', { filters: { service: other.json()._id } })).toEqual([]);
    const found = await t.app.site.findById('client', made.get('client')!._id);
    expect(exactly(contentTypes.find((def) => def.name === 'client')!).safeParse(found).success).toBe(true);
    expect(await t.app.site.findById('client', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await t.app.site.findById('client', 'not-an-id')).toBeNull();
    await t.app.inject({ method: 'DELETE', url: `/api/project/${second.json()._id}`, headers: staff });
    await t.app.inject({ method: 'DELETE', url: `/api/service/${other.json()._id}`, headers: staff });
  });

  it('refuses a type visitors may not list, whatever a caller passes', async () => {
    await expect(t.app.site.list('contactus' as PublicTypeName)).rejects.toThrow(/not public/);
  });
});

describe('staff-only fields never reach a visitor', () => {
  it('leaves the spam flag out of the answer a visitor gets for a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Visitor', email: 'visitor@example.com', phone: '03001234567', message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('spam');
    expect(res.json()).toHaveProperty('name', 'Visitor');
    // Staff reading the inbox see it.
    const inbox = await t.app.inject({ method: 'GET', url: '/api/contactus', headers: staff });
    expect(inbox.json().data[0]).toHaveProperty('spam', false);
  });

  it('keeps the notification address out of the settings API for visitors and out of every page', async () => {
    const notifyEmail = 'notify-secret@example.com';
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: staff,
      payload: { notifyEmail },
    });
    expect(put.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(anonymous.json()).not.toHaveProperty('notifyEmail');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/settings', headers: staff })).json(),
    ).toHaveProperty('notifyEmail', notifyEmail);
    // Pages are cached and replayed to visitors: not even a signed-in admin's page carries it.
    for (const headers of [{}, staff]) {
      const page = await t.app.inject({ method: 'GET', url: '/about', headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Bio of the sample');
      expect(page.body).not.toContain(notifyEmail);
    }
  });
});
