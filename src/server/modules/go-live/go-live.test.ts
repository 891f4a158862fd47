import { beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveItem } from '../../../shared/go-live';
import { createTestApp } from '../../test/helpers';
import { seedDemoInto } from '../demo/seed';

// A site as the first start leaves it: demo content and demo settings, no PUBLIC_URL, no mail, no
// one on call. Pages are rendered: the header follows the Apps settings.
const t = await createTestApp({ env: { PUBLIC_URL: '', SMTP_URL: '' }, ssr: true });
let admin: { authorization: string; userId: string };
let editor: { authorization: string };
beforeAll(async () => {
  await seedDemoInto(t.app);
  admin = await t.signIn('admin');
  editor = await t.signIn('office');
});

async function openItems(): Promise<Record<string, GoLiveItem>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/go-live', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return Object.fromEntries(res.json().items.map((item: GoLiveItem) => [item.id, item]));
}

describe('the go-live checklist', () => {
  it('names everything a first start leaves as demo or undone', async () => {
    const items = await openItems();
    expect(Object.keys(items)).toEqual([
      'notifyEmail',
      'phone',
      'portals',
      'social',
      'trust',
      'onCall',
      'publicUrl',
      'mail',
      'demoContent',
    ]);
    // A live site must not claim the demo company's rating, jobs and certificates.
    expect(items.trust!.detail).toContain('rating (4.8 from 326 reviews)');
    expect(items.trust!.detail).toContain('certifications');
    expect(items.portals!.detail).toContain('https://portal.example.com/');
    expect(items.social!.detail).toContain('https://www.facebook.com/');
    expect(items.notifyEmail!.fix).toEqual({ label: 'Fix it in Site settings', href: '/settings' });
    expect(items.onCall).toMatchObject({
      title: 'Urgent requests are accepted but nobody is on call',
      fix: { label: 'Set up the on-call rota', href: '/on-call' },
    });
    // Fixed where the site runs, not in the staff area: no link.
    expect(items.publicUrl!.fix).toBeUndefined();
    const demo = items.demoContent!;
    expect(demo.title).toMatch(/^\d+ demo records are still on the site$/);
    expect(demo.records).toContainEqual({ name: expect.stringMatching(/^Service: /), href: '/addServices' });
  });

  it('names the address new requests are really mailed to while it is the demo’s', async () => {
    // "Send new requests to" is empty: the request mails go to the company address, the demo's.
    expect((await openItems()).notifyEmail).toMatchObject({
      title: 'New requests go to the demo’s address',
      detail: expect.stringContaining('mailed to info@coolfix.pk'),
    });
    await t.saveSettings({ notifyEmail: 'alerts@example.com' }, admin);
    expect((await openItems()).notifyEmail!.detail).toContain('mailed to alerts@example.com');
    // Empty again, and the company address the company's own: that is where they go, so all is well.
    await t.saveSettings({ notifyEmail: '', email: 'hello@coolfix-lahore.pk' }, admin);
    expect((await openItems()).notifyEmail).toBeUndefined();
  });

  it('asks for someone on call while urgent requests are accepted, until the rota has a shift', async () => {
    const rota = await t.app.inject({
      method: 'PUT',
      url: '/api/on-call',
      headers: admin,
      payload: { shifts: [{ userId: admin.userId, days: ['mon', 'tue'], start: '09:00', end: '17:00' }] },
    });
    expect(rota.statusCode, rota.body).toBe(200);
    expect((await openItems()).onCall).toBeUndefined();
  });

  it('clears each settings item once the setting is the company’s own', async () => {
    await t.saveSettings(
      {
        notifyEmail: 'desk@coolfix.pk',
        phone: '04235761234',
        chatNumber: '923331234567',
        // The Apps menu is optional: cleared, it leaves the header.
        portal1Label: '',
        portal1Url: '',
        portal2Label: '',
        portal2Url: '',
        facebookUrl: 'https://www.facebook.com/coolfix.pk',
        instagramUrl: '',
        linkedinUrl: 'https://www.linkedin.com/company/coolfix',
        foundedYear: 2014,
        jobsCompleted: 3_150,
        ratingValue: '4.6',
        ratingCount: 88,
        certifications: [{ name: 'PEC licence C-4', issuer: 'Pakistan Engineering Council', image: '' }],
      },
      admin,
    );
    expect(Object.keys(await openItems())).toEqual(['publicUrl', 'mail', 'demoContent']);
    const home = await t.app.inject({ method: 'GET', url: '/home' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('href="/contact"');
    // Its styles are inlined in the page: only an element of the menu would be the menu.
    expect(home.body.match(/class="apps-menu"/g)).toBeNull();
    expect(home.body.includes('Customer Portal')).toBe(false);
    // An empty social link is left out of the footer too.
    expect(home.body).toContain('href="https://www.facebook.com/coolfix.pk"');
    expect(home.body.includes('instagram.com')).toBe(false);
  });

  it('keeps the Apps menu to the entries that have a name and an address', async () => {
    await t.saveSettings(
      { portal1Label: 'Customer Portal', portal1Url: 'https://portal.coolfix.pk/' },
      admin,
    );
    const home = (await t.app.inject({ method: 'GET', url: '/home' })).body;
    expect(home).toContain('href="https://portal.coolfix.pk/"');
    expect(home.match(/class="apps-menu"/g)).toHaveLength(2); // the desktop and the mobile menus
    expect(home.includes('Technician App')).toBe(false);
  });

  it('stops naming a demo record once its title and its description are rewritten, not the title alone', async () => {
    const count = async () => Number((await openItems()).demoContent!.title.match(/^\d+/)![0]);
    const before = await count();
    const services = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as {
      _id: string;
    }[];
    const url = `/api/service/${services[1]!._id}`;
    const edit = async (values: Record<string, unknown>) => {
      const current = (await t.app.inject({ method: 'GET', url })).json();
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { ...current, ...values },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit({ title: 'Walk-in freezer rescue' });
    expect(await count()).toBe(before);
    expect((await openItems()).demoContent!.records).toContainEqual({
      name: 'Service: Walk-in freezer rescue',
      href: '/addServices',
    });
    await edit({ description: 'Our own words about freezers, in our own voice.' });
    expect(await count()).toBe(before - 1);
    // A gallery album has no words: its title and its pictures replace it.
    const [album] = (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json() as {
      _id: string;
      images: unknown[];
    }[];
    const albumUrl = `/api/gallery/${album!._id}`;
    const current = (await t.app.inject({ method: 'GET', url: albumUrl })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: albumUrl,
      headers: admin,
      payload: { ...current, title: 'Our van depot', images: album!.images.slice(1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before - 2);
  });

  it('stops naming a demo record once it is deleted, and the item goes with the last one', async () => {
    const before = (await openItems()).demoContent!;
    const count = Number(before.title.match(/^\d+/)![0]);
    const services = (await t.app.inject({ method: 'GET', url: '/api/service' })).json() as { _id: string }[];
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/service/${services[0]!._id}`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await openItems()).demoContent!.title).toMatch(new RegExp(`^${count - 1} demo records`));
    await t.database.query('delete from demo_records');
    expect((await openItems()).demoContent).toBeUndefined();
  });

  it('says how many e-mails keep failing and what the mail server said last', async () => {
    await t.database.query(
      `insert into mail_outbox (resource, record_id, to_address, subject, body, html, attempts, last_error)
       values ('contactus', 'x', 'desk@coolfix.pk', 'New request', 'Hello', '', 3, '535 Authentication failed')`,
    );
    const failing = (await openItems()).mailFailing!;
    expect(failing.title).toBe('An e-mail keeps failing');
    expect(failing.detail).toContain('535 Authentication failed');
  });

  it('warns while the words promise 24/7 and no center has an emergency line', async () => {
    // The demo's Lahore center has one, so the demo's "available 24/7" is kept.
    expect((await openItems()).emergencyLine).toBeUndefined();
    const centers = (await t.app.inject({ method: 'GET', url: '/api/servicecenter' })).json() as {
      _id: string;
      emergencyPhone: string;
    }[];
    for (const center of centers.filter((c) => c.emergencyPhone)) {
      const url = `/api/servicecenter/${center._id}`;
      const current = (await t.app.inject({ method: 'GET', url, headers: admin })).json();
      const saved = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { ...current, emergencyPhone: '' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const item = (await openItems()).emergencyLine!;
    expect(item.title).toBe('The site promises 24/7, but no center has an emergency line');
    expect(item.detail).toContain('Tagline, Hero title');
    expect(item.fix).toEqual({ label: 'Add an emergency line to a service center', href: '/addCenter' });
    // Words that promise office hours only: nothing to warn about.
    await t.saveSettings(
      {
        tagline: 'Cooling and electrical experts',
        heroTitle: 'Our technicians come to you',
        aboutExpertise: 'Cooling and refrigeration solutions',
      },
      admin,
    );
    expect((await openItems()).emergencyLine).toBeUndefined();
  });

  it('is for admins: an editor is refused and a visitor asked to log in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/go-live', headers: editor })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/go-live' })).statusCode).toBe(401);
  });
});
