import type { Browser, Page } from '@playwright/test';
import { VISITOR_PHOTO_MAX_BYTES } from '../../src/shared/constants';
import { expect, test } from './fixtures';
import { pageReady, signInAsStaff } from './support/public';

// A customer on a phone at night (issue 30): the thank-you takes the form's place and keeps their
// link, a phone is enough, and a photo the server would refuse is refused before it is sent.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/shots-a-customer';
test.use({ viewport: PHONE, timezoneId: 'Asia/Karachi' });

async function fillRequest(page: Page, values: { name: string; phone: string; email?: string }) {
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill(values.name);
  await main.getByLabel('Phone').fill(values.phone);
  if (values.email) await main.getByLabel('Email').fill(values.email);
  await main.getByLabel('Message').fill('The freezer stopped and the food is thawing.');
  return main;
}

test('an urgent request at night with an e-mail: the thank-you replaces the form and says who calls', async ({
  page,
}) => {
  // 23:10 in Karachi.
  await page.clock.setFixedTime(new Date('2026-11-27T18:10:00Z'));
  await page.goto('/contact');
  await pageReady(page);
  const main = await fillRequest(page, {
    name: `Night ${Date.now()}`,
    phone: '0321 1234567',
    email: 'night@example.com',
  });
  // The Emergency choice comes before the message.
  const order = await main
    .locator('form [name="urgent"], form [name="message"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('name')));
  expect(order).toEqual(['urgent', 'message']);
  await main.getByLabel('Emergency: I need someone now').check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contactus') && r.request().method() === 'POST'),
    main.getByRole('button', { name: 'Submit' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  await expect(main.getByRole('heading', { name: 'Thank you for contacting us' })).toBeFocused();
  await expect(main.locator('.form-receipt strong')).toHaveText(reference);
  await expect(
    main.getByText(
      'Our technician on call has your request now and will phone you at 0321 1234567, day or night.',
    ),
  ).toBeVisible();
  // No second, empty form invites a duplicate.
  await expect(main.locator('form.contact-form')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/thanks-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/thanks-1280.png`, fullPage: true });
});

/** The wa.me link the thank-you offers: to the customer's own number, with the reference and link. */
async function expectWhatsappToSelf(page: Page) {
  const main = page.getByRole('main');
  const reference = (await main.locator('.form-receipt strong').textContent())!;
  const link = await main.getByLabel("Your request's private link").inputValue();
  expect(link).toMatch(/^http:\/\/[^/]+\/track\/[\w-]{43}$/);
  const href = await main.getByRole('link', { name: 'Send this link to my WhatsApp' }).getAttribute('href');
  const url = new URL(href!);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/923001234567');
  const text = url.searchParams.get('text')!;
  expect(text).toContain(reference);
  expect(text).toContain(link);
  await expect(main.getByText('Our office will phone you at')).toBeVisible();
  return reference;
}

for (const javaScriptEnabled of [true, false]) {
  test(`a request with no e-mail: "Send this link to my WhatsApp" goes to their own number (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser }) => {
    // The request, then staff opening it in a second browser: two journeys' worth of pages.
    test.slow();
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/contact');
    if (javaScriptEnabled) await pageReady(page);
    const name = `No mail ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`;
    const main = await fillRequest(page, { name, phone: '0300-1234567' });
    await main.getByLabel('Street address').fill('House 12, Street 4, Block 5');
    await main.getByLabel('Location').fill('24.8607,67.0011');
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect(main.getByRole('heading', { name: 'Thank you for contacting us' })).toBeVisible();
    await expectWhatsappToSelf(page);
    await expect(main.getByRole('button', { name: 'Copy link' })).toBeVisible({ visible: javaScriptEnabled });
    if (javaScriptEnabled) await requestPageShowsDirections(browser, name);
    await context.close();
  });
}

/** Staff open the request of a customer without e-mail: no e-mail, a Directions link to the point. */
async function requestPageShowsDirections(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto('/message');
  await page.getByRole('link', { name }).first().click();
  const main = page.getByRole('main');
  await expect(page.locator('#request-from')).toHaveText(name, { timeout: 20_000 });
  await expect(main.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=24.8607,67.0011',
  );
  await expect(main.getByRole('link', { name: 'E-mail' })).toHaveCount(0);
  await expect(main.getByText('House 12, Street 4, Block 5')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Reply by e-mail' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/request-no-email-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/request-no-email-1280.png`, fullPage: true });
  await context.close();
}

test('a photo over the limit is refused beside its field before anything is uploaded', async ({ page }) => {
  await page.goto('/contact');
  await pageReady(page);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/contactus')) uploads.push(r.url());
  });
  const main = await fillRequest(page, { name: `Big photo ${Date.now()}`, phone: '03001234567' });
  // Bytes no browser can draw smaller: sent as they are, so over the server's limit.
  const photo = {
    name: 'fault.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(VISITOR_PHOTO_MAX_BYTES + 1024, 1),
  };
  const field = main.getByLabel('Photos of the fault');
  await field.setInputFiles(photo);
  const message = `"fault.jpg" is larger than ${VISITOR_PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller photo.`;
  await expect(field).toHaveAccessibleDescription(message);
  await main.getByRole('button', { name: 'Submit' }).click();
  await expect(main.getByRole('alert')).toHaveText(message);
  await expect(main.getByText('Please fill out all required fields correctly.')).toHaveCount(0);
  await field.setInputFiles({ name: 'fault.heic', mimeType: 'image/heic', buffer: Buffer.from('heic') });
  await expect(field).toHaveAccessibleDescription(
    '"fault.heic" is not a JPEG, PNG or WebP photo. Choose another one.',
  );
  expect(uploads).toEqual([]);
});
