import { request } from '@playwright/test';
import { ADMIN, expect, expectAccessible, requestAccount, test, unique } from './fixtures';
import { pageReady } from './support/public';

// Refused logins, sign-ups and passwords are what these journeys check: the browser logs each
// 400, 401 and 403 they provoke. Any other console error still fails them.
test.use({ expectedConsoleErrors: [/status of 40[013] /] });

const ADMIN_PATHS = [
  '/dashboard',
  '/addAboutUs',
  '/addGallery',
  '/addServices',
  '/addclient',
  '/addDepartment',
  '/addCenter',
  '/message',
  '/addTeam',
  '/addTestimonial',
  '/subscribers',
  '/users',
  '/settings',
  '/trash',
  '/audit',
  '/jobs',
  '/account',
];

test('every admin page sends a visitor without a session to the login page', async ({ page }) => {
  for (const path of ADMIN_PATHS) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('login shows the company, its selling points and the server reason of a failure', async ({ page }) => {
  await page.goto('/login');
  await pageReady(page);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  for (const point of [
    'Cooling and refrigeration solutions',
    '24/7 availability with prompt service',
    'High-quality electrical maintenance and repairs',
    'Professional installation',
  ])
    await expect(page.getByText(point)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Login Error: Invalid username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('login goes back to the page the guard came from, and Log out ends the session on the server', async ({
  page,
}) => {
  await page.goto('/addclient');
  await expect(page).toHaveURL(/\/login\?next=%2Faddclient$/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/addclient');
  await expect(page.getByRole('heading', { name: /Our clients/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  // The session works for the API too, until Log out.
  expect((await page.request.get('/api/auth/current-user')).status()).toBe(200);
  const sessionCookie = (await page.context().cookies()).find((c) => c.name === 'session');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  expect((await page.request.get('/api/auth/current-user')).status()).toBe(401);
  // Even the old cookie, replayed, is dead: the server revoked the session.
  const replay = await page.request.get('/api/auth/current-user', {
    headers: { cookie: `session=${sessionCookie?.value}` },
  });
  expect(replay.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('sign-up says accounts are by invitation until the admin lets anyone ask', async ({
  page,
  baseURL,
  workerSite,
}) => {
  const admin = await request.newContext({ baseURL, storageState: workerSite.adminStatePath });
  const xsrf = (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const setSignup = async (signupOpen: boolean) =>
    expect(
      (
        await admin.put('/api/settings', {
          data: { signupOpen },
          headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
        })
      ).status(),
    ).toBe(200);
  await setSignup(false);
  // Rendered by the server: the sentence, and no form to fill in.
  const html = await (await page.request.get('/signup')).text();
  expect(html).toContain('Accounts are by invitation: ask the company&#x27;s admin to invite you.');
  await page.goto('/signup');
  await pageReady(page);
  await expect(page.getByRole('status')).toContainText('Accounts are by invitation');
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expectAccessible(page);
  await setSignup(true);
  await admin.dispose();
});

test('sign-up validates, then says a later account waits for approval', async ({
  page,
  baseURL,
  workerSite,
}) => {
  // The admin lets anyone ask for an account (off once a site is claimed, decision 094).
  await requestAccount(baseURL, workerSite.adminStatePath, {
    name: 'Opener',
    username: unique('opener').replace(/\s/g, '-'),
    password: 'long-enough-password',
  });
  await page.goto('/signup');
  await pageReady(page);
  const signUp = page.getByRole('button', { name: 'Sign up' });
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Full name').focus();
  await page.getByLabel('Username').focus();
  await expect(page.getByText('Full name is required.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByText('Already have an account?')).toBeVisible();
  await expectAccessible(page);

  const username = unique('waiting').replace(/\s/g, '-');
  await page.getByLabel('Full name').fill('Waiting Person');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
  await expect(signUp).toBeEnabled();
  await signUp.click();
  await expect(page.getByRole('status')).toContainText('waiting for approval');

  // Until approved, the account cannot log in.
  await page.goto('/login');
  await pageReady(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Login Error: Your account is waiting for approval.');
});

test('staff change their own password on My account', async ({ page, baseURL, workerSite }) => {
  // A throwaway approved user, so the worker's admin keeps its password for the journeys after this one.
  const admin = await request.newContext({ baseURL, storageState: workerSite.adminStatePath });
  const username = unique('pw').replace(/\s/g, '-');
  const first = 'first-password-1';
  const _id = await requestAccount(baseURL, workerSite.adminStatePath, {
    name: 'Pass Word',
    username,
    password: first,
  });
  const xsrf = (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const approved = await admin.put(`/api/users/${_id}`, {
    data: { role: 'editor' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(approved.status()).toBe(200);
  await admin.dispose();

  await page.goto('/login?next=%2Faccount');

  await pageReady(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(first);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill('wrong-password-9');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Current password', { exact: true }).fill(first);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/dashboard');
});
