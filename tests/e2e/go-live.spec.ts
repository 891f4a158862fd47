import { expect, expectAccessible, test } from './fixtures';
import { E2E_SETUP_CODE } from './setup-code';
import { type MailingServer, startMailingServer } from './support/mailing-server';

// A site as its first start leaves it (demo content, demo settings), on a server of its own, so
// that setting the company's own phone and links here changes nothing other journeys read.
const OWNER = { name: 'Site Owner', username: 'site-owner', password: 'site owner passphrase' };

let site: MailingServer;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startMailingServer('go-live', { demoContent: true });
  const signup = await fetch(`${site.origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...OWNER, setupCode: E2E_SETUP_CODE }),
  });
  expect(signup.status).toBe(201);
  const login = await fetch(`${site.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
  });
  token = (await login.json()).token;
});

test.afterAll(async () => {
  await site?.stop();
});

test('the go-live checklist names what is still demo and clears item by item', async ({ page }) => {
  test.setTimeout(180_000);
  await page.context().addCookies([{ name: 'session', value: token, url: site.origin }]);
  const checklist = page.getByRole('region', { name: /^Before you go live/ });
  const dashboard = async (left: number) => {
    await page.goto(`${site.origin}/dashboard`);
    await expect(checklist.getByRole('heading')).toHaveText(`Before you go live (${left} to do)`);
  };

  await dashboard(6);
  await expectAccessible(page);
  await expect(checklist).toContainText('Nobody is told about new requests');
  await expect(checklist).toContainText('The demo phone number is still shown');
  await expect(checklist).toContainText('https://portal.example.com/');
  await expect(checklist).toContainText('https://www.facebook.com/');
  await expect(checklist).toContainText('The demo’s trust signals are still shown');
  await checklist.getByText('Which ones').click();
  await expect(checklist.getByRole('link', { name: /^Service: / }).first()).toBeVisible();

  const save = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toContainText('Data Updated Successfully!');
  };

  // Each settings item leads to the settings, and goes once the setting is the company's own.
  await checklist
    .getByRole('listitem')
    .filter({ hasText: 'Nobody is told' })
    .getByRole('link', { name: 'Fix it in Site settings' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await save({ 'Send new requests to': 'desk@coolfix.pk' });
  await dashboard(5);
  await expect(checklist).not.toContainText('Nobody is told about new requests');

  await page.goto(`${site.origin}/settings`);
  await save({ Phone: '04235761234', 'Chat (WhatsApp) number': '923331234567' });
  await dashboard(4);

  await page.goto(`${site.origin}/settings`);
  await save({
    'First portal address': 'https://portal.coolfix.pk/',
    'Second portal address': 'https://tech.coolfix.pk/',
  });
  await dashboard(3);

  await page.goto(`${site.origin}/settings`);
  await save({ Facebook: 'https://www.facebook.com/coolfix.pk', Instagram: '', LinkedIn: '' });
  await dashboard(2);

  // The company's own figures in place of the demo's.
  await page.goto(`${site.origin}/settings`);
  await save({
    'Year founded': '2014',
    'Jobs completed': '3150',
    'Review rating': '4.6',
    'Number of reviews': '88',
  });
  await dashboard(2);
  await expect(checklist).toContainText('certifications');
  await expect(checklist).not.toContainText('rating (4.8');
  const certificates = await fetch(`${site.origin}/api/settings`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const current = await certificates.json();
  const cleared = await fetch(`${site.origin}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ certifications: [], version: current.version }),
  });
  expect(cleared.status, await cleared.text()).toBe(200);
  await dashboard(1);
  await expect(checklist).toContainText(/\d+ demo records are still on the site/);

  // The demo content, replaced: once the last seeded record is gone, so is the checklist.
  const authorization = { authorization: `Bearer ${token}` };
  for (const type of [
    'project',
    'service',
    'client',
    'servicecenter',
    'department',
    'aboutus',
    'gallery',
    'team',
    'testimonial',
  ]) {
    const list = await fetch(`${site.origin}/api/${type}`);
    if (!list.ok) continue;
    for (const record of (await list.json()) as { _id: string }[]) {
      const res = await fetch(`${site.origin}/api/${type}/${record._id}`, {
        method: 'DELETE',
        headers: authorization,
      });
      expect(res.status, `${type} ${record._id}`).toBe(200);
    }
  }
  await page.goto(`${site.origin}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
