import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_WORDS_ID } from '../../../shared/content/settings';
import { createTestApp } from '../../test/helpers';

/**
 * The site's public words (hero, about, company texts) are drafted, previewed, versioned and
 * scheduled like the content (decision 110); the operations' settings take effect when saved.
 */
const t = await createTestApp({ ssr: true });
let admin: { authorization: string; userId: string };
let editor: { authorization: string; userId: string };
let office: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
  office = await t.signIn('office');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = editor) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: as });
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

async function auditActions(): Promise<string[]> {
  const rows = await t.database.query<{ action: string }>(
    "select action from audit_log where resource = 'settings' and record_id = $1 order by at, id",
    [SITE_WORDS_ID],
  );
  return rows.map((row) => row.action);
}

describe("the site's words", () => {
  it('saved as a draft change nothing visitors read, on the API or the home page', async () => {
    const before = await anonymous('/api/settings');
    const homeBefore = await anonymous('/home');
    const saved = await call('PUT', '/api/settings', { heroTitle: 'A draft hero title', publish: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ heroTitle: 'A draft hero title', status: 'changed' });

    const after = await anonymous('/api/settings');
    expect(after.body).toBe(before.body);
    expect(after.json()).not.toHaveProperty('status');
    expect((await anonymous('/home')).body).not.toContain('A draft hero title');
    expect(homeBefore.statusCode).toBe(200);

    expect((await call('GET', '/api/settings')).json().heroTitle).not.toBe('A draft hero title');
    const draft = (await call('GET', '/api/settings?draft=1')).json();
    expect(draft).toMatchObject({ heroTitle: 'A draft hero title', status: 'changed' });
    expect(draft.draft).toMatchObject({ updatedBy: editor.userId, stale: false });
    // A content:read reader, a visitor: never the draft.
    expect((await anonymous('/api/settings?draft=1')).json().heroTitle).not.toBe('A draft hero title');
  });

  it('are previewed on the home page by a link that needs no account', async () => {
    await call('PUT', '/api/settings', { heroTitle: 'Previewed hero words', publish: false });
    const made = await call('POST', '/api/settings/preview');
    expect(made.statusCode).toBe(200);
    const url = new URL(made.json().url as string);
    const page = await anonymous(`${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Preview, not public');
    expect(page.body).toContain('Previewed hero words');
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect((await anonymous('/home')).body).not.toContain('Previewed hero words');
  });

  it('are previewed on the about page too, from a link in the banner; no other page is', async () => {
    await call('PUT', '/api/settings', { aboutIntro: 'Previewed about words.', publish: false });
    const url = new URL((await call('POST', '/api/settings/preview')).json().url as string);
    const home = await anonymous(`${url.pathname}${url.search}`);
    const about = `/preview?${new URLSearchParams({ token: url.searchParams.get('token') ?? '', page: '/about' })}`;
    expect(home.body).toContain(`href="${about.replaceAll('&', '&amp;')}"`);
    const aboutPage = await anonymous(about);
    expect(aboutPage.statusCode).toBe(200);
    expect(aboutPage.body).toContain('Previewed about words.');
    expect(aboutPage.body).toContain('Preview, not public');
    expect((await anonymous('/about')).body).not.toContain('Previewed about words.');
    // A page the words are not declared on shows the home page, never an arbitrary address.
    const other = await anonymous(`${url.pathname}${url.search}&page=${encodeURIComponent('/admin')}`);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('Previewed hero words');
  });

  it('go on the site when an editor publishes, as a kept version with one audit entry', async () => {
    const actionsBefore = (await auditActions()).length;
    await call('PUT', '/api/settings', { aboutIntro: 'Published about words.', publish: false });
    const published = await call('POST', '/api/settings/publish', {});
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ aboutIntro: 'Published about words.', status: 'published' });
    expect((await anonymous('/api/settings')).json().aboutIntro).toBe('Published about words.');
    expect((await anonymous('/about')).body).toContain('Published about words.');
    expect((await auditActions()).slice(actionsBefore)).toEqual(['publish']);

    const versions = (await call('GET', '/api/settings/versions')).json();
    expect(versions.data[0].fields).toEqual(expect.arrayContaining(['aboutIntro', 'heroTitle']));
    const n = versions.data[0].n as number;
    const read = (await call('GET', `/api/settings/versions/${n}`)).json();
    expect(read.values.aboutIntro).toBe('Published about words.');
    // Operations are not words: a version never holds where mail goes.
    expect(read.values).not.toHaveProperty('notifyEmail');
  });

  it('are saved only as a draft by the office, whose publish is refused', async () => {
    const refused = await call('PUT', '/api/settings', { tagline: 'Office says so' }, office);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/Publishing needs an editor or an admin/);
    const publish = await call('POST', '/api/settings/publish', {}, office);
    expect(publish.statusCode).toBe(403);
    const draft = await call('PUT', '/api/settings', { tagline: 'Office says so', publish: false }, office);
    expect(draft.statusCode).toBe(200);
    expect((await anonymous('/api/settings')).json().tagline).not.toBe('Office says so');
    // The office reads the draft, never the operations.
    const read = (await call('GET', '/api/settings?draft=1', undefined, office)).json();
    expect(read.tagline).toBe('Office says so');
    expect(read).not.toHaveProperty('notifyEmail');
  });

  it('a restored version becomes the draft, published only when someone publishes it', async () => {
    await call('PUT', '/api/settings', { tagline: 'Tagline one' });
    await call('PUT', '/api/settings', { tagline: 'Tagline two' });
    const versions = (await call('GET', '/api/settings/versions')).json();
    const one = versions.data.find((entry: { n: number }) => entry.n === versions.data[0].n - 1);
    const restored = await call('POST', `/api/settings/versions/${one.n}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ tagline: 'Tagline one', status: 'changed' });
    expect((await anonymous('/api/settings')).json().tagline).toBe('Tagline two');
    await call('POST', '/api/settings/publish', {});
    expect((await anonymous('/api/settings')).json().tagline).toBe('Tagline one');
  });

  it('scheduled, go live once when due, under the name of who scheduled them', async () => {
    await call('PUT', '/api/settings', { heroText: 'Words for the new season.', publish: false });
    const at = new Date(Date.now() + 86_400_000);
    const scheduled = await call('POST', '/api/settings/publish', { at: at.toISOString() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
    expect((await anonymous('/api/settings')).json().heroText).not.toBe('Words for the new season.');
    const ranAt = new Date(at.getTime() + 1000);
    await t.app.jobs.runDue(ranAt);
    expect((await anonymous('/api/settings')).json().heroText).toBe('Words for the new season.');
    // Published at the run's time on the app's clock, not the machine's.
    expect((await call('GET', '/api/settings')).json().publishedAt).toBe(ranAt.toISOString());
    const [entry] = await t.database.query<{ actor_id: string }>(
      `select actor_id::text as actor_id from audit_log
        where resource = 'settings' and record_id = $1 and action = 'publish' order by at desc limit 1`,
      [SITE_WORDS_ID],
    );
    expect(entry?.actor_id).toBe(editor.userId);
  });

  it('an admin changing an operation neither drafts it nor makes the draft of the words stale', async () => {
    await call('PUT', '/api/settings', { tagline: 'Draft beside an operation', publish: false });
    const drafted = await call(
      'PUT',
      '/api/settings',
      { notifyEmail: 'desk@example.com', publish: false },
      admin,
    );
    expect(drafted.statusCode).toBe(400);
    expect(drafted.json().fields.notifyEmail).toMatch(/not drafted/);
    const saved = await call('PUT', '/api/settings', { notifyEmail: 'desk@example.com' }, admin);
    expect(saved.statusCode).toBe(200);
    const draft = (await call('GET', '/api/settings?draft=1', undefined, admin)).json();
    expect(draft).toMatchObject({ tagline: 'Draft beside an operation', notifyEmail: 'desk@example.com' });
    expect(draft.draft.stale).toBe(false);
  });

  it('answer no one the operations they may not read, whatever the save', async () => {
    await call('PUT', '/api/settings', { notifyEmail: 'ops-only@example.com' }, admin);
    const current = (await call('GET', '/api/settings', undefined, admin)).json();
    const published = await call('PUT', '/api/settings', { tagline: `Tagline ${Date.now()}` });
    expect(published.statusCode).toBe(200);
    expect(published.json()).not.toHaveProperty('notifyEmail');
    const nothing = await call('PUT', '/api/settings', {}, office);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).not.toHaveProperty('notifyEmail');
    const stale = await call('PUT', '/api/settings', { version: current.version }, office);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).not.toHaveProperty('notifyEmail');
    // A save that changes nothing stores nothing: no new version for visitors' caches.
    const after = (await call('GET', '/api/settings', undefined, admin)).json();
    await call('PUT', '/api/settings', { tagline: after.tagline }, office);
    expect((await call('GET', '/api/settings', undefined, admin)).json().version).toBe(after.version);
  });

  it("keep their own version: an operation saved meanwhile does not refuse the words' next draft save", async () => {
    await call('POST', '/api/settings/publish', {});
    const opened = (await call('GET', '/api/settings?draft=1')).json();
    const settings = (await call('GET', '/api/settings', undefined, admin)).json();
    const operation = await call(
      'PUT',
      '/api/settings',
      { signupOpen: !settings.signupOpen, version: settings.version },
      admin,
    );
    expect(operation.statusCode).toBe(200);
    const draft = await call('PUT', '/api/settings', {
      heroTitle: 'Typed while an admin saved',
      version: opened.version,
      publish: false,
    });
    expect(draft.statusCode).toBe(200);
    // A version no row can have is refused as input, not a failure.
    expect((await call('PUT', '/api/settings', { tagline: 'x', version: 2 ** 31 })).statusCode).toBe(400);
  });

  it('are never taken off the site: there is no unpublish', async () => {
    expect((await call('POST', '/api/settings/unpublish', {})).statusCode).toBe(404);
  });
});
