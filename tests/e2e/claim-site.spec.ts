import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, test } from './fixtures';
import { pageReady } from './support/public';
import { START_SCRIPT, startSite } from './support/site';

// The wrong guess is refused with 403, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 403/] });

test('an operator claims a fresh site with the link the server printed', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-claim-'));
  // A fresh site of its own, as an operator starts one: empty, and with no preset code, so the
  // server makes one and prints it.
  const site = await startSite({
    dataDir,
    entry: START_SCRIPT,
    env: { SEED_DEMO: 'false', SETUP_CODE: '', NODE_ENV: 'production' },
  });
  try {
    const link = /Claim this site: open (http:\/\/\S+\/signup\?code=[\w.~-]+)/.exec(site.startOutput)?.[1];
    expect(link, site.startOutput).toBeDefined();
    const origin = new URL(link!).origin;

    // Without the code the sign-up page asks for it, and a guess is refused with where to look.
    const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const guess = await stranger.newPage();
    await guess.goto(`${origin}/signup`);
    await pageReady(guess);
    await expect(guess.getByLabel('Setup code')).toBeVisible();
    await guess.getByLabel('Setup code').fill('a-wrong-guess-0000');
    await guess.getByLabel('Full name').fill('Stranger');
    await guess.getByLabel('Username').fill('stranger');
    await guess.getByLabel('Password', { exact: true }).fill('a long passphrase 1');
    await guess.getByRole('button', { name: 'Sign up' }).click();
    await expect(guess.getByRole('alert')).toContainText("Use the setup link printed in the server's log");
    const shots = process.env.SESSIONS_SCREENSHOTS;
    if (shots) {
      await guess.screenshot({ path: `${shots}/signup-unclaimed-1280.png`, fullPage: true });
      await guess.setViewportSize({ width: 390, height: 844 });
      await guess.screenshot({ path: `${shots}/signup-unclaimed-390.png`, fullPage: true });
    }
    await stranger.close();

    // The operator opens the printed link and creates the admin.
    const response = await page.goto(link!);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['referrer-policy']).toBe('same-origin');
    await pageReady(page);
    await expect(page.getByText('the account you create now becomes the admin')).toBeVisible();
    await expect(page.getByLabel('Setup code')).toHaveCount(0);
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/signup-link-1280.png`, fullPage: true });
    await page.getByLabel('Full name').fill('Site Owner');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password', { exact: true }).fill('owner passphrase 1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status')).toContainText('Your admin account is ready. You can log in now.');

    // The link is spent: opened again, it offers no form at all, since a claimed site takes staff
    // by invitation (decision 094), and certainly not a second admin.
    const late = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const again = await late.newPage();
    await again.goto(link!);
    await pageReady(again);
    await expect(again.getByRole('status')).toContainText('Accounts are by invitation');
    await expect(again.getByLabel('Username')).toHaveCount(0);
    await late.close();

    // The new admin logs in.
    await page.getByRole('link', { name: 'Go to login' }).click();
    await pageReady(page);
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password', { exact: true }).fill('owner passphrase 1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await pageReady(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  } finally {
    // Leave the site before it stops, so that no late request of the page fails.
    await page.goto('about:blank');
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
