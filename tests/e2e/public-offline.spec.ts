import type { Page } from '@playwright/test';
import { telHref } from '../../src/shared/text';
import { whatsappHref } from '../../src/shared/whatsapp';
import { adminTest, expect, test } from './fixtures';

// Cutting the network makes the browser report the requests that fail (the status check among them).
test.use({ expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

async function companyContacts(page: Page): Promise<{ phone: string; chatNumber: string }> {
  const response = await page.request.get('/api/settings');
  expect(response.ok()).toBe(true);
  const body = await response.json();
  const settings = body.data ?? body;
  return { phone: settings.phone, chatNumber: settings.chatNumber };
}

/** Wait until the public site's worker, which the islands install on every public page, controls the page. */
async function workerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

test('the worker is served from the root, never stale, and allowed to fetch from the site', async ({
  request,
}) => {
  const response = await request.get('/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^(?:text|application)\/javascript/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['content-security-policy']).toContain("connect-src 'self'");
});

test('offline, a page seen before comes from the kept copy and an unseen one from the offline page, both with the phone', async ({
  page,
  context,
}) => {
  const { phone, chatNumber } = await companyContacts(page);
  await page.goto('/home');
  await workerInControl(page);
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(['/offline', '/services']));

  await context.setOffline(true);
  await page.goto('/services');
  await expect(page.locator('html')).toHaveAttribute('data-server-down', 'offline');
  await expect(page.locator('h1')).toContainText(/services/i);
  const banner = page.locator('[data-server-banner]');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('alert')).toHaveText(
    'Server is not responding. Please check the connection.',
  );
  await expect(banner.getByRole('link', { name: phone })).toHaveAttribute('href', telHref(phone));
  await expect(banner.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    whatsappHref(chatNumber),
  );

  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'This page is not available right now' })).toBeVisible();
  await expect(
    page.getByText('Server is not responding. Please check the connection.').first(),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: `Call ${phone}` })).toHaveAttribute('href', telHref(phone));
  await expect(main.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    whatsappHref(chatNumber),
  );
  await expect(main.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
  expect(page.url()).toMatch(/\/about$/);
  // The page says what the banner would: no banner over it.
  await expect(page.locator('[data-server-banner]')).toBeHidden();

  // Admin screens are not the worker's: offline they fail as they would without it.
  const admin = await page.goto('/dashboard').catch((error: Error) => error);
  expect(admin).toBeInstanceOf(Error);
  await context.setOffline(false);
});

adminTest('pages sent to a signed-in person are never kept', async ({ page }) => {
  await page.goto('/home');
  await workerInControl(page);
  await page.goto('/dashboard');
  await page.goto('/services');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const kept = await keptPaths(page);
  expect(kept).toContain('/offline');
  // Besides the files, the offline page and the company's numbers, both fetched without cookies.
  expect(kept.filter((path) => !path.startsWith('/assets/')).sort()).toEqual([
    '/offline',
    '/offline-contact.json',
  ]);
});
