import { SERVICE_CATEGORIES } from '../../src/shared/constants';
import { apiWrite, expect, expectAccessible, signedInAs, adminTest as test, unique } from './fixtures';

test('an editor gives a service a new web address and publishes it: the old address sends visitors on', async ({
  page,
  browser,
  baseURL,
  workerSite,
  records,
}) => {
  const title = unique('Moving service');
  const service = await records.create<{ _id: string; slug: string }>('service', {
    title,
    description: `${title}: what we do.`,
    serviceName: SERVICE_CATEGORIES[0],
  });
  const moved = `${service.slug}-moved`;

  const { page: editor, context } = await signedInAs('editor', {
    page,
    browser,
    baseURL,
    adminStatePath: workerSite.adminStatePath,
  });
  await editor.goto('/addServices');
  await editor.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = editor.getByRole('dialog', { name: 'Edit service' });
  const address = dialog.getByLabel('Web address');
  await expect(address).toHaveValue(service.slug);
  await expect(address).toHaveAccessibleDescription(/^\/services\/ .*old address keeps working/);

  // Refused in the form with the server's own words, before anything is sent.
  await address.fill('Not An Address!');
  await address.blur();
  await expect(dialog.getByText('Use lower-case letters, digits and single hyphens')).toBeVisible();
  await address.fill(moved);
  await expect(dialog.getByText('Use lower-case letters, digits and single hyphens')).toHaveCount(0);
  await expectAccessible(editor);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('status')).toContainText('Data Updated Successfully!');

  // The old address answers 301 with the new one, and a visitor following it lands on the page.
  const visitor = await browser.newContext({ baseURL });
  const old = await visitor.request.get(`/services/${service.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/services/${moved}`);
  const reader = await visitor.newPage();
  await reader.goto(`/services/${service.slug}`);
  await expect(reader).toHaveURL(`/services/${moved}`);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await Promise.all([visitor.close(), context.close()]);
});

test('an admin finds a scheduled publish in the job queue, with its record, time and state', async ({
  page,
  records,
}) => {
  const title = unique('Queued service');
  const service = await records.create<{ _id: string; version: number }>('service', {
    title,
    description: `${title}: as published.`,
    serviceName: SERVICE_CATEGORIES[0],
  });
  await apiWrite(page, 'PUT', `/api/service/${service._id}`, {
    description: `${title}: for tomorrow.`,
    publish: false,
  });
  // A whole minute a day ahead: the time the queue keeps is the one asked for.
  const at = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000).toISOString();
  await apiWrite(page, 'POST', `/api/service/${service._id}/publish`, { at });

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('link', { name: 'Job queue' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job queue/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Scheduled publish · Service', { exact: true })).toBeVisible();
  await expect(row.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(row.locator('time')).toHaveAttribute('datetime', at);
  await expect(row.getByRole('cell', { name: 'E2E Admin' })).toBeVisible();
  await expectAccessible(page);

  // The record's name leads to its list, searched for it, where its edit is.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/addServices\?q=/);
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('Scheduled', { exact: true }),
  ).toBeVisible();

  // Cancelled, it leaves the queue.
  await apiWrite(page, 'DELETE', `/api/service/${service._id}/publish`);
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: /^Job queue/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
