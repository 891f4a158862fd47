import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { listOf } from './support/public';

type Testimonial = { name: string };

/** Names on the testimonial cards a visitor can see, left to right. */
async function visibleNames(page: Page) {
  const cards = page.locator('.testimonial:visible');
  const boxes = await cards.evaluateAll((els) =>
    els.map((el) => ({
      x: el.getBoundingClientRect().x,
      name: el.querySelector('strong')?.textContent ?? '',
    })),
  );
  return boxes.sort((a, b) => a.x - b.x).map((b) => b.name);
}

/** Open /client with a stopped clock: only runFor moves time, so every step is exact. */
async function openWithClock(page: Page) {
  await page.clock.install({ time: new Date('2026-01-05T08:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-05T08:00:01Z'));
  await page.goto('/client');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

const dot = (page: Page, n: number, of: number) =>
  page.getByRole('button', { name: `Show testimonial ${n} of ${of}` });

test.describe('testimonial carousel', () => {
  test('three at a time on a desktop, advancing every 5000 ms', async ({ page, request }) => {
    const testimonials = await listOf<Testimonial>(request, 'testimonial');
    const names = testimonials.map((t) => t.name);
    await openWithClock(page);
    await page.mouse.move(0, 0);
    expect(await visibleNames(page)).toEqual(names.slice(0, 3));
    await expect(dot(page, 1, names.length)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(4900);
    expect(await visibleNames(page)).toEqual(names.slice(0, 3));
    await page.clock.runFor(100);
    await expect(dot(page, 2, names.length)).toHaveAttribute('aria-current', 'true');
    expect(await visibleNames(page)).toEqual(names.slice(1, 4));
    await page.clock.runFor(5000 * (names.length - 1));
    // Around the end it wraps to the start.
    await expect(dot(page, 1, names.length)).toHaveAttribute('aria-current', 'true');
  });

  test('a dot picks the slide and restarts the timer', async ({ page, request }) => {
    const names = (await listOf<Testimonial>(request, 'testimonial')).map((t) => t.name);
    await openWithClock(page);
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    // A programmatic click: no pointer over the carousel and no keyboard focus, so nothing pauses it.
    await dot(page, 4, names.length).dispatchEvent('click');
    await expect(dot(page, 4, names.length)).toHaveAttribute('aria-current', 'true');
    expect(await visibleNames(page)).toEqual([names[3], names[4], names[0]]);
    // The old timer would have fired 2000 ms later; the restarted one waits the full 5000 ms.
    await page.clock.runFor(4900);
    await expect(dot(page, 4, names.length)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(100);
    await expect(dot(page, 5, names.length)).toHaveAttribute('aria-current', 'true');
  });

  test('pauses while hovered and while a dot has keyboard focus', async ({ page, request }) => {
    const count = (await listOf<Testimonial>(request, 'testimonial')).length;
    await openWithClock(page);
    await page.locator('.carousel-track').hover();
    await page.clock.runFor(12_000);
    await expect(dot(page, 1, count)).toHaveAttribute('aria-current', 'true');
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(dot(page, 2, count)).toHaveAttribute('aria-current', 'true');

    await dot(page, 2, count).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dot(page, 2, count)).toBeFocused();
    await page.clock.runFor(12_000);
    await expect(dot(page, 2, count)).toHaveAttribute('aria-current', 'true');
    await page.getByRole('heading', { name: 'Our Trusted Clients' }).click();
    await page.clock.runFor(5000);
    await expect(dot(page, 3, count)).toHaveAttribute('aria-current', 'true');
  });

  test('one at a time on a phone, and still for visitors who prefer reduced motion', async ({
    browser,
    request,
  }) => {
    const names = (await listOf<Testimonial>(request, 'testimonial')).map((t) => t.name);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await openWithClock(page);
    expect(await visibleNames(page)).toEqual([names[0]]);
    await page.clock.runFor(20_000);
    expect(await visibleNames(page)).toEqual([names[0]]);
    await dot(page, 3, names.length).click();
    expect(await visibleNames(page)).toEqual([names[2]]);
    await context.close();
  });
});

test('our trusted clients: each by name and the work we did for them, with no number to call them', async ({
  page,
  request,
}) => {
  const clients = await listOf<{ name: string; work: string; phone?: string }>(request, 'client');
  expect(clients.length).toBeGreaterThan(0);
  await page.goto('/client');
  const section = page.getByRole('region', { name: 'Our Trusted Clients' });
  for (const client of clients) {
    // A visitor never reads a client's own number, so a tap cannot call the client instead of us.
    expect(client.phone).toBeUndefined();
    const card = section
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: client.name }) });
    await expect(card).toContainText(client.work);
    await expect(card.getByRole('link')).toHaveCount(0);
  }
  await expect(section.locator('a[href^="tel:"]')).toHaveCount(0);
});
