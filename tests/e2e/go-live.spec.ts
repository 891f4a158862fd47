import { expect, expectAccessible, test } from './fixtures';
import { E2E_SETUP_CODE } from './setup-code';
import { type MailingServer, startMailingServer } from './support/mailing-server';

// A site as its first start leaves it (demo content, demo settings), on a server of its own, so
// that setting the company's own phone and links here changes nothing other journeys read.
const OWNER = { name: 'Site Owner', username: 'site-owner', password: 'site owner passphrase' };

let site: MailingServer;
let token: string;
let ownerId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startMailingServer('go-live', { demoContent: true });
  const signup = await fetch(`${site.origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...OWNER, setupCode: E2E_SETUP_CODE }),
  });
  expect(signup.status).toBe(201);
  ownerId = (await signup.json())._id;
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

  await dashboard(7);
  await expectAccessible(page);
  // Nobody set "Send new requests to": the mails go to the company address, still the demo's.
  await expect(checklist).toContainText('New requests go to the demo’s address');
  await expect(checklist).toContainText('mailed to info@coolfix.pk');
  await expect(checklist).toContainText('Urgent requests are accepted but nobody is on call');
  await expect(checklist).toContainText('The demo phone number is still shown');
  await expect(checklist).toContainText('https://portal.example.com/');
  await expect(checklist).toContainText('https://www.facebook.com/');
  await expect(checklist).toContainText('The demo’s trust signals are still shown');
  await checklist.getByText('Which ones').click();
  await expect(checklist.getByRole('link', { name: /^Service: / }).first()).toBeVisible();

  // The site's words are published; the operations (where mail goes) are saved as they are.
  const save = async (fields: Record<string, string>, part: 'words' | 'operations' = 'words') => {
    for (const [label, value] of Object.entries(fields))
      await page.getByLabel(label, { exact: true }).fill(value);
    if (part === 'words')
      await page
        .getByRole('region', { name: 'What visitors read' })
        .getByRole('button', { name: 'Publish' })
        .click();
    else await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Data Updated Successfully!' })).toBeVisible();
  };

  // Each settings item leads to the settings, and goes once the setting is the company's own.
  await checklist
    .getByRole('listitem')
    .filter({ hasText: 'the demo’s address' })
    .getByRole('link', { name: 'Fix it in Site settings' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await save({ 'Send new requests to': 'desk@coolfix.pk' }, 'operations');
  await dashboard(6);
  await expect(checklist).not.toContainText('the demo’s address');

  await page.goto(`${site.origin}/settings`);
  await save({ Phone: '04235761234', 'Chat (WhatsApp) number': '923331234567' });
  await dashboard(5);

  // A company without apps clears the Apps menu: it leaves the public header.
  await page.goto(`${site.origin}/settings`);
  await save({
    'First portal name': '',
    'First portal address': '',
    'Second portal name': '',
    'Second portal address': '',
  });
  await dashboard(4);
  await page.goto(`${site.origin}/home`);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }),
  ).toBeVisible();
  await expect(page.locator('summary', { hasText: 'Apps' })).toHaveCount(0);

  await page.goto(`${site.origin}/settings`);
  await save({ Facebook: 'https://www.facebook.com/coolfix.pk', Instagram: '', LinkedIn: '' });
  await dashboard(3);

  // The company's own figures in place of the demo's.
  await page.goto(`${site.origin}/settings`);
  await save({
    'Year founded': '2014',
    'Jobs completed': '3150',
    'Review rating': '4.6',
    'Number of reviews': '88',
  });
  await dashboard(3);
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
  await dashboard(2);

  // Someone on call: the item leads to the rota, and goes once it has a shift.
  await checklist.getByRole('link', { name: 'Set up the on-call rota' }).click();
  await expect(page).toHaveURL(/\/on-call$/);
  const authorization = { authorization: `Bearer ${token}` };
  const rota = await fetch(`${site.origin}/api/on-call`, {
    method: 'PUT',
    headers: { ...authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      shifts: [{ userId: ownerId, days: ['sat', 'sun'], start: '00:00', end: '24:00' }],
    }),
  });
  expect(rota.status, await rota.text()).toBe(200);
  await dashboard(1);
  const demoCount = async () =>
    Number(
      (await checklist.getByText(/\d+ demo records are still on the site/).textContent())!.match(/\d+/)![0],
    );
  const demoRecords = await demoCount();

  // A demo record rewritten, its title and its description, is the company's own.
  const [service] = (await (await fetch(`${site.origin}/api/service`)).json()) as Record<string, unknown>[];
  const rewritten = await fetch(`${site.origin}/api/service/${service!._id}`, {
    method: 'PUT',
    headers: { ...authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...service,
      title: 'Cold store repairs, Lahore',
      description: 'Our own words about the cold stores we keep running.',
    }),
  });
  expect(rewritten.status, await rewritten.text()).toBe(200);
  await dashboard(1);
  await expect(checklist.getByText(`${demoRecords - 1} demo records are still on the site`)).toBeVisible();

  // The rest of the demo content, deleted: once the last seeded record is gone, so is the checklist.
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
      if (record._id === service!._id) continue;
      const res = await fetch(`${site.origin}/api/${type}/${record._id}`, {
        method: 'DELETE',
        headers: authorization,
      });
      expect(res.status, `${type} ${record._id}`).toBe(200);
    }
  }
  // With the demo's centers went its only emergency line, while the site's words still promise
  // 24/7: the one item left asks for a line, and goes once the company's own center has one.
  await dashboard(1);
  await expect(checklist).toContainText('The site promises 24/7, but no center has an emergency line');
  const center = await fetch(`${site.origin}/api/servicecenter`, {
    method: 'POST',
    headers: { ...authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Korangi Service Center',
      phone: '021 3555 0000',
      address: 'Plot 4, Sector 23, Korangi, Karachi',
      emergencyPhone: '0300 111 2244',
    }),
  });
  expect(center.status, await center.text()).toBe(201);
  await page.goto(`${site.origin}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
