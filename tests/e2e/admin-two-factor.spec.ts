import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminTest, apiWrite, expect, expectAccessible, requestAccount, unique } from './fixtures';
import { pageReady } from './support/public';

// A wrong code is refused with a 400 or 401; the browser logs each.
// An editor's dashboard asks for the Users count and hears 403.
adminTest.use({ expectedConsoleErrors: [/status of 40[013] /] });

/** A code of the authenticator app `stepsAhead` 30-second steps from now (the server takes ±1). */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function loginWithPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await pageReady(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

adminTest(
  'a staff member turns on two-factor sign-in, signs in with a code, and recovers with a recovery code',
  async ({ page: adminPage, browser, baseURL, workerSite }) => {
    // A new editor, approved by the admin.
    const username = unique('twofa').replace(/\s/g, '-');
    const password = 'two-factor-password-1';
    const userId = await requestAccount(baseURL, workerSite.adminStatePath, {
      name: 'Second Factor',
      username,
      password,
    });
    await adminPage.goto('/dashboard');
    await apiWrite(adminPage, 'PUT', `/api/users/${userId}`, { role: 'editor' });

    const page = await freshPage(browser, baseURL);
    await loginWithPassword(page, username, password);
    await expect(page).toHaveURL('/dashboard');

    // My account: turn it on, reading the secret from the page as a person would type it.
    await page.goto('/account');
    const section = page.locator('#two-factor');
    await expect(section.getByText('Off.')).toBeVisible();
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await section.locator('code.two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/two-factor-setup-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await section.getByLabel('Authentication code').fill('000000');
    await section.getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByText('That code is not right.')).toBeVisible();
    await section.getByLabel('Authentication code').fill(codeFor(secret));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allInnerTexts();
    await expect(section.getByRole('link', { name: 'Download (.txt)' })).toHaveAttribute(
      'download',
      'recovery-codes.txt',
    );
    await page.screenshot({ path: 'test-results/two-factor-codes-1280.png', fullPage: true });
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();

    // Signing in now takes a code: the one that turned it on is spent, the next one works.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await loginWithPassword(page, username, password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    const codeField = page.getByLabel('Authentication code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await page.screenshot({ path: 'test-results/two-factor-login-1280.png', fullPage: true });
    await codeField.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');

    // Without the phone: a recovery code, once.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await loginWithPassword(page, username, password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await loginWithPassword(page, username, password);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'That recovery code is not right or was already used.',
    );
    await page.screenshot({ path: 'test-results/two-factor-login-390.png', fullPage: true });
    await page.context().close();
  },
);
