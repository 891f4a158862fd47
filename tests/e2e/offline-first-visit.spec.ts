import { type APIRequestContext, type Page, request } from '@playwright/test';
import { OFFLINE_CONTACT_PATH } from '../../src/shared/offline-contact';
import { telHref } from '../../src/shared/text';
import { expect, test } from './fixtures';

// Cutting the network makes the browser report the requests that fail (the status check among them).
test.use({
  viewport: { width: 390, height: 844 },
  expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/],
});

/** The numbers file as the worker last kept it (null before it keeps one). */
const keptPhone = (page: Page) =>
  page.evaluate(async (path) => {
    const kept = await caches.match(path);
    return kept ? ((await kept.json()) as { phone: string }).phone : null;
  }, OFFLINE_CONTACT_PATH);

async function savePhone(admin: APIRequestContext, phone: string) {
  const xsrf = (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const saved = await admin.put('/api/settings', {
    data: { phone },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('offline, the first page a visitor landed on is kept, and offline pages dial the number set since', async ({
  page,
  context,
  baseURL,
  workerSite,
}) => {
  const admin = await request.newContext({ baseURL, storageState: workerSite.adminStatePath });
  const { phone: oldPhone } = await (await admin.get('/api/settings')).json();
  const newPhone = '04211112222';
  try {
    // The first visit installs the worker; once it is ready, the page it came from is kept.
    await page.goto('/home');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-server-down', 'offline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
    await expect(page.getByRole('heading', { name: 'This page is not available right now' })).toHaveCount(0);
    await context.setOffline(false);

    // The company changes its number; the visitor reads one more page while online.
    await savePhone(admin, newPhone);
    await page.goto('/services');
    await expect.poll(() => keptPhone(page)).toBe(newPhone);

    // Offline again: the home page kept with the old number, and the offline page kept at
    // install, both dial the new one.
    await context.setOffline(true);
    await page.goto('/home');
    const banner = page.locator('[data-server-banner]');
    await expect(banner.getByRole('link', { name: newPhone })).toHaveAttribute('href', telHref(newPhone));
    await expect(page.locator(`a[href="${telHref(oldPhone)}"]`)).toHaveCount(0);
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'This page is not available right now' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: `Call ${newPhone}` })).toHaveAttribute(
      'href',
      telHref(newPhone),
    );
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    await savePhone(admin, oldPhone);
    await admin.dispose();
  }
});
