import { request } from '@playwright/test';
import { expect, expectAccessible, adminTest as test, unique } from './fixtures';

// The revoked key's 401 is asked for on purpose; the browser does not see it (the API is called
// from the test, as another app would).
test('an admin creates an API key, copies it once, an app uses it, and revoking it stops it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^API keys/ })
    .click();
  await expect(page).toHaveURL('/api-keys');
  await expect(page.getByRole('heading', { name: /^API keys/ })).toBeVisible();

  // The shared schema refuses a key without scopes before anything is sent.
  const name = unique('Website sync');
  await page.getByLabel('Name', { exact: true }).fill(name);
  // Refused values leave the button aria-disabled but clickable, so it can say why.
  await page.getByRole('button', { name: 'Create key' }).click({ force: true });
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();
  // Every scope is offered, the request's field scopes among them, each with what it reaches.
  await expect(page.getByRole('checkbox', { name: /leads:assign.*Give a request/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /leads:contact.*Correct the customer/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /content:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  // Shown once, in full, with a Copy button.
  const dialog = page.getByRole('dialog', { name: `API key "${name}"` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('it is not shown again');
  await expectAccessible(page);
  const key = await dialog.getByLabel('API key').inputValue();
  expect(key).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Listed by name and its first characters, never the whole key.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('content:read');
  await expect(page.locator('main')).not.toContainText(key);

  // Another app (no cookies) calls the API with the key, as curl would.
  const app = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const asKey = { Authorization: `Bearer ${key}` };
  const services = await app.get('/api/service', { headers: asKey });
  expect(services.status()).toBe(200);
  expect(Array.isArray(await services.json())).toBe(true);
  const refused = await app.get('/api/contactus', { headers: asKey });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toContain('leads:read');

  // Its use shows on the list.
  await page.reload();
  await expect(row.getByRole('cell').nth(5)).not.toHaveText('Never');

  // Revoked: gone from the list, refused at once.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').first()).toContainText(`The API key "${name}" was revoked.`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  const after = await app.get('/api/service', { headers: asKey });
  expect(after.status()).toBe(401);
  await app.dispose();
});
