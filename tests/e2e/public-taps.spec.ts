import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageReady } from './support/public';

// Taps on Call and WhatsApp are counted with a beacon to /api/events that carries only the kind
// of tap (docs/decisions/070), from a phone's call bar.

const PHONE = { width: 390, height: 844 };

const tapBeacon = (page: Page, type: string) =>
  page.waitForRequest(
    (request: Request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/events' &&
      request.postData() === JSON.stringify({ type }),
  );

test('the call bar counts a Call and a WhatsApp tap, and the links still lead on', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  // No WhatsApp from the test machine: the chat's new tab gets an empty page instead.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ body: 'chat', contentType: 'text/plain' }),
  );
  const page = await context.newPage();
  // Headless Chromium has no program for tel: links and says so in the console; a phone would
  // open its dialler. The page's own listener has sent its beacon before this last one runs.
  await page.addInitScript(() =>
    window.addEventListener('click', (event) => {
      const link = (event.target as Element).closest('a[href^="tel:"]');
      if (link) event.preventDefault();
    }),
  );
  await page.goto('/home');
  await pageReady(page);
  const bar = page.getByRole('navigation', { name: 'Call or message us' });

  const call = tapBeacon(page, 'call');
  // "Call now" by day, "Emergency line" at night: the bar's telephone link either way.
  await bar.locator('a[href^="tel:"]').click();
  const callRequest = await call;
  expect((await callRequest.response())?.status()).toBe(204);
  expect(await callRequest.headerValue('content-type')).toMatch(/^text\/plain/);

  const whatsapp = tapBeacon(page, 'whatsapp');
  const chat = context.waitForEvent('page');
  await bar.getByRole('link', { name: /WhatsApp/ }).click();
  expect((await (await whatsapp).response())?.status()).toBe(204);
  expect((await chat).url()).toMatch(/^https:\/\/wa\.me\/\d+$/);

  // Nothing was set to follow the visitor from one tap to the next.
  expect(await context.cookies()).toEqual([]);
  await context.close();
});
