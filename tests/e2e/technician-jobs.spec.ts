import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiWrite, expect, expectAccessible, requestAccount, adminTest as test, unique } from './fixtures';

const SHOTS = '/tmp/shots-technician-jobs';
const PHONE = { width: 390, height: 844 };

/**
 * A staff account as a person asks for it (sign-up, which the admin opens first: this journey does
 * not count on another having opened it), given its role by the admin on the page.
 */
async function staffMember(
  admin: Page,
  baseURL: string,
  adminStatePath: string,
  role: 'technician' | 'editor',
) {
  const person = {
    name: unique(role === 'technician' ? 'Tariq Technician' : 'Erum Editor'),
    username: unique(role).replace(/\W+/g, '-').toLowerCase(),
    password: `${role} passphrase 42`,
  };
  const _id = await requestAccount(baseURL, adminStatePath, person);
  await apiWrite(admin, 'PUT', `/api/users/${_id}`, { role });
  return { ...person, _id };
}

/** A visitor's request, with one photo of the fault, as the contact form sends it. */
async function fileRequest(api: APIRequestContext, name: string, area: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e6fb0' } })
    .jpeg()
    .toBuffer();
  const upload = await api.post('/api/contactus/photos', {
    multipart: { photo: { name: 'fault.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { token } = (await upload.json()) as { token: string };
  const response = await api.post('/api/contactus', {
    data: {
      name,
      email: 'customer@example.com',
      phone: '0300 123 4567',
      message: 'The split AC drips water onto the sofa.',
      area,
      photos: [token],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; reference: string };
}

/** A new browser on a phone, signed in by typing, as a technician starts the day. */
async function signInOnPhone(
  browser: Browser,
  baseURL: string,
  person: { username: string; password: string },
) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in once the login page has sent them on: a page opened sooner would ask them to log in.
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

/** A screen the role may not use: said inside the staff layout, which keeps its navigation. */
async function expectNotForRole(page: Page, path: string, role: string, home: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(/is not for your role$/);
  await expect(main).toContainText(`You are signed in as ${role}.`);
  await expect(main).toContainText('ask someone with the role Admin to change yours.');
  await expect(main.getByRole('link', { name: `Go to ${home}` })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(role);
  await expect(page.locator('#admin-nav')).toBeAttached();
}

test('a technician works their own job on a phone, and the screens of other roles say so', async ({
  page,
  browser,
  baseURL,
  workerSite,
}) => {
  test.setTimeout(120_000);
  const technician = await staffMember(page, baseURL!, workerSite.adminStatePath, 'technician');
  const customer = unique('Mehwish Customer');
  const mine = await fileRequest(page.request, customer, 'DHA Phase 5, Lahore');
  const other = await fileRequest(page.request, unique('Someone Else'), 'Gulberg, Lahore');
  const record = (await (await page.request.get(`/api/contactus/${mine._id}`)).json()) as { version: number };
  await apiWrite(page, 'PUT', `/api/contactus/${mine._id}`, {
    version: record.version,
    assignee: technician._id,
  });

  // Signing in lands on My jobs, with a short navigation.
  const phone = await signInOnPhone(browser, baseURL!, technician);
  const tech = phone.page;
  await expect(tech).toHaveURL('/my-jobs');
  await expect(tech.getByRole('heading', { level: 1 })).toHaveText('My jobs [1]');
  await tech.getByRole('button', { name: 'Menu' }).click();
  await expect(tech.getByRole('navigation', { name: 'Admin screens' }).getByRole('link')).toHaveText([
    'Dashboard',
    'My jobs',
    'My account',
  ]);
  await tech.getByRole('button', { name: 'Menu' }).click();

  // Only their job, with the ways to reach the customer and the place.
  const card = tech.getByRole('article').filter({ hasText: mine.reference });
  await expect(card).toHaveCount(1);
  await expect(tech.getByText(other.reference)).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(card.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/923001234567\?text=/,
  );
  await expect(card.getByRole('link', { name: /^Directions / })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=DHA%20Phase%205%2C%20Lahore',
  );
  const photo = card.getByRole('img', { name: /The fault, 1 of 1/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Big targets for one thumb, and nothing wider than the phone.
  for (const target of await card.locator('.btn').all()) {
    const box = await target.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  expect(
    await tech.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await tech.screenshot({ path: `${SHOTS}/my-jobs-390.png`, fullPage: true });
  await expectAccessible(tech);

  // Booking the visit: its time, then the stage; then a note.
  await card.getByLabel('Visit scheduled for').fill('2030-01-15T10:30');
  await card.getByRole('button', { name: /to Scheduled$/ }).click();
  await expect(tech.getByRole('status')).toContainText('is told: Scheduled');
  const scheduled = tech.getByRole('article').filter({ hasText: mine.reference });
  await expect(scheduled.locator('.stage-badge')).toHaveText('Scheduled');
  await expect(tech.getByRole('heading', { name: /^Upcoming visits/ })).toBeVisible();
  await scheduled.getByLabel('New note (staff only)').fill('Bring a drain pump; the tray is cracked.');
  await scheduled.getByRole('button', { name: 'Add note' }).click();
  await expect(tech.getByRole('status')).toContainText('Note added.');
  const saved = (await (await page.request.get(`/api/contactus/${mine._id}`)).json()) as {
    stage: string;
    notes: { text: string }[];
  };
  expect(saved.stage).toBe('scheduled');
  expect(saved.notes.map((note) => note.text)).toContain('Bring a drain pump; the tray is cracked.');

  // Their own request's page opens; the screens of other roles say they are not theirs.
  await scheduled.getByRole('link', { name: customer, exact: true }).click();
  await expect(tech.getByRole('heading', { level: 1 })).toHaveText(`Request ${mine.reference}`);
  await expect(tech.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(tech.getByLabel('Assignee')).toHaveCount(0);
  await expectAccessible(tech);
  await expectNotForRole(tech, '/addServices', 'Technician', 'My jobs');
  await tech.screenshot({ path: `${SHOTS}/not-for-role-390.png` });
  await expectAccessible(tech);
  await expectNotForRole(tech, '/users', 'Technician', 'My jobs');
  await phone.context.close();

  // An editor opening the requests gets the same page.
  const editor = await staffMember(page, baseURL!, workerSite.adminStatePath, 'editor');
  const editorPhone = await signInOnPhone(browser, baseURL!, editor);
  await expect(editorPhone.page).toHaveURL('/dashboard');
  await expectNotForRole(editorPhone.page, '/message', 'Editor', 'Dashboard');
  await editorPhone.context.close();
});

test('the Users screen shows what each role may do, on a phone and a desktop', async ({
  page,
  baseURL,
  workerSite,
}) => {
  // The longest username there may be: a phone's Users list wraps it rather than widening the page.
  await requestAccount(baseURL, workerSite.adminStatePath, {
    name: 'Long Name',
    username: unique('x'.repeat(50)).replace(/\W+/g, '-').slice(0, 64),
    password: 'a long enough passphrase',
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/users');
    const matrix = page.getByRole('region', { name: 'Rights of each role, by resource' });
    await expect(matrix.getByRole('columnheader')).toHaveText([
      'Resource',
      'Admin',
      'Office',
      'Editor',
      'Technician',
    ]);
    const requests = matrix
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Requests' }) });
    await expect(requests.getByRole('cell').last()).toHaveText('read, work, reply (own only)');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole('heading', { name: 'What each role may do' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/role-matrix-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }
});

test.describe("another's request", () => {
  // The browser logs the API's 404 for the request it asked for; that is the point here.
  test.use({ expectedConsoleErrors: [/status of 404/] });
  // A technician's session reaches only the requests assigned to them: another's answers 404.
  test('is not found for a technician, inside the staff layout', async ({
    page,
    browser,
    baseURL,
    workerSite,
  }) => {
    const technician = await staffMember(page, baseURL!, workerSite.adminStatePath, 'technician');
    const other = await fileRequest(page.request, unique('Someone Else'), 'Gulberg, Lahore');
    const phone = await signInOnPhone(browser, baseURL!, technician);
    await phone.page.goto(`/message/${other._id}`);
    await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('Request not found');
    await expect(phone.page.getByRole('main')).toContainText('not one of yours');
    // The staff layout on a phone: its screens are behind the Menu button.
    await expect(phone.page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await phone.context.close();
  });
});
