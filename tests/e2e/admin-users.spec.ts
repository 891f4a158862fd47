import { request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, expect, expectAccessible, requestAccount, adminTest as test, unique } from './fixtures';
import { pageReady } from './support/public';

// A pending account's refused login (403), an editor kept out of Users (403) and the last admin's
// refused demotion (409) are what these journeys check; the browser logs each of them.
test.use({ expectedConsoleErrors: [/status of 40[39] /] });

test('an admin approves a second user, who can then log in as an editor', async ({
  page,
  browser,
  baseURL,
  workerSite,
}) => {
  // Someone signs up (a visitor, no session), once the admin lets anyone ask for an account.
  const username = unique('editor').replace(/\s/g, '-');
  const password = 'editor-password-1';
  const name = `Editor ${username.slice(-5)}`;
  await requestAccount(baseURL, workerSite.adminStatePath, { name, username, password });

  // The dashboard counts sign-ups waiting for approval.
  await page.goto('/dashboard');
  const usersTile = page.getByRole('main').getByRole('link', { name: /^Users/ });
  await expect(usersTile).toContainText(/[1-9]\d* waiting for approval/);
  await usersTile.click();
  await expect(page).toHaveURL('/users');
  await expectAccessible(page);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Waiting for approval');
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByRole('status')).toContainText(`${name} can now log in as an editor.`);
  await expect(row.getByRole('combobox', { name: `Role of ${name}` })).toHaveValue('editor');

  // The new editor logs in and works, but the admin-only screens are not theirs.
  // A browser of its own, without the admin's saved session.
  const editorContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const editor = await editorContext.newPage();
  await editor.goto('/login');
  await pageReady(editor);
  await editor.getByLabel('Username').fill(username);
  await editor.getByLabel('Password', { exact: true }).fill(password);
  await editor.getByRole('button', { name: 'Login' }).click();
  await expect(editor).toHaveURL('/dashboard');
  await expect(editor.getByRole('link', { name: 'Add services' })).toBeVisible();
  await expect(editor.getByRole('link', { name: /^Users/ })).toHaveCount(0);
  // Not their screen: said inside the layout, and the Users API is never asked.
  const usersAsked = editor.waitForRequest('**/api/users', { timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  await editor.goto('/users');
  await expect(editor.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Users is not for your role',
  );
  expect(await usersAsked).toBe(false);
  // The header names the editor's role, never "Admin"; the way back is their first screen.
  await expect(editor.locator('.admin-brand-tag')).toHaveText('Editor');
  await expect(editor.getByRole('main').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // Editors change and publish the site's public words, and never see the operations (sign-in
  // rules, mail).
  await editor.goto('/settings');
  await expect(editor.getByLabel('Company name')).toBeEnabled();
  await expect(editor.getByRole('button', { name: 'Publish' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await expect(editor.getByRole('group', { name: 'Sign-in' })).toHaveCount(0);
  await expect(editor.getByLabel('Send new requests to')).toHaveCount(0);
  await editorContext.close();

  // Role changes and removal, each announced.
  await row.getByRole('combobox', { name: `Role of ${name}` }).selectOption('admin');
  await expect(page.getByRole('status')).toContainText(`${name} is now admin.`);
  await row.getByRole('combobox', { name: `Role of ${name}` }).selectOption('editor');
  await expect(page.getByRole('status')).toContainText(`${name} is now editor.`);
  await row.getByRole('button', { name: /^Remove/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status')).toContainText(`The account of ${name} was removed.`);
  await expect(row).toHaveCount(0);
});

test('the last admin cannot demote themselves: the server reason is shown', async ({ page }) => {
  await page.goto('/users');
  const me = page.getByRole('row').filter({ hasText: ADMIN.username });
  const role = me.getByRole('combobox', { name: `Role of ${ADMIN.name}` });
  await expect(role).toHaveValue('admin');
  await role.selectOption('editor');
  await expect(page.getByRole('alert').filter({ hasText: /admin/i }).first()).toBeVisible();
  await expect(role).toHaveValue('admin');
});

test('an admin turns off the two-factor sign-in of someone who lost phone and recovery codes', async ({
  page,
  baseURL,
  workerSite,
}) => {
  // An approved editor with two-factor sign-in on, made through the API.
  const visitor = await request.newContext({ baseURL });
  const admin = await request.newContext({ baseURL, storageState: workerSite.adminStatePath });
  const username = unique('phone').replace(/\s/g, '-');
  const password = 'lost-phone-password-1';
  const name = `Lost ${username.slice(-5)}`;
  const _id = await requestAccount(baseURL, workerSite.adminStatePath, { name, username, password });
  const xsrf = (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await admin.put(`/api/users/${_id}`, {
    data: { role: 'editor' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  const { token } = (await (
    await visitor.post('/api/auth/login', { data: { username, password } })
  ).json()) as {
    token: string;
  };
  const headers = { authorization: `Bearer ${token}` };
  const { secret } = (await (await visitor.post('/api/auth/2fa/setup', { headers })).json()) as {
    secret: string;
  };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  expect((await visitor.post('/api/auth/2fa/enable', { headers, data: { code } })).status()).toBe(200);

  await page.goto('/users');
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('2FA');
  // Not offered on the admin's own row: that goes through My account.
  const mine = page.getByRole('row').filter({ hasText: ADMIN.username });
  await expect(mine.getByRole('button', { name: /^Turn off two-factor/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Turn off two-factor/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('They will sign in with their password only');
  await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.getByRole('status')).toContainText(`Two-factor sign-in is off for ${name}.`);
  await expect(row).not.toContainText('2FA');
  await expect(row.getByRole('button', { name: /^Turn off two-factor/ })).toHaveCount(0);

  // The password alone signs in now.
  const login = await visitor.post('/api/auth/login', { data: { username, password } });
  expect(await login.json()).toMatchObject({ token: expect.any(String) });
  await Promise.all([admin.dispose(), visitor.dispose()]);
});
