import { request } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/shared/constants';
import { apiWrite, expect, expectAccessible, signedInAs, adminTest as test, unique } from './fixtures';

/** The job queue looks for due work every 10 s (server/modules/jobs): a publish lands within that. */
const GOES_LIVE_WITHIN_MS = 40_000;

test('a service edited as a draft: visitors keep the old words, the preview shows the new, and the schedule publishes them', async ({
  page,
  browser,
  baseURL,
  records,
}) => {
  test.setTimeout(120_000);
  const title = unique('Draft journey service');
  const before = `${title}: the words visitors read now.`;
  const after = `${title}: the words of the draft, for later.`;
  const service = await records.create<{ _id: string; slug: string }>('service', {
    title,
    description: before,
    serviceName: SERVICE_CATEGORIES[0],
  });
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  const publicPage = `/services/${service.slug}`;

  await page.goto('/addServices');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service' });
  await dialog.getByLabel('Description', { exact: true }).fill(after);

  // Typing stops, and the draft saves itself a few seconds later.
  await expect(dialog.getByText(/^Draft saved at \d{1,2}:\d{2} (am|pm)$/)).toBeVisible();
  await expect(dialog.getByText('Published with unpublished changes')).toBeVisible();
  await expectAccessible(page);
  await visitor.goto(publicPage);
  await expect(visitor.getByText(before)).toBeVisible();
  await expect(visitor.getByText(after)).toHaveCount(0);

  // The preview opens beside the form, with the draft's words and a banner saying what it is.
  const opened = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = await opened;
  await expect(preview).toHaveURL(/\/preview\?token=/);
  await expect(preview.getByText(after)).toBeVisible();
  await expect(preview.getByText('Preview, not public')).toBeVisible();
  await preview.close();

  // Scheduled a few seconds ahead, in the browser's clock as the date-time box takes it.
  await dialog.getByRole('button', { name: 'Schedule…' }).click();
  const soon = await page.evaluate(() => {
    const at = new Date(Date.now() + 8_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  });
  await dialog.getByLabel('Publish on').fill(soon);
  await expect(dialog.getByText(/^Goes on the site /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Scheduled “${title}” to go on the site`);

  // The queue publishes it: the visitor's page changes by itself, and the list says so.
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByText(after)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: GOES_LIVE_WITHIN_MS, intervals: [1_000] });
  await expect(visitor.getByText(before)).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: title }).getByText('Published', { exact: true }),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await visitor.context().close();
});

test('an earlier version compared word by word and restored as the draft, while the site keeps the published one', async ({
  page,
  baseURL,
  records,
}) => {
  const title = unique('Versions journey service');
  const first = `${title}: repairs on the same day.`;
  const second = `${title}: repairs and spare parts on the next day.`;
  const service = await records.create<{ _id: string; version: number }>('service', {
    title,
    description: first,
    serviceName: SERVICE_CATEGORIES[0],
  });
  await apiWrite(page, 'PUT', `/api/service/${service._id}`, {
    description: second,
    version: service.version,
  });

  await page.goto('/addServices');
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service' });
  await dialog.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('dialog', { name: `Versions of “${title}”` });
  await expect(versions.getByRole('button', { name: /^Version \d+/ })).toHaveCount(2);
  await versions.getByRole('button', { name: /^Version 1\b/ }).click();
  await expect(versions.getByRole('heading', { name: 'Version 1 against now' })).toBeVisible();
  // The words taken out since version 1 are struck through, those put in are marked.
  await expect(versions.getByRole('deletion').filter({ hasText: 'same' })).toBeVisible();
  await expect(versions.getByRole('insertion').filter({ hasText: 'spare parts' })).toBeVisible();
  await expectAccessible(page);

  await versions.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(versions).toBeHidden();
  await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue(first);
  await expect(dialog.getByText('Version 1 is the draft now.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Published with unpublished changes')).toBeVisible();
  // Restoring never publishes: visitors still read the second text.
  const visitor = await request.newContext({ baseURL });
  const read = (await (await visitor.get(`/api/service/${service._id}`)).json()) as { description: string };
  expect(read.description).toBe(second);
  await visitor.dispose();
});

test('someone without the right to publish saves drafts and is told who publishes them', async ({
  page,
  browser,
  baseURL,
  workerSite,
  records,
}) => {
  const title = unique('Office journey service');
  await records.create('service', {
    title,
    description: `${title}: as published.`,
    serviceName: SERVICE_CATEGORIES[0],
  });

  const { page: office, context } = await signedInAs('office', {
    page,
    browser,
    baseURL,
    adminStatePath: workerSite.adminStatePath,
  });
  await office.goto('/addServices');
  // The order of the services is what visitors see: the office cannot change it.
  await expect(office.getByRole('row').filter({ hasText: title })).toBeVisible();
  await expect(office.getByRole('button', { name: /^Move .* (up|down)$/ })).toHaveCount(0);
  await office.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = office.getByRole('dialog', { name: 'Edit service' });
  await expect(
    dialog.getByText('An admin or an editor puts them on the site.', { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save draft' })).toBeVisible();
  for (const name of ['Publish', 'Schedule…', 'Unpublish', 'Cancel schedule'])
    await expect(dialog.getByRole('button', { name, exact: true })).toHaveCount(0);
  await dialog.getByLabel('Description', { exact: true }).fill(`${title}: as the office would have it.`);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog.getByText(/^Draft saved at /)).toBeVisible();
  await expect(dialog.getByText('Published with unpublished changes')).toBeVisible();
  await context.close();
});
