import { expect, expectAccessible, test } from './fixtures';
import { E2E_SETUP_CODE } from './setup-code';
import { type MailingServer, startMailingServer } from './support/mailing-server';

// This journey reads the mail the site sends: it runs its own server (the worker's has no SMTP)
// beside a real SMTP peer, on a fresh embedded database.
const OWNER = {
  name: 'Owner',
  username: 'owner',
  password: 'first passphrase here',
  email: 'owner@example.com',
};

let site: MailingServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startMailingServer('recovery');
  origin = site.origin;
});

test.afterAll(async () => {
  await site?.stop();
});

/** The link to `pathname` in the `after`th mail to `to`. */
async function linkMailedTo(to: string, pathname: string, after = 0): Promise<string> {
  const text = await site.mailTo(to, after);
  const link = text.match(new RegExp(`${origin}${pathname}\\?token=[\\w-]{43}`))?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

// The second journey signs in with the password the first one chose.
test.describe.configure({ mode: 'serial' });

// The first reset page is opened once more after use, which the browser logs as a 400.
test.use({ expectedConsoleErrors: [/status of 400 /] });

test('a forgotten password is reset from the e-mailed link', async ({ browser, page }) => {
  // Sign up with an address; the address counts once its mailed link is opened, without JavaScript.
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...OWNER, setupCode: E2E_SETUP_CODE }),
  });
  expect(signup.status).toBe(201);
  const confirmLink = await linkMailedTo(OWNER.email, '/confirm-email');
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(confirmLink);
  await plain.getByRole('button', { name: 'Confirm address' }).click();
  await expect(plain.getByRole('status')).toHaveText(/Your e-mail address is confirmed/);
  await noScript.close();

  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Username or e-mail').fill(OWNER.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an account with an e-mail address matches/);

  const resetLink = await linkMailedTo(OWNER.email, '/reset', 1);
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('a new passphrase now');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('a different one');
  await page.getByLabel('Repeat the new password', { exact: true }).blur();
  await expect(page.getByText('The two passwords differ.')).toBeVisible();
  await page.getByLabel('Repeat the new password', { exact: true }).fill('a new passphrase now');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText(/Your password was changed/);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill('a new passphrase now');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);

  // The link worked once.
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This link was already used/);
});

test('staff change their e-mail on My account; it counts once the mailed link is opened', async ({
  page,
}) => {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill('a new passphrase now');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await page.goto(`${origin}/account`);
  await expect(page.getByText(`Reset links and notices go to ${OWNER.email}.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New e-mail address').fill('owner.new@example.com');
  await page.getByLabel('Your password', { exact: true }).fill('a new passphrase now');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link' })).toHaveText(
    /We sent a link to owner\.new@example\.com\. The change takes effect once you open it\./,
  );

  await page.goto(await linkMailedTo('owner.new@example.com', '/confirm-email'));
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(page.getByRole('status')).toHaveText(/Your e-mail address is confirmed/);
  await page.getByRole('link', { name: 'Go to My account' }).click();
  await expect(page.getByText('Reset links and notices go to owner.new@example.com.')).toBeVisible();
});
