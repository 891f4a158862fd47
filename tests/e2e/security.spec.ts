import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Until the last thing a public page loads has run under the policy: every resource of the
 * document (the load event), then the service worker the islands register, installed and active.
 */
async function everythingLoaded(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('the home page arrives with a strict policy and breaks none of it in a real browser', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  const response = await page.goto('/home');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' '(nonce|sha256)-/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['access-control-allow-origin']).toBeUndefined();
  // Plain HTTP: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's islands are bound (their script ran under the policy), and no framework came along.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  await everythingLoaded(page);
  expect(violations).toEqual([]);

  // A second visit (served from the page cache when it is on) is just as clean.
  await page.reload();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await everythingLoaded(page);
  expect(violations).toEqual([]);
});

test('the API answers JSON with a policy that allows nothing', async ({ request }) => {
  const res = await request.get('/api/status');
  expect(res.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});
