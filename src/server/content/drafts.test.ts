import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../shared/content/types';
import { buildApp } from '../app';
import type { ChangeTransaction } from '../db/change-log';
import { openDatabase } from '../db/client';
import { serverSecret } from '../db/server-secrets';
import { eventually } from '../test/eventually';
import { createTestApp, createTestDatabase, testDatabaseKind, testEnv } from '../test/helpers';
import { previewToken } from './preview-token';
import { PREVIEW_SECRET } from './publication-routes';
import { cancelSchedule, publishJobKey, publishNow, schedulePublish, unscheduleTrashed } from './publishing';

/**
 * Drafts, versions, previews and schedules of public content (decision 109), through the API as
 * staff and visitors use it, on whichever database the run is for.
 */
const t = await createTestApp({ ssr: true });
let editor: { authorization: string; userId: string };
let office: { authorization: string; userId: string };
beforeAll(async () => {
  await t.signIn('admin');
  editor = await t.signIn('editor');
  office = await t.signIn('office');
});

type Answer = Record<string, unknown> & { _id: string; version: number; slug: string; title: string };

let counter = 0;
async function newService(extra: Record<string, unknown> = {}): Promise<Answer> {
  const title = `Drafted service ${++counter} ${Date.now().toString(36)}`;
  return (await t.create(
    'service',
    { title, description: 'What we do, as published.', serviceName: 'paint', ...extra },
    editor,
  )) as Answer;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = editor) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: as });
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

async function auditActions(id: string): Promise<string[]> {
  const rows = await t.database.query<{ action: string }>(
    'select action from audit_log where record_id = $1 order by at',
    [id],
  );
  return rows.map((row) => row.action);
}

describe('a draft', () => {
  it('is saved without changing anything visitors read, and staff read it with ?draft=1', async () => {
    const service = await newService();
    const before = await anonymous(`/api/service/${service._id}`);
    const listBefore = await anonymous('/api/service');
    const saved = await call('PUT', `/api/service/${service._id}`, {
      description: 'Half-way through a rewrite.',
      publish: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ description: 'Half-way through a rewrite.', status: 'changed' });

    const after = await anonymous(`/api/service/${service._id}`);
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.json()).not.toHaveProperty('status');
    expect((await anonymous('/api/service')).body).toBe(listBefore.body);
    expect((await anonymous(`/api/service?q=${encodeURIComponent('Half-way')}`)).json()).toEqual([]);

    const staff = (await call('GET', `/api/service/${service._id}`)).json();
    expect(staff).toMatchObject({ description: 'What we do, as published.', status: 'changed' });
    const draft = (await call('GET', `/api/service/${service._id}?draft=1`)).json();
    expect(draft).toMatchObject({ description: 'Half-way through a rewrite.', status: 'changed' });
    expect(draft.draft).toMatchObject({ stale: false, updatedBy: editor.userId });
    // Only the create is in the audit log: saving a draft changed nothing public.
    expect(await auditActions(service._id)).toEqual(['create']);
  });

  it('has its own version for If-Match: a stale draft save is refused with the draft as it is', async () => {
    const service = await newService();
    const first = await call('PUT', `/api/service/${service._id}`, {
      title: `${service.title} (first)`,
      publish: false,
      version: service.version,
    });
    expect(first.statusCode).toBe(200);
    const draftVersion = first.json().version as number;
    expect(draftVersion).toBeGreaterThan(service.version);
    const stale = await call('PUT', `/api/service/${service._id}`, {
      title: `${service.title} (second)`,
      publish: false,
      version: service.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ title: `${service.title} (first)`, version: draftVersion });
    const next = await call('PUT', `/api/service/${service._id}`, {
      title: `${service.title} (second)`,
      publish: false,
      version: draftVersion,
    });
    expect(next.statusCode).toBe(200);
  });

  it('goes on the site when published: one audit entry, one version, the draft gone', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, { description: 'The new text.', publish: false });
    await call('PUT', `/api/service/${service._id}`, { description: 'The new text, final.', publish: false });
    const published = await call('POST', `/api/service/${service._id}/publish`, {});
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      description: 'The new text, final.',
      status: 'published',
      draft: null,
    });
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe('The new text, final.');
    expect(await auditActions(service._id)).toEqual(['create', 'publish']);
    const versions = (await call('GET', `/api/service/${service._id}/versions`)).json();
    expect(versions.totalCount).toBe(2);
    expect(versions.data[0]).toMatchObject({ n: 2, fields: ['description'] });
  });

  it('is kept when a write publishes at once, marked as begun before that publish', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, { description: 'A careful rewrite.', publish: false });
    const direct = await call('PUT', `/api/service/${service._id}`, { title: `${service.title} now` });
    expect(direct.statusCode).toBe(200);
    expect((await anonymous(`/api/service/${service._id}`)).json().title).toBe(`${service.title} now`);
    const staff = (await call('GET', `/api/service/${service._id}?draft=1`)).json();
    expect(staff).toMatchObject({ description: 'A careful rewrite.', status: 'changed' });
    expect(staff.draft.stale).toBe(true);
  });

  it('created as a draft is invisible to visitors until first published', async () => {
    const created = await call('POST', '/api/service', {
      title: `Not yet offered ${Date.now().toString(36)}`,
      description: 'Coming soon.',
      serviceName: 'paint',
      publish: false,
    });
    expect(created.statusCode).toBe(201);
    const record = created.json() as Answer;
    expect(record).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await anonymous(`/api/service/${record._id}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/service/${record.slug}`)).statusCode).toBe(404);
    expect((await anonymous('/api/service')).json().map((s: Answer) => s._id)).not.toContain(record._id);
    expect((await anonymous(`/services/${record.slug}`)).statusCode).toBe(404);
    expect((await anonymous('/sitemap.xml')).body).not.toContain(record.slug);
    const staffList = (await call('GET', '/api/service')).json() as Answer[];
    expect(staffList.find((s) => s._id === record._id)).toMatchObject({ status: 'draft' });

    expect((await call('POST', `/api/service/${record._id}/publish`, {})).statusCode).toBe(200);
    expect((await anonymous(`/api/service/${record.slug}`)).statusCode).toBe(200);
    expect((await anonymous(`/services/${record.slug}`)).statusCode).toBe(200);
  });

  it('comes off the site when unpublished, without being deleted, and back when published', async () => {
    const service = await newService();
    const off = await call('POST', `/api/service/${service._id}/unpublish`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await anonymous(`/api/service/${service._id}`)).statusCode).toBe(404);
    expect((await anonymous(`/services/${service.slug}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/service/${service._id}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/service/${service._id}/publish`, {})).json().status).toBe('published');
    expect((await anonymous(`/api/service/${service._id}`)).statusCode).toBe(200);
    expect(await auditActions(service._id)).toEqual(['create', 'unpublish', 'publish']);
  });

  it('is all the office may write: publishing needs an editor or an admin', async () => {
    const service = await newService();
    const direct = await call('PUT', `/api/service/${service._id}`, { title: 'Office title' }, office);
    expect(direct.statusCode).toBe(403);
    expect(direct.json().error).toMatch(/Save your change as a draft/);
    const draft = await call(
      'PUT',
      `/api/service/${service._id}`,
      { title: `${service.title} by the office`, publish: false },
      office,
    );
    expect(draft.statusCode).toBe(200);
    expect((await call('POST', `/api/service/${service._id}/publish`, {}, office)).statusCode).toBe(403);
    const create = await call(
      'POST',
      '/api/service',
      { title: 'Office', description: 'x', serviceName: 'paint' },
      office,
    );
    expect(create.statusCode).toBe(403);
    expect((await anonymous(`/api/service/${service._id}`)).json().title).toBe(service.title);
  });
});

describe('a draft-only change', () => {
  it('reaches no public surface, and leaves the page cache as it was', async () => {
    const service = await newService();
    const marker = `Zqx${Date.now().toString(36)}`;
    const sitemap = (await anonymous('/sitemap.xml')).body;
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(
      (match) => match[1] || '/',
    );
    expect(pages).toContain(`/services/${service.slug}`);
    const surfaces = [
      '/sitemap.xml',
      '/robots.txt',
      ...pages,
      ...contentTypes.filter((def) => def.access.list === 'public').map((def) => `/api/${def.name}`),
      `/api/service/${service._id}`,
      `/api/service/${service.slug}`,
      `/api/service?q=${marker}`,
    ];
    for (const url of surfaces) await anonymous(url);
    await t.app.responseCacheSettled();
    const before = new Map<string, string | undefined>();
    for (const url of surfaces) before.set(url, (await anonymous(url)).headers.etag as string | undefined);
    expect((await anonymous('/home')).headers['x-cache']).toBe('hit');

    const saved = await call('PUT', `/api/service/${service._id}`, {
      title: `${marker} title`,
      description: `${marker} words`,
      publish: false,
    });
    expect(saved.statusCode).toBe(200);
    for (const url of surfaces) {
      const res = await anonymous(url);
      expect(res.body, url).not.toContain(marker);
      expect(res.headers.etag, url).toBe(before.get(url));
    }
    // Nothing public changed, so nothing was cleared: the pages are still replayed from memory.
    expect((await anonymous('/home')).headers['x-cache']).toBe('hit');
    expect((await anonymous(`/services/${service.slug}`)).headers['x-cache']).toBe('hit');
  });
});

describe('what only writers read', () => {
  it('is not read by an API key that only reads, whoever it stands for', async () => {
    const admin = await t.signIn('admin');
    const hidden = await call('POST', '/api/service', {
      title: `Key never sees ${Date.now().toString(36)}`,
      description: 'Off the site.',
      serviceName: 'paint',
      publish: false,
    });
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, { description: 'A draft for writers.', publish: false });
    for (const userId of [undefined, editor.userId]) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: admin,
        payload: {
          name: `Reader ${userId ?? 'nobody'}`,
          scopes: ['content:read'],
          ...(userId ? { userId } : {}),
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const key = { authorization: `Bearer ${made.json().key as string}` };
      const list = (await t.app.inject({ method: 'GET', url: '/api/service?draft=1', headers: key })).json();
      expect(list.map((row: Answer) => row._id)).not.toContain(hidden.json()._id);
      expect(list.find((row: Answer) => row._id === service._id)).not.toHaveProperty('status');
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/service/${service._id}?draft=1`,
        headers: key,
      });
      expect(one.json().description).toBe('What we do, as published.');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/service/${hidden.json()._id}`, headers: key }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('is no choice for a visitor: a request for a service off the site is refused as unknown', async () => {
    const hidden = await call('POST', '/api/service', {
      title: `Not offered yet ${Date.now().toString(36)}`,
      description: 'Off the site.',
      serviceName: 'paint',
      publish: false,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: {
        name: 'A visitor',
        email: 'visitor@example.com',
        phone: '03001234567',
        message: 'Please quote for this.',
        service: hidden.json().slug,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ service: 'Choose a service from the list.' });
  });
});

describe('a preview link', () => {
  it('shows the public page with the draft to someone without an account, marked, noindex, no-store', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, {
      description: 'Previewed words only.',
      publish: false,
    });
    const made = await call('POST', `/api/service/${service._id}/preview`);
    expect(made.statusCode).toBe(200);
    const url = new URL(made.json().url as string);
    expect(url.pathname).toBe('/preview');
    const page = await anonymous(`${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Preview, not public');
    expect(page.body).toContain('Previewed words only.');
    expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    // The public page itself still shows what is published.
    const publicPage = await anonymous(`/services/${service.slug}`);
    expect(publicPage.body).not.toContain('Previewed words only.');
    expect(publicPage.body).not.toContain('Preview, not public');
  });

  it('stops working after its hour, and a forged or altered one never works', async () => {
    const service = await newService();
    const key = await serverSecret(t.database, PREVIEW_SECRET);
    const expired = previewToken(key, { type: 'service', id: service._id, expires: Date.now() - 1000 });
    const gone = await anonymous(`/preview?token=${expired}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('expired');
    expect(gone.headers['cache-control']).toMatch(/no-store/);
    const valid = previewToken(key, { type: 'service', id: service._id, expires: Date.now() + 60_000 });
    const forged = `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await anonymous(`/preview?token=${forged}`)).statusCode).toBe(404);
    expect((await anonymous('/preview?token=nonsense')).statusCode).toBe(404);
    expect((await anonymous(`/preview?token=${valid}`)).statusCode).toBe(200);
  });
});

describe('versions', () => {
  it('are listed, read, and restored into the draft without publishing', async () => {
    const service = await newService();
    for (const text of ['Second text.', 'Third text.']) {
      await call('PUT', `/api/service/${service._id}`, { description: text, publish: false });
      await call('POST', `/api/service/${service._id}/publish`, {});
    }
    const list = (await call('GET', `/api/service/${service._id}/versions`)).json();
    expect(list.data.map((v: { n: number }) => v.n)).toEqual([3, 2, 1]);
    expect(list.data[0].publishedBy).toMatch(/^editor/);
    const first = (await call('GET', `/api/service/${service._id}/versions/1`)).json();
    expect(first.values).toMatchObject({ description: 'What we do, as published.' });
    const restored = await call('POST', `/api/service/${service._id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ description: 'What we do, as published.', status: 'changed' });
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe('Third text.');
    expect((await call('GET', `/api/service/${service._id}/versions/9`)).statusCode).toBe(404);
    // Visitors never reach them.
    expect((await anonymous(`/api/service/${service._id}/versions`)).statusCode).toBe(401);
  });

  it('keep the last 50 per record', async () => {
    const service = await newService();
    for (let n = 0; n < 51; n++)
      expect(
        (await call('PUT', `/api/service/${service._id}`, { description: `Edition ${n}.` })).statusCode,
      ).toBe(200);
    const list = (await call('GET', `/api/service/${service._id}/versions?pageSize=100`)).json();
    expect(list.totalCount).toBe(50);
    expect(list.data[0].n).toBe(52);
    expect(list.data.at(-1).n).toBe(3);
  });
});

describe('a changed address', () => {
  it('answers 301 from the old one, on the page and the API, and the sitemap lists only the new one', async () => {
    const service = await newService();
    const slug = `${service.slug}-renamed`;
    await call('PUT', `/api/service/${service._id}`, { slug, publish: false });
    // Not yet: the draft's address is not the site's.
    expect((await anonymous(`/services/${slug}`)).statusCode).toBe(404);
    await call('POST', `/api/service/${service._id}/publish`, {});
    const page = await anonymous(`/services/${service.slug}`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/services/${slug}`);
    const api = await anonymous(`/api/service/${service.slug}`);
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe(`/api/service/${slug}`);
    const sitemap = (await anonymous('/sitemap.xml')).body;
    expect(sitemap).toContain(`/services/${slug}<`);
    expect(sitemap).not.toContain(`/services/${service.slug}<`);
  });

  it('that another record holds is refused with the field named', async () => {
    const [one, two] = [await newService(), await newService()];
    const taken = await call('PUT', `/api/service/${one._id}`, { slug: two.slug, publish: false });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.slug).toMatch(/Another record has this address/);
    const odd = await call('PUT', `/api/service/${one._id}`, { slug: 'Not A Slug!', publish: false });
    expect(odd.statusCode).toBe(400);
  });
});

describe('a scheduled publish', () => {
  it('is shown as scheduled, publishes when due through the job queue, and can be called off', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, { description: 'Goes live tomorrow.', publish: false });
    const at = new Date(Date.now() + 86_400_000);
    const scheduled = await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
    expect(
      (await call('GET', '/api/service')).json().find((s: Answer) => s._id === service._id),
    ).toMatchObject({
      status: 'scheduled',
    });
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe(
      'What we do, as published.',
    );
    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    const live = (await anonymous(`/api/service/${service._id}`)).json();
    expect(live.description).toBe('Goes live tomorrow.');
    expect(await auditActions(service._id)).toEqual(['create', 'schedule', 'publish']);
    const [publish] = await t.database.query<{ actor_id: string }>(
      "select actor_id::text as actor_id from audit_log where record_id = $1 and action = 'publish'",
      [service._id],
    );
    expect(publish?.actor_id).toBe(editor.userId);

    const other = await newService();
    await call('PUT', `/api/service/${other._id}`, { description: 'Never mind.', publish: false });
    await call('POST', `/api/service/${other._id}/publish`, { at: at.toISOString() });
    const off = await call('DELETE', `/api/service/${other._id}/publish`);
    expect(off.json()).toMatchObject({ status: 'changed', publishAt: null });
    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect((await anonymous(`/api/service/${other._id}`)).json().description).toBe(
      'What we do, as published.',
    );
  });

  it('is called off when someone who may not publish changes the draft: the office cannot publish by it', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, {
      description: 'Checked by the editor.',
      publish: false,
    });
    const at = new Date(Date.now() + 2 * 86_400_000);
    await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    const changed = await call(
      'PUT',
      `/api/service/${service._id}`,
      { description: 'Slipped in by the office.', publish: false },
      office,
    );
    expect(changed.json()).toMatchObject({ status: 'changed', publishAt: null });
    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe(
      'What we do, as published.',
    );
    // An editor's own change keeps the time.
    await call('PUT', `/api/service/${service._id}`, { description: 'Checked again.', publish: false });
    const kept = await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    expect(kept.json().status).toBe('scheduled');
    const edited = await call('PUT', `/api/service/${service._id}`, {
      description: 'Checked, final.',
      publish: false,
    });
    expect(edited.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
  });

  it('does not put older values back over a publish made since: it is called off instead', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, { description: 'The old plan.', publish: false });
    const at = new Date(Date.now() + 3 * 86_400_000);
    await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    await call('PUT', `/api/service/${service._id}`, { description: 'Published since, and newer.' });
    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe(
      'Published since, and newer.',
    );
    const staff = (await call('GET', `/api/service/${service._id}?draft=1`)).json();
    expect(staff).toMatchObject({ status: 'changed', publishAt: null, description: 'The old plan.' });
    expect(staff.draft.stale).toBe(true);
  });

  it('is called off when its record goes to the trash, and does not come back with it', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, {
      description: 'Planned, then deleted.',
      publish: false,
    });
    const at = new Date(Date.now() + 4 * 86_400_000);
    await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    const key = publishJobKey('service', service._id);
    expect(await t.app.jobs.pending(key)).not.toBeNull();

    expect((await call('DELETE', `/api/service/${service._id}`)).statusCode).toBe(200);
    expect(await t.app.jobs.pending(key)).toBeNull();
    expect(await auditActions(service._id)).toEqual(
      expect.arrayContaining(['schedule', 'unschedule', 'delete']),
    );
    const [draft] = await t.database.query<{ publish_at: Date | null }>(
      'select publish_at from content_drafts where record_id::text = $1',
      [service._id],
    );
    expect(draft).toEqual({ publish_at: null });

    const restored = await call('POST', `/api/trash/service/${service._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const staff = (await call('GET', `/api/service/${service._id}?draft=1`)).json();
    expect(staff).toMatchObject({
      status: 'changed',
      publishAt: null,
      description: 'Planned, then deleted.',
    });
    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect((await anonymous(`/api/service/${service._id}`)).json().description).toBe(
      'What we do, as published.',
    );
  });

  it('does nothing when it falls due for a record in the trash, and a restore calls its time off', async () => {
    const service = await newService();
    await call('PUT', `/api/service/${service._id}`, {
      description: 'Left scheduled in the trash.',
      publish: false,
    });
    const at = new Date(Date.now() + 5 * 86_400_000);
    await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
    // Deleted as before schedules went with their records: the draft's time and the job stay.
    const repository = t.app.repositories.get('service')!;
    await t.app.changes.write((tx) => repository.in(tx).softDelete(service._id));

    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect(await t.app.jobs.pending(publishJobKey('service', service._id))).toBeNull();
    const [failed] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from jobs where key = $1 and last_error is not null',
      [publishJobKey('service', service._id)],
    );
    expect(failed?.n).toBe(0);
    const trashed = await repository.findById(service._id, { trashed: true });
    expect(trashed).toMatchObject({
      description: 'What we do, as published.',
      publishedAt: service.publishedAt,
    });
    expect(await auditActions(service._id)).not.toContain('publish');

    // The draft still shows the time the trash kept: the restore calls it off.
    await call('POST', `/api/trash/service/${service._id}/restore`);
    const staff = (await call('GET', `/api/service/${service._id}?draft=1`)).json();
    expect(staff).toMatchObject({ status: 'changed', publishAt: null });
    expect(await auditActions(service._id)).toContain('unschedule');
  });

  it('runs while the same record is scheduled and called off over and over: no error, and no time left without its job', async () => {
    const service = await newService();
    const url = `/api/service/${service._id}`;
    const at = new Date(Date.now() + 6 * 86_400_000);
    const due = new Date(at.getTime() + 1000);
    const answers: number[] = [];
    const round = async (n: number) => {
      answers.push((await call('PUT', url, { description: `Round ${n}.`, publish: false })).statusCode);
      answers.push((await call('POST', `${url}/publish`, { at: at.toISOString() })).statusCode);
      // Called off, or published at once: either way its job goes, unless a run took it first.
      const end = n % 2 === 0 ? call('DELETE', `${url}/publish`) : call('POST', `${url}/publish`, {});
      answers.push((await end).statusCode);
    };
    // Each round's writes with the queue's runs at the same moment, each run a publish of the
    // record when its job is due.
    for (let n = 0; n < 12; n++)
      await Promise.all([round(n), t.app.jobs.runDue(due), t.app.jobs.runDue(due), t.app.jobs.runDue(due)]);
    await t.app.jobs.runDue(due);

    expect(answers.filter((status) => status !== 200)).toEqual([]);
    const key = publishJobKey('service', service._id);
    const [failed] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from jobs where key = $1 and last_error is not null',
      [key],
    );
    expect(failed?.n).toBe(0);
    // Everything due has run: no job waits, and no draft shows a time nobody will keep.
    expect(await t.app.jobs.pending(key)).toBeNull();
    expect((await call('GET', url)).json().status).not.toBe('scheduled');
  });

  it('runs once with two instances on one database, and survives a restart', async () => {
    const { database, url, drop } = await createTestDatabase();
    const second = url ? await openDatabase({ url, dataDir: '', poolSize: 4 }) : database;
    const open = (db: typeof database): Promise<FastifyInstance> =>
      buildApp({ env: testEnv(), database: db, logger: false });
    let apps = await Promise.all([database, second].map(open));
    try {
      const signup = await apps[0]!.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Admin',
          username: 'scheduler',
          password: 'correct horse battery',
          setupCode: 'test-setup-code-0123456789',
        },
      });
      expect(signup.statusCode).toBe(201);
      const login = await apps[0]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'scheduler', password: 'correct horse battery' },
      });
      const auth = { authorization: `Bearer ${login.json().token}` };
      const created = await apps[0]!.inject({
        method: 'POST',
        url: '/api/service',
        headers: auth,
        payload: { title: 'Scheduled twice over', description: 'Before.', serviceName: 'paint' },
      });
      const id = created.json()._id as string;
      await apps[0]!.inject({
        method: 'PUT',
        url: `/api/service/${id}`,
        headers: auth,
        payload: { description: 'After.', publish: false },
      });
      const at = new Date(Date.now() + 3_600_000);
      await apps[1]!.inject({
        method: 'POST',
        url: `/api/service/${id}/publish`,
        headers: auth,
        payload: { at },
      });

      // Both instances stop; the schedule is in the database, not in either of them.
      await Promise.all(apps.map((app) => app.close()));
      apps = await Promise.all([database, second].map(open));
      await Promise.all(apps.map((app) => app.ready()));
      await Promise.all(apps.map((app) => app.jobs.runDue(new Date(at.getTime() + 1000))));

      const read = await apps[1]!.inject({ method: 'GET', url: `/api/service/${id}` });
      expect(read.json().description).toBe('After.');
      const [counts] = await database.query<{ publishes: number; versions: number }>(
        `select (select count(*)::int from audit_log where record_id = $1 and action = 'publish') as publishes,
                (select count(*)::int from content_versions where record_id::text = $1) as versions`,
        [id],
      );
      expect(counts).toEqual({ publishes: 1, versions: 2 });
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      if (second !== database) await second.close();
      await drop();
    }
  });
});

/**
 * A writer of a record (schedule, cancel, publish now, delete) locks the record, then its draft,
 * then the job's row; the queue's run of its scheduled publish must take them in that order too, or
 * PostgreSQL ends one of the two as a deadlock. Here the writer holds the record while the run waits
 * for it, then finishes its write. PGlite is one connection: nothing runs at once there.
 */
describe.skipIf(testDatabaseKind !== 'postgres')(
  'a scheduled publish run while its record is written',
  () => {
    const repository = () => t.app.repositories.get('service')!;
    const later = new Date(Date.now() + 30 * 86_400_000);
    const writers: Record<string, (tx: ChangeTransaction, id: string) => Promise<unknown>> = {
      'calling it off': (tx, id) => cancelSchedule(tx, repository(), t.app.jobs, { id, actor: null }),
      'a new time': (tx, id) =>
        schedulePublish(tx, repository(), t.app.jobs, { id, at: later, actor: null, now: new Date() }),
      'publishing now': (tx, id) =>
        publishNow(tx, repository(), t.app.jobs, { id, actor: null, now: new Date() }),
      'moving it to the trash': async (tx, id) => {
        const deleted = await repository().in(tx).softDelete(id);
        if (deleted)
          await unscheduleTrashed(tx, repository().def, t.app.jobs, { record: deleted, actor: null });
      },
    };
    /** Whether another session of this database waits for a lock: the run, for the record. */
    const someoneWaits = async (tx: ChangeTransaction) =>
      (
        await tx.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        )
      )[0]!.n > 0;

    it.each(Object.keys(writers))(
      'is not a deadlock with %s: the writer wins, the run keeps nothing',
      async (name) => {
        const service = await newService();
        await call('PUT', `/api/service/${service._id}`, { description: 'Due now.', publish: false });
        const at = new Date(Date.now() + 7 * 86_400_000);
        await call('POST', `/api/service/${service._id}/publish`, { at: at.toISOString() });
        const key = publishJobKey('service', service._id);
        const publishesBefore = (await auditActions(service._id)).filter(
          (action) => action === 'publish',
        ).length;

        let run: Promise<number> | undefined;
        await t.app.changes.write(async (tx) => {
          await repository().in(tx).findById(service._id, { forUpdate: true });
          run = t.app.jobs.runDue(new Date(at.getTime() + 1000));
          await eventually(() => someoneWaits(tx), 5000);
          await writers[name]!(tx, service._id);
        });
        const ran = await run;
        const jobs = await t.database.query<{ last_error: string | null }>(
          'select last_error from jobs where key = $1',
          [key],
        );
        // Before the run took the job's row last, one of the two was ended with "deadlock detected".
        expect(jobs.map((job) => job.last_error)).toEqual(jobs.map(() => null));
        expect(ran).toBe(0);
        const publishes = (await auditActions(service._id)).filter((action) => action === 'publish').length;
        expect(publishes - publishesBefore).toBe(name === 'publishing now' ? 1 : 0);
        const pending = await t.app.jobs.pending(key);
        expect(pending?.dueAt ?? null).toBe(name === 'a new time' ? later.toISOString() : null);
      },
    );
  },
);

describe('the display order', () => {
  it('is what visitors see at once, so changing it needs the right to publish', async () => {
    const services = (await call('GET', '/api/service')).json() as Answer[];
    const order = services.map(({ _id, version }) => ({ _id, version })).reverse();
    const refused = await call('PUT', '/api/service/order', { order }, office);
    expect(refused.statusCode).toBe(403);
    const seen = (await anonymous('/api/service')).json() as Answer[];
    expect(seen.map((s) => s._id)).toEqual(services.filter((s) => s.publishedAt).map((s) => s._id));
    const moved = await call('PUT', '/api/service/order', { order });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(((await anonymous('/api/service')).json() as Answer[]).map((s) => s._id)).toEqual(
      services
        .filter((s) => s.publishedAt)
        .map((s) => s._id)
        .reverse(),
    );
  });
});
