import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { pageReady, signInAsStaff } from './support/public';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = '/tmp/shots-photos';

/** A small photo of a fault, made here: a JPEG as a phone's camera sends it. */
const faultPhoto = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#b03a2e' } })
    .jpeg()
    .toBuffer();

/** From a service's page to its prefilled request form, filled in as an emergency with one photo. */
async function fillUrgentRequestWithPhoto(page: Page, name: string) {
  const services = (await (await page.request.get('/api/service')).json()) as { slug: string }[];
  const slug = services[0]!.slug;
  await page.goto(`/services/${slug}`);
  await page.getByRole('main').getByRole('link', { name: 'Request a visit' }).first().click();
  await expect(page).toHaveURL(`/services/${slug}#request`);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Service')).toHaveValue(slug);
  await main.getByLabel('Name').fill(name);
  await main.getByLabel('Email').fill('photo.visitor@example.com');
  await main.getByLabel('Phone').fill('0300 123 4567');
  await main.getByLabel('Message').fill('The chiller is leaking, see the photo.');
  await main.getByLabel('Emergency: I need someone now').check();
  const photos = main.getByLabel('Photos of the fault');
  await expect(photos).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  await expect(
    main.getByText(/Up to 3 photos of the fault: JPEG, PNG or WebP, each up to 8 MB/),
  ).toBeVisible();
  await photos.setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: await faultPhoto() });
  return { slug, main };
}

/** Staff find the request through the API and open its one photo. */
async function staffSeeOnePhoto(browser: Browser, name: string) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAsStaff(staff);
  const list = await (await staff.request.get(`/api/contactus?q=${encodeURIComponent(name)}`)).json();
  expect(list.data).toHaveLength(1);
  expect(list.data[0]).toMatchObject({ urgent: true, photoCount: 1 });
  const record = await (await staff.request.get(`/api/contactus/${list.data[0]._id}`)).json();
  expect(record.photos).toEqual([`/api/contactus/${record._id}/photos/1`]);
  const picture = await staff.request.get(record.photos[0]);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');
  expect(picture.headers()['cache-control']).toBe('private, no-store');
  const meta = await sharp(await picture.body()).metadata();
  expect([meta.width, meta.height]).toEqual([900, 600]);
  // A visitor (no session) cannot open it.
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(record.photos[0])).status()).toBe(401);
  await anonymous.close();
  await context.close();
}

for (const javaScriptEnabled of [false, true]) {
  const mode = javaScriptEnabled ? 'js' : 'nojs';
  test(`a visitor files an urgent request with a photo from a service page (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser }) => {
    for (const [size, viewport] of [
      ['390', PHONE],
      ['1366', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      const page = await context.newPage();
      const name = `Photo Visitor ${mode} ${size} ${Date.now()}`;
      const { main } = await fillUrgentRequestWithPhoto(page, name);
      if (javaScriptEnabled) await pageReady(page);
      await main.getByLabel('Photos of the fault').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/form-${mode}-${size}.png` });
      await main.getByRole('button', { name: 'Submit' }).click();
      if (javaScriptEnabled) await expect(main.getByRole('status')).toHaveText('Message sent successfully!');
      else await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for contacting us');
      const receipt = main.locator('.form-receipt');
      await expect(receipt).toContainText(/Your reference is CF-[2-9A-HJKMNP-Z]{5}/);
      await expect(receipt.getByRole('link', { name: 'Follow your request' })).toHaveAttribute(
        'href',
        /^\/track\/[\w-]{43}$/,
      );
      await page.screenshot({ path: `${SHOTS}/thanks-${mode}-${size}.png` });
      await context.close();
      await staffSeeOnePhoto(browser, name);
    }
  });
}

test("a phone's large photo is drawn at 2,560 px before it is sent, in under half its bytes", async ({
  browser,
}) => {
  // A 4000 × 3000 camera photo of about 4 MB: at a night-time 1 Mbit/s it would take over 30 s.
  const taken = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const name = `Large Photo Visitor ${Date.now()}`;
  const { main } = await fillUrgentRequestWithPhoto(page, name);
  await pageReady(page);
  await main.getByLabel('Photos of the fault').setInputFiles({
    name: 'camera.jpg',
    mimeType: 'image/jpeg',
    buffer: taken,
  });
  const upload = page.waitForRequest((request) => request.url().endsWith('/api/contactus/photos'));
  await main.getByRole('button', { name: 'Submit' }).click();
  const request = await upload;
  await expect(main.getByRole('status')).toHaveText('Message sent successfully!');
  // Noise is a camera's worst case; drawn at 2,560 × 1,920 it is still under half the bytes taken.
  const sentBytes = Number((await request.allHeaders())['content-length']);
  expect(sentBytes).toBeGreaterThan(0);
  expect(sentBytes).toBeLessThan(taken.length / 2);
  await context.close();
});
