import { type Page, request } from '@playwright/test';
import { apiWrite, expect, expectAccessible, requestAccount, adminTest as test, unique } from './fixtures';
import { pageReady } from './support/public';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const screenshots = process.env.SESSIONS_SCREENSHOTS;

// An editor's dashboard asks for the Users count and is refused (403), which the browser logs.
test.use({ expectedConsoleErrors: [/status of 403 /] });

/** A new editor (signed up, approved by the admin on `page`), and a phone signed in as them. */
async function editorWithPhone(page: Page, baseURL: string | undefined, adminStatePath: string) {
  const username = unique('sessions').replace(/\s/g, '-');
  const account = { name: `Sessions ${username.slice(-5)}`, username, password: 'editor-password-1' };
  const id = await requestAccount(baseURL, adminStatePath, account);
  await page.goto('/users');
  await pageReady(page);
  await apiWrite(page, 'PUT', `/api/users/${id}`, { role: 'editor' });
  const phone = await request.newContext({ baseURL, userAgent: IPHONE });
  expect((await phone.post('/api/auth/login', { data: account })).status()).toBe(200);
  return { account, phone };
}

test('a user sees their sessions on My account and signs out the others', async ({
  page,
  browser,
  baseURL,
  workerSite,
}) => {
  const { account, phone } = await editorWithPhone(page, baseURL, workerSite.adminStatePath);
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const laptop = await context.newPage();
  await laptop.goto('/login');
  await pageReady(laptop);
  await laptop.getByLabel('Username').fill(account.username);
  await laptop.getByLabel('Password', { exact: true }).fill(account.password);
  await laptop.getByRole('button', { name: 'Login' }).click();
  await expect(laptop).toHaveURL('/dashboard');

  await laptop.goto('/account');
  const sessions = laptop.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  const here = sessions.getByRole('row').filter({ hasText: 'This device' });
  await expect(here).toContainText(/Chrome on (Linux|Windows)/);
  await expect(here).toContainText('Signed in here');
  const iphone = sessions.getByRole('row').filter({ hasText: 'Safari on iPhone' });
  await expect(iphone).toContainText('127.0.0.1');
  await expectAccessible(laptop);
  if (screenshots) {
    await laptop.screenshot({ path: `${screenshots}/account-sessions-1280.png`, fullPage: true });
    await laptop.setViewportSize({ width: 390, height: 844 });
    await laptop.screenshot({ path: `${screenshots}/account-sessions-390.png`, fullPage: true });
    await laptop.setViewportSize({ width: 1280, height: 800 });
  }

  await iphone.getByRole('button', { name: /^Sign out/ }).click();
  await expect(laptop.getByRole('status')).toContainText('Signed out: Safari on iPhone');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  expect((await phone.get('/api/auth/current-user')).status()).toBe(401);

  // A second phone sign-in, then "Sign out everywhere else" keeps only this browser.
  const again = await request.newContext({ baseURL, userAgent: IPHONE });
  expect((await again.post('/api/auth/login', { data: account })).status()).toBe(200);
  await laptop.reload();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(laptop.getByRole('status')).toContainText('Only this device is still signed in.');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(laptop.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  expect((await again.get('/api/auth/current-user')).status()).toBe(401);
  await Promise.all([phone.dispose(), again.dispose(), context.close()]);
});

test("an admin sees a user's sessions on the Users screen and ends one", async ({
  page,
  baseURL,
  workerSite,
}) => {
  const { account, phone } = await editorWithPhone(page, baseURL, workerSite.adminStatePath);
  await page.goto('/users');
  await pageReady(page);
  const row = page.getByRole('row').filter({ hasText: account.username });
  await row.getByRole('button', { name: `Sessions of ${account.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sessions of ${account.name}` });
  await expect(dialog.getByRole('row').filter({ hasText: 'Safari on iPhone' })).toBeVisible();
  await expectAccessible(page);
  if (screenshots) {
    await page.screenshot({ path: `${screenshots}/users-sessions-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screenshots}/users-sessions-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await dialog
    .getByRole('row')
    .filter({ hasText: 'Safari on iPhone' })
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(page.getByRole('status')).toContainText('Signed out: Safari on iPhone');
  await expect(dialog.getByText('No active sessions.')).toBeVisible();
  expect((await phone.get('/api/auth/current-user')).status()).toBe(401);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await phone.dispose();
});
