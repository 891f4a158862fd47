import { expect, test } from './fixtures';
import { listOf, PUBLIC_PATHS, pageReady } from './support/public';

interface Album {
  title: string;
  images: { image: string; caption: string }[];
}

test('the gallery lightbox opens, moves and closes by keyboard, and gives focus back', async ({
  page,
  request,
}) => {
  const albums = await listOf<Album>(request, 'gallery');
  const count = albums.reduce((sum, album) => sum + album.images.length, 0);
  expect(count).toBeGreaterThan(1);
  await page.goto('/gallery');
  await pageReady(page);
  const caption = albums[0]!.images[0]!.caption;
  const first = page.getByRole('link', { name: caption, exact: true });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Photo' });
  await expect(dialog).toBeVisible();
  // The dialog says what the photo shows: its caption, as under the photo on the page.
  await expect(dialog.getByRole('img')).toHaveAttribute('alt', caption);
  await expect(dialog.getByText(`${caption} (1 of ${count})`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`(2 of ${count})`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`(${count} of ${count})`)).toBeVisible();
  // The photo is the full picture the link points at, and it loads.
  await expect
    .poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('a.gallery-link').last()).toBeFocused();
});

test('the testimonial dots appear with the island and pick a card', async ({ page }) => {
  await page.goto('/client');
  await pageReady(page);
  const carousel = page.getByRole('region', { name: 'What our customers say' });
  const second = carousel.getByRole('button', { name: /^Show testimonial 2 of/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(carousel.locator('li.slot-0')).toHaveAttribute('aria-label', /^2 of /);
});

test('the subscribe box answers in place', async ({ page }) => {
  await page.goto('/about');
  await pageReady(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Get maintenance tips and offers').fill('not-an-address');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText('Invalid email address.');
  await footer.getByLabel('Get maintenance tips and offers').fill(`reader-${Date.now()}@example.com`);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText(/Please check your inbox/);
  await expect(page).toHaveURL(/\/about$/);
});

test('a first visit paints before the typeface loads, and the next page starts in it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  // Where the root's mark stood when the HTML was parsed: after the head script, before the islands.
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Object.assign(window, { markAtParse: document.documentElement.dataset.fonts ?? 'none' });
    });
  });
  const page = await context.newPage();
  const seen = () =>
    page.evaluate(() => ({
      markAtParse: (window as unknown as { markAtParse: string }).markAtParse,
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      faces: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.startTime),
      heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
    }));

  await page.goto('/home');
  await pageReady(page);
  const first = await seen();
  expect(first.markAtParse).toBe('later');
  // Every face came, and none was asked for before the page had painted.
  expect(first.faces).toHaveLength(3);
  for (const start of first.faces) expect(start).toBeGreaterThanOrEqual(first.painted);
  expect(first.heading).toMatch(/^Inter, "Inter fallback"/);
  expect(await page.evaluate(() => document.fonts.check('700 1em Inter'))).toBe(true);

  // The browser holds the faces now: the next page lifts the mark before its first paint.
  await page.goto('/services');
  await pageReady(page);
  const next = await seen();
  expect(next.markAtParse).toBe('none');
  expect(next.heading).toMatch(/^Inter, "Inter fallback"/);
  await context.close();
});

test.describe('offline', () => {
  test.use({ expectedConsoleErrors: [/Failed to fetch|ERR_INTERNET_DISCONNECTED/] });

  test('a request sent while offline says why and keeps every word', async ({ page, context }) => {
    await page.goto('/contact');
    await pageReady(page);
    const main = page.getByRole('main');
    const values = {
      Name: 'Bilal Khan',
      Email: 'bilal@example.com',
      Phone: '03001112222',
      Message: 'No cooling.',
    };
    for (const [label, value] of Object.entries(values)) await main.getByLabel(label).fill(value);
    await context.setOffline(true);
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect(main.getByRole('alert')).toHaveText(/You are offline, so your message was not sent/);
    for (const [label, value] of Object.entries(values))
      await expect(main.getByLabel(label)).toHaveValue(value);
    await context.setOffline(false);
  });
});

test.describe('without JavaScript', () => {
  // A refused address comes back as a page with status 400, which the browser logs.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test('every public page is complete', async ({ page, request }) => {
    const [service] = await listOf<{ slug: string; title: string }>(request, 'service');
    for (const path of [...PUBLIC_PATHS, `/services/${service!.slug}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Services' }).first(),
        path,
      ).toBeAttached();
      await expect(page.getByRole('contentinfo'), path).toBeVisible();
      // Nothing waits for a script to appear: no hidden sections, no empty carousel, no banner.
      await expect(page.locator('.reveal-hidden'), path).toHaveCount(0);
      await expect(page.locator('.server-down-notice'), path).toBeHidden();
      for (const image of await page.locator('main img').all()) await expect(image).toHaveAttribute('alt');
    }
    await page.goto('/client');
    await expect(page.locator('li.slot-0')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show testimonial/ })).toHaveCount(0);
  });

  test('the subscribe box posts as a plain form and answers with a page', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Get maintenance tips and offers').fill('nope');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/subscription\/subscribe$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText('Invalid email address.');
    await main.getByLabel('Get maintenance tips and offers').fill(`plain-${Date.now()}@example.com`);
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(/Please check your inbox/);
  });
});
