import { beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveItem } from '../../../shared/go-live';
import { createTestApp } from '../../test/helpers';
import { seedDemoInto } from '../demo/seed';

// A site as the first start leaves it: demo content and demo settings, no PUBLIC_URL, no mail.
const t = await createTestApp({ env: { PUBLIC_URL: '', SMTP_URL: '' } });
let admin: { authorization: string };
let editor: { authorization: string };
beforeAll(async () => {
  await seedDemoInto(t.app);
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
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
    // Fixed where the site runs, not in the staff area: no link.
    expect(items.publicUrl!.fix).toBeUndefined();
    const demo = items.demoContent!;
    expect(demo.title).toMatch(/^\d+ demo records are still on the site$/);
    expect(demo.records).toContainEqual({ name: expect.stringMatching(/^Service: /), href: '/addServices' });
  });

  it('clears each settings item once the setting is the company’s own', async () => {
    await t.saveSettings(
      {
        notifyEmail: 'desk@coolfix.pk',
        phone: '04235761234',
        chatNumber: '923331234567',
        portal1Url: 'https://portal.coolfix.pk/',
        portal2Url: 'https://tech.coolfix.pk/',
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
      `insert into mail_outbox (resource, record_id, to_address, subject, body, attempts, last_error)
       values ('contactus', 'x', 'desk@coolfix.pk', 'New request', 'Hello', 3, '535 Authentication failed')`,
    );
    const failing = (await openItems()).mailFailing!;
    expect(failing.title).toBe('An e-mail keeps failing');
    expect(failing.detail).toContain('535 Authentication failed');
  });

  it('is for admins: an editor is refused and a visitor asked to log in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/go-live', headers: editor })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/go-live' })).statusCode).toBe(401);
  });
});
