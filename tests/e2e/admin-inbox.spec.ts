import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, type Records, adminTest as test, unique } from './fixtures';

/** Visitors' messages, sent through the public API, all carrying one tag to search them by. */
async function sendMessages(records: Records, tag: string, count: number) {
  const names: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `${tag} sender ${i}`;
    names.push(name);
    await records.create('contactus', {
      name,
      email: `sender${i}@example.com`,
      phone: `0300123${String(i).padStart(4, '0')}`,
      message: `Our cold room alarm went off (${tag}, ${i}).`,
    });
  }
  return names;
}

/** A message's row in the queue, found by the link that opens it (the sender's name). */
const cardOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
/** The queue's rows, the header row left out. */
const rows = (page: Page) => page.locator('tbody').getByRole('row');

test('staff read, mark, filter, delete and restore messages in the inbox', async ({ page, records }) => {
  const tag = unique('Inbox').replace(/\s/g, '');
  const [first, second] = await sendMessages(records, tag, 2);
  await page.goto(`/message?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [2]');
  const card = cardOf(page, first!);
  await expect(card).toContainText('sender1@example.com');
  await expect(card).toContainText('03001230001');
  await expect(card).toContainText(`Our cold room alarm went off (${tag}, 1).`);
  await expect(card.locator('time')).not.toBeEmpty();
  await expectAccessible(page);

  // Opening a message is seeing it (decision 100): back in the queue, its row says so quietly.
  await expect(card).toContainText('Not seen yet');
  await card.getByRole('link', { name: first!, exact: true }).click();
  await expect(page.getByText(`Seen by ${ADMIN.name},`)).toBeVisible();
  await page.getByRole('link', { name: /^← Back to/ }).click();
  await expect(card.getByRole('cell', { name: 'Seen', exact: true })).toBeVisible();

  // The Seen filter shows only what nobody has seen yet.
  await page.getByLabel('Seen', { exact: true }).selectOption('Not seen yet');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=Pending/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [1]');
  await expect(cardOf(page, second!)).toHaveCount(1);
  await expect(cardOf(page, first!)).toHaveCount(0);

  // Delete asks first; then the message is gone, with an Undo.
  await cardOf(page, second!)
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('Deleted successfully!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [0]');
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [1]');
  await expect(cardOf(page, second!)).toHaveCount(1);
});

test.describe('a delete the server refuses', () => {
  // The browser logs the refused request the journey fakes.
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test('a failed delete says "Something went wrong!" and keeps the message', async ({ page, records }) => {
    const tag = unique('Failing').replace(/\s/g, '');
    const [name] = await sendMessages(records, tag, 1);
    await page.goto(`/message?q=${tag}`);
    await page.route('**/api/contactus/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Down"}' })
        : route.continue(),
    );
    await cardOf(page, name!)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong!' })).toBeVisible();
    await expect(cardOf(page, name!)).toHaveCount(1);
  });
});

test('the inbox pages through many messages and exports what the filters show', async ({ page, records }) => {
  const tag = unique('Paged').replace(/\s/g, '');
  const names = await sendMessages(records, tag, 13);
  await page.goto(`/message?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [13]');
  // Queue order: requests still new wait oldest first, twelve a page.
  await expect(rows(page)).toHaveCount(12);
  await expect(cardOf(page, names[0]!)).toHaveCount(1);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(cardOf(page, names[12]!)).toHaveCount(1);

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/contactus/export.csv?q=${tag}`);
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.headers()['content-disposition']).toContain('attachment');
  const text = await csv.text();
  for (const name of names) expect(text).toContain(name);
  expect(text.trim().split(/\r?\n/)).toHaveLength(14);
});

test('a message caught by the spam trap waits under Spam until staff say it is not spam', async ({
  page,
  records,
}) => {
  const tag = unique('Trap').replace(/\s/g, '');
  const name = `${tag} bot`;
  await records.create('contactus', {
    name,
    email: 'bot@example.com',
    phone: '03001234567',
    message: `Cheap pills (${tag})`,
    website: 'http://spam.example',
  });
  await page.goto(`/message?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [0]');
  await page.getByLabel('Show').selectOption('true');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [1]');
  const card = cardOf(page, name);
  await expect(card).toContainText('Spam');
  await card.getByRole('button', { name: /^Not spam/ }).click();
  await expect(page.getByRole('status')).toContainText(`The message from ${name} is back in the inbox.`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [0]');
  await page.goto(`/message?q=${tag}`);
  await expect(cardOf(page, name)).toHaveCount(1);
});
