import type { Browser, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { listOf, PUBLIC_PATHS, pageReady, settingsOf } from './support/public';

// The public pages' layout as a visitor sees it on a phone (390 px) and a laptop (1280 px): the
// call bar, the page grid, the one-line header and the category chips; then "Request this
// service" from a service's page to the staff inbox.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** A fresh context at `viewport`; `storageState` signs it in (the admin's, from the `workerSite` fixture). */
async function openAt(browser: Browser, viewport: { width: number; height: number }, storageState?: string) {
  const context = await browser.newContext({ viewport, storageState });
  return { context, page: await context.newPage() };
}

async function firstServiceSlug(page: Page): Promise<string> {
  const [service] = await listOf<{ slug: string }>(page.request, 'service');
  if (!service) throw new Error('the demo content has no service');
  return service.slug;
}

test('phones keep Call and WhatsApp at the bottom of the screen; laptops do not show the bar', async ({
  browser,
}) => {
  const phone = await openAt(browser, PHONE);
  const settings = await settingsOf(phone.page.request);
  // The bar rings the company by day and the head office's emergency line at night, by the
  // visitor's clock (the open-now island), whatever the time the page was drawn.
  const [office] = (await listOf<{ emergencyPhone: string }>(phone.page.request, 'servicecenter')).filter(
    (center) => center.emergencyPhone,
  );
  await phone.page.clock.setFixedTime(new Date('2026-11-29T18:00:00Z')); // Sunday 11 pm in Karachi
  await phone.page.goto('/services');
  await pageReady(phone.page);
  const nightCall = phone.page.getByRole('navigation', { name: 'Call or message us' }).getByRole('link', {
    name: /^Emergency line/,
  });
  await expect(nightCall).toHaveAttribute('href', `tel:${office!.emergencyPhone}`);
  // On the narrowest phone both labels keep to one line: the bar stays the height the page leaves it.
  await phone.page.setViewportSize({ width: 320, height: 640 });
  const nightBar = await phone.page.getByRole('navigation', { name: 'Call or message us' }).boundingBox();
  expect(nightBar!.height).toBeLessThanOrEqual(64);
  await phone.page.setViewportSize(PHONE);
  await phone.page.clock.setFixedTime(new Date('2026-11-30T05:00:00Z')); // Monday 10 am in Karachi
  await phone.page.goto('/home');
  await pageReady(phone.page);
  const bar = phone.page.getByRole('navigation', { name: 'Call or message us' });
  await expect(bar).toBeVisible();
  const call = bar.getByRole('link', { name: /^Call now/ });
  const chat = bar.getByRole('link', { name: /^WhatsApp/ });
  await expect(call).toHaveAttribute('href', `tel:${settings.phone!.replace(/[^\d+]/g, '')}`);
  await expect(chat).toHaveAttribute('href', `https://wa.me/${settings.chatNumber!.replace(/\D/g, '')}`);
  // Still there after scrolling, and the end of the page is not under it.
  await phone.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeInViewport();
  const barTop = (await bar.boundingBox())!.y;
  const lastLine = (await phone.page.locator('.footer-bottom .container').boundingBox())!;
  expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(barTop);
  await phone.context.close();

  const laptop = await openAt(browser, LAPTOP);
  await laptop.page.goto('/home');
  await expect(laptop.page.getByRole('navigation', { name: 'Call or message us' })).toBeHidden();
  await laptop.context.close();
});

/**
 * Boxes of the main content that stick out of the header's content edges (its container minus its
 * padding): a page whose content does not use the shared container touches a phone's edges and
 * sits off the header's grid on a laptop. Deliberate scrollers (the chip row) are left out. Boxes
 * are measured where they come to rest: a card that slides in is off the grid until it lands.
 */
async function outsideTheGrid(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const inner = document.querySelector('.site-header .container')!;
    const box = inner.getBoundingClientRect();
    const style = getComputedStyle(inner);
    const left = box.left + Number.parseFloat(style.paddingLeft);
    const right = box.right - Number.parseFloat(style.paddingRight);
    const content = document.querySelectorAll(
      'main :is(h1, h2, h3, p, li, img, form, dl, table, a.btn, button, label, input, select, textarea, .carousel)',
    );
    const out: string[] = [];
    for (const element of content) {
      // A carousel's slides move on a timer: the carousel's own box is what sits on the grid.
      if (element.closest('.chips, .carousel-track, .visually-hidden, .trap, [aria-hidden="true"], [hidden]'))
        continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left < left - 1 || rect.right > right + 1)
        out.push(
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(left)}..${Math.round(right)}`,
        );
    }
    return out;
  });
}

test("every public page's content stays on the header's grid at 390 and 1280 px", async ({ browser }) => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { context, page } = await openAt(browser, viewport);
    const [center] = await listOf<{ slug: string }>(page.request, 'servicecenter');
    const paths = [
      ...PUBLIC_PATHS,
      `/services/${await firstServiceSlug(page)}`,
      `/serviceCenter/${center!.slug}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      expect(await outsideTheGrid(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
    await context.close();
  }
});

test('the header stays on one line from 1280 to 1440 px, signed in or not', async ({
  browser,
  workerSite,
}) => {
  for (const width of [1280, 1366, 1440]) {
    for (const signedIn of [false, true]) {
      const signIn = signedIn ? workerSite.adminStatePath : undefined;
      const { context, page } = await openAt(browser, { width, height: 800 }, signIn);
      await page.goto('/home');
      const where = `${width} px, ${signedIn ? 'signed in' : 'visitor'}`;
      if (signedIn) await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      const layout = await page.evaluate(() => {
        const inner = document.querySelector('.site-header .container')!;
        const style = getComputedStyle(inner);
        const right = inner.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
        const rows = [
          '.brand-name',
          '.desktop-nav .nav-list > li:first-child',
          '.desktop-nav .nav-list > li:last-child',
          '.header-call',
        ].map((selector) => document.querySelector(selector)!.getBoundingClientRect());
        return {
          overflow: inner.scrollWidth - inner.clientWidth,
          callRight: rows[3]!.right,
          right,
          tops: rows.map((rect) => Math.round(rect.top + rect.height / 2)),
          heights: rows.map((rect) => Math.round(rect.height)),
        };
      });
      expect(layout.overflow, where).toBe(0);
      expect(layout.callRight, where).toBeLessThanOrEqual(layout.right + 1);
      // One line: every piece is centred on the same row, and the brand is one line of text.
      expect(Math.max(...layout.tops) - Math.min(...layout.tops), where).toBeLessThanOrEqual(2);
      expect(layout.heights[0], where).toBeLessThan(30);
      await expect(page.getByRole('link', { name: /\d{4}/ }).first()).toBeVisible();
      await context.close();
    }
  }
});

test('on a phone the category chips that do not fit fade out at the edge', async ({ browser }) => {
  const { context, page } = await openAt(browser, PHONE);
  await page.goto('/services');
  const chips = page.locator('.chips').first();
  const cue = await chips.evaluate((element) => ({
    scrolls: element.scrollWidth > element.clientWidth,
    mask: getComputedStyle(element).maskImage || getComputedStyle(element).webkitMaskImage,
  }));
  expect(cue.scrolls).toBe(true);
  expect(cue.mask).toContain('linear-gradient');
  await context.close();

  const laptop = await openAt(browser, LAPTOP);
  await laptop.page.goto('/services');
  const wide = await laptop.page
    .locator('.chips')
    .first()
    .evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth,
      mask: getComputedStyle(element).maskImage,
    }));
  expect(wide).toEqual({ scrolls: false, mask: 'none' });
  await laptop.context.close();
});

test('/favicon.ico is an icon', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/x-icon');
  expect([...(await response.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

for (const javaScriptEnabled of [true, false]) {
  test(`"Request a visit" carries the service to the contact form and the inbox (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser, workerSite }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    const page = await context.newPage();
    const [service] = await listOf<{ slug: string; title: string }>(page.request, 'service');
    await page.goto(`/services/${service!.slug}`);
    await page.getByRole('link', { name: 'Request a visit' }).click();
    // The request form is on the service's own page, with the service chosen.
    await expect(page).toHaveURL(`/services/${service!.slug}#request`);
    const form = page.getByRole('main');
    const choice = form.getByLabel('Service');
    await expect(choice).toHaveValue(service!.slug);
    await expect(choice.locator('option:checked')).toHaveText(service!.title);
    const name = unique('Service Request');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('request@example.com');
    await form.getByLabel('Phone').fill('03211234567');
    await expect(form.getByLabel('Phone')).toHaveAttribute('placeholder', '03XX-XXXXXXX');
    await form.getByLabel('Message').fill('Please send someone this week.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/Message sent successfully!/).first()).toBeVisible();
    await context.close();

    // Staff see which service it was about.
    const staff = await browser.newContext({ storageState: workerSite.adminStatePath });
    const inbox = await staff.request.get(`/api/contactus?q=${encodeURIComponent(name)}`);
    const [message] = (await inbox.json()).data;
    expect(message).toMatchObject({ name, service: service!.slug });
    const staffPage = await staff.newPage();
    await staffPage.goto(`/message?q=${encodeURIComponent(name)}`);
    const row = staffPage.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('link', { name: service!.title })).toHaveAttribute(
      'href',
      `/services/${service!.slug}`,
    );
    const id = message._id as string;
    const cookies = await staff.cookies();
    const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
    for (const url of [`/api/contactus/${id}`, `/api/trash/contactus/${id}`])
      await staff.request.delete(url, { headers: { 'x-xsrf-token': xsrf } });
    await staff.close();
  });
}
