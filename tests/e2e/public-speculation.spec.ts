import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Chromium does not prerender while a DevTools client that attaches to pages (Playwright) is
 * connected: it reports every prerender as "PrerenderingDisabledByDevTools". What a journey can
 * see is the rest of the pipeline, through the DevTools Preload domain: the rule set parsed
 * without error (a CSP refusal would leave none), hover made the Services link a candidate, and
 * the click used the page fetched ahead. That activation itself works was measured outside
 * Playwright (docs/decisions/066).
 */
async function watchSpeculation(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: Array<{ sourceText: string; errorType?: string }> = [];
  const statuses: Array<{ action: string; url: string; status: string; detail: string }> = [];
  cdp.on('Preload.ruleSetUpdated', (event) => ruleSets.push(event.ruleSet));
  cdp.on('Preload.prerenderStatusUpdated', (event) =>
    statuses.push({
      action: 'prerender',
      url: event.key.url,
      status: event.status,
      detail: event.prerenderStatus ?? '',
    }),
  );
  cdp.on('Preload.prefetchStatusUpdated', (event) =>
    statuses.push({
      action: 'prefetch',
      url: event.key.url,
      status: event.status,
      detail: event.prefetchStatus ?? '',
    }),
  );
  await cdp.send('Preload.enable');
  return { ruleSets, statuses };
}

async function hoverThenClickServices(page: Page, seen: Awaited<ReturnType<typeof watchSpeculation>>) {
  const ruleSet = seen.ruleSets.find((set) => set.sourceText.includes('"prerender"'));
  expect(ruleSet, 'the speculation rules were read').toBeDefined();
  expect(ruleSet?.errorType).toBeUndefined();
  const services = page.locator('header').getByRole('link', { name: 'Services', exact: true });
  const target = new URL('/services', page.url()).href;
  // Nothing is fetched ahead before the visitor shows interest ("moderate").
  expect(seen.statuses.filter((s) => s.url === target)).toEqual([]);
  await services.hover();
  await expect
    .poll(
      () => seen.statuses.some((s) => s.url === target && s.action === 'prefetch' && s.status === 'Ready'),
      { timeout: 15_000 },
    )
    .toBe(true);
  await services.click();
  await page.waitForURL('**/services');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Wide margins: on a loaded machine the DevTools events arrive late, never wrong.
  await expect
    .poll(() => seen.statuses.some((s) => s.url === target && s.detail === 'PrefetchResponseUsed'), {
      timeout: 15_000,
      message: JSON.stringify(seen.statuses),
    })
    .toBe(true);
}

test.describe('speculation rules', () => {
  test('a public link hovered on a freshly rendered page is fetched ahead and used', async ({ page }) => {
    const seen = await watchSpeculation(page);
    // A query string of its own makes this the first render of its address: fresh, with a nonce.
    const response = await page.goto(`/home?fresh=${Date.now()}`);
    expect(response?.headers()['x-cache']).toBeUndefined();
    expect(response?.headers()['content-security-policy']).toMatch(/'nonce-/);
    await hoverThenClickServices(page, seen);
  });

  test('a public link hovered on a replayed page is fetched ahead and used too', async ({
    page,
    request,
  }) => {
    const url = `/home?replayed=${Date.now()}`;
    await request.get(url);
    await expect.poll(async () => (await request.get(url)).headers()['x-cache']).toBe('hit');
    const seen = await watchSpeculation(page);
    const response = await page.goto(url);
    expect(response?.headers()['x-cache']).toBe('hit');
    expect(response?.headers()['content-security-policy']).toMatch(/'sha256-/);
    await hoverThenClickServices(page, seen);
  });

  test('the rules name only public pages and never a link with a query string', async ({ page }) => {
    await page.goto('/home');
    const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}');
    const [rule] = rules.prerender;
    expect(rule.eagerness).toBe('moderate');
    const patterns: string[] = rule.where.and[0].href_matches;
    expect(patterns).toEqual(expect.arrayContaining(['/home', '/services', '/services/*', '/contact']));
    for (const pattern of patterns) expect(pattern).not.toMatch(/dashboard|message|login|logout|api|users/);
    expect(rule.where.and[1].not.selector_matches).toContain('a[href*="?"]');
  });
});
