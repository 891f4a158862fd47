import { apiWrite, expect, expectAccessible, adminTest as test, unique } from './fixtures';

const SCREENS = [
  '/dashboard',
  '/addServices',
  '/addclient',
  '/addCenter',
  '/addDepartment',
  '/addAboutUs',
  '/addGallery',
  '/addTeam',
  '/addTestimonial',
  '/subscribers',
  '/message',
  '/users',
  '/api-keys',
  '/on-call',
  '/settings',
  '/trash',
  '/audit',
  '/jobs',
  '/account',
];

test.describe('every admin screen', () => {
  // One test a screen and width: each has its own time, and both workers share the list.
  test.describe.configure({ mode: 'parallel' });
  for (const width of [1280, 390]) {
    for (const path of SCREENS) {
      test(`${path} is accessible and fits a ${width} px wide screen`, async ({ page }) => {
        // A screen's load and an axe pass: a minute or more on a busy two-core machine.
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
        await expectAccessible(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      });
    }
  }
});

test('on a phone, tables turn into cards and the menu opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/addclient');
  const firstRow = page.getByRole('row').nth(1);
  const box = await firstRow.boundingBox();
  // One record per card, stacked: the row spans the screen and its cells stack vertically.
  expect(box?.width).toBeGreaterThan(300);
  const cells = firstRow.getByRole('cell');
  const [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y);
  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  await expect(nav).toBeHidden();
  // Menu and Log out are thumb-sized and far enough apart that one is never the other by a slip.
  const menu = (await page.getByRole('button', { name: 'Menu' }).boundingBox())!;
  const logOut = (await page.getByRole('button', { name: 'Log out' }).boundingBox())!;
  for (const target of [menu, logOut]) expect(target.height).toBeGreaterThanOrEqual(44);
  const [left, right] = menu.x < logOut.x ? [menu, logOut] : [logOut, menu];
  expect(right.x - (left.x + left.width)).toBeGreaterThanOrEqual(16);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Our services' }).click();
  await expect(page).toHaveURL('/addServices');
  await expect(nav).toBeHidden();
});

test('on a phone the queue’s filters fold away and say how many are on; on a desk they stay open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/message?stage=new&urgent=true');
  const stage = page.getByLabel('Stage');
  await expect(stage).toBeHidden();
  await page.getByText('Filters (2 on)').click();
  await expect(stage).toHaveValue('new');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/message');
  await expect(page.getByLabel('Stage')).toBeVisible();
  await expect(page.getByText(/^Filters/)).toBeHidden();
});

test('lists show each record’s picture and category; My account can show a typed password', async ({
  page,
}) => {
  await page.goto('/addServices');
  const header = page.getByRole('row').first();
  await expect(header.getByRole('columnheader', { name: 'Icon' })).toBeVisible();
  await expect(header.getByRole('columnheader', { name: 'Category' })).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByRole('img')).toHaveCount(1);

  await page.goto('/account');
  const current = page.getByLabel('Current password', { exact: true });
  await current.fill('what I typed');
  await expect(current).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(current).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
});

test('site settings are edited with the generic form and its messages; the words are published', async ({
  page,
}) => {
  await page.goto('/settings');
  const words = page.getByRole('region', { name: 'What visitors read' });
  const publish = words.getByRole('button', { name: 'Publish' });
  const email = page.getByLabel('Email', { exact: true });
  const original = await email.inputValue();
  await email.fill('not-an-address');
  await email.blur();
  await expect(page.getByText('Invalid email address.')).toBeVisible();
  await expect(publish).toBeDisabled();
  await email.fill(original);
  await expect(page.getByText('Invalid email address.')).toHaveCount(0);

  const youtube = page.getByLabel('YouTube');
  const channel = `https://www.youtube.com/@${unique('chan').replace(/\s/g, '')}`;
  await youtube.fill(channel);
  await publish.click();
  await expect(page.getByRole('status').filter({ hasText: 'Data Updated Successfully!' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('YouTube')).toHaveValue(channel);
  // A second publish right after the first works: the form took the new version.
  await page.getByLabel('YouTube').fill('');
  await words.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Data Updated Successfully!' })).toBeVisible();

  // The operations are saved as they are, in their own form.
  const notify = page.getByLabel('Send new requests to');
  const before = await notify.inputValue();
  await notify.fill('desk@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Data Updated Successfully!' }).last(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Send new requests to')).toHaveValue('desk@example.com');
  await page.getByLabel('Send new requests to').fill(before);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Send new requests to')).toHaveValue(before);
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
});

test('the trash restores a deleted record and deletes one for good; the audit log shows who did it', async ({
  page,
  records,
}) => {
  const name = unique('Trashed Client');
  const created = await records.create('client', {
    name,
    phone: '03001234567',
    address: 'Model Town',
  });
  await apiWrite(page, 'DELETE', `/api/client/${created._id}`);
  await page.goto('/trash?resource=client');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Client');
  await expect(row).toContainText('e2e-admin');
  await row.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByRole('status')).toContainText(`Restored “${name}”.`);
  await expect(row).toHaveCount(0);
  await page.goto('/addclient');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  await apiWrite(page, 'DELETE', `/api/client/${created._id}`);
  await page.goto('/trash');
  await row.getByRole('button', { name: /^Delete for good/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('delete this record for good');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('status')).toContainText('was deleted for good.');
  await expect(row).toHaveCount(0);

  await page.goto('/audit?resource=client');
  const entries = page.getByRole('row').filter({ hasText: created._id.slice(0, 8) });
  for (const action of ['Created', 'Deleted', 'Restored', 'Deleted for good'])
    await expect(entries.filter({ hasText: action }).first()).toContainText('e2e-admin');
});

test('the dashboard counts unread messages live', async ({ page, records }) => {
  await page.goto('/dashboard');
  const tile = page.getByRole('main').getByRole('link', { name: /^Message / });
  const before = Number((await tile.textContent())?.match(/(\d+) unread/)?.[1]);
  await records.create('contactus', {
    name: unique('Counter'),
    email: 'count@example.com',
    phone: '03001234567',
    message: 'Please call me back.',
  });
  await page.getByRole('link', { name: 'Our services' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(tile).toContainText(`${before + 1} unread`);
});

test('the public header shows Dashboard and Log out to signed-in staff', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  // A link to the logout page, which the logout island turns into an immediate sign-out.
  await expect(page.getByRole('link', { name: 'Log out' }).first()).toBeVisible();
});

test('subscribers are listed, searched, deleted, restored and exported', async ({ page, records }) => {
  const email = `${unique('reader').replace(/\s/g, '.')}@example.com`;
  await records.create('subscribers', { email });
  const local = email.split('@')[0]!;
  await page.goto('/subscribers');
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await page.getByLabel('Search subscribers').fill(local);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribers [1]');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  // Double opt-in: this server has no SMTP, so the address waits unconfirmed and the screen says why.
  await expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(/Confirmation e-mails cannot be sent until mail is set up/);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribers [0]');
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(row).toHaveCount(1);

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const rows = (await csv.text()).trim().split(/\r?\n/);
  // The export follows the search: a header line and this one subscriber.
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain('Confirmed');
  expect(rows[1]).toContain(email);
});

test.describe('a server that stops answering', () => {
  // The browser logs each failed status check the journey fakes.
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test('the admin area shows the server-down banner when the server stops answering', async ({ page }) => {
    await page.route('**/api/status', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: 'Server is not responding.' })).toBeVisible();
    await page.unroute('**/api/status');
  });
});
