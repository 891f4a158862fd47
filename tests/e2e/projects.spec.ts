import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiWrite, expect, expectAccessible, type Records, adminTest as test, unique } from './fixtures';
import { pageReady } from './support/public';

/** A photo as a phone or camera makes it: `width` x `height`, in one colour with a darker band. */
async function photo(width: number, height: number, color: string) {
  const band = await sharp({
    create: { width, height: Math.round(height / 5), channels: 3, background: '#222' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: band, top: Math.round(height / 2), left: 0 }])
    .jpeg()
    .toBuffer();
}

/**
 * What the browser does to a picture: the proportions of its file, of its box, and how the box
 * fits it. With `contain` or `cover` the picture keeps its own proportions whatever the box's.
 */
async function fitOf(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth / img.naturalHeight,
    box: img.clientWidth / img.clientHeight,
    objectFit: getComputedStyle(img).objectFit,
    loaded: img.complete && img.naturalWidth > 0,
  }));
}

async function expectUnstretched(image: Locator, ratio: number, fit: 'contain' | 'cover') {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await fitOf(image)).loaded).toBe(true);
  const seen = await fitOf(image);
  // The stored picture kept the uploaded photo's proportions ...
  expect(seen.natural).toBeCloseTo(ratio, 1);
  // ... and its box fits it without distortion (a box of another shape would stretch it with `fill`).
  expect(seen.objectFit).toBe(fit);
}

/**
 * A project of the journey's own, made through the API by the signed-in staff `page`: a service, and
 * before and after photos uploaded, so that a journey about one project never depends on another's.
 */
async function aProject(page: Page, records: Records) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const upload = async (buffer: Buffer) => {
    const response = await page.request.post('/api/upload', {
      multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: { url: string } }).data.url;
  };
  const service = await records.create('service', {
    title: unique('Chiller Service'),
    description: 'Chillers serviced and repaired.',
    serviceName: 'refrigerator',
  });
  return records.create<{ _id: string; slug: string; title: string }>('project', {
    title: unique('Chiller overhaul in Gulberg'),
    service: service._id,
    before: await upload(await photo(1200, 900, '#8a6d3b')),
    after: await upload(await photo(1200, 900, '#2f6f9f')),
  });
}

const sliderOf = (page: Page) => page.getByRole('slider', { name: 'Before / after' });

test('staff add a project with before and after photos, and visitors find it everywhere it belongs', async ({
  page,
  records,
}) => {
  const service = await records.create<{ _id: string; title: string; slug: string }>('service', {
    title: unique('Boiler Repair'),
    description: 'Gas and electric boilers serviced and repaired.',
    serviceName: 'electric',
  });
  const title = unique('Boiler swap in Model Town');

  await page.goto('/addProject');
  await page.getByRole('button', { name: 'Add project', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Service', { exact: true }).selectOption({ label: service.title });
  await dialog.getByLabel('Area', { exact: true }).fill('Model Town, Lahore');
  // The latest day of every project the site holds, so it leads the home page's three.
  await dialog.getByLabel('Completed on', { exact: true }).fill('2026-11-20');
  await dialog.getByLabel('The problem').fill('The old boiler leaked and tripped the house supply.');
  await dialog.getByLabel('What we did').fill('We fitted a new condensing boiler and a fused spur.');
  await dialog.getByLabel('The result').fill('Hot water in ten minutes and no more trips.');
  // Photos as they come: a 4:3 before, a 16:9 after and an upright one in the gallery.
  await dialog
    .getByRole('group', { name: 'Before' })
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 900, '#8a5a2b') });
  await dialog
    .getByRole('group', { name: 'After' })
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 900, '#2b6a8a') });
  await dialog
    .getByRole('group', { name: 'Gallery' })
    .getByLabel('Choose images')
    .setInputFiles({
      name: 'upright.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(900, 1200, '#5a8a2b'),
    });
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Created Successfully!');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('img')).toHaveCount(1);
  await expect(row).toContainText(service.title);

  const [project] = (await (await page.request.get(`/api/project?service=${service._id}`)).json()) as {
    _id: string;
    slug: string;
  }[];
  expect(project).toBeDefined();

  try {
    // On /projects, also when filtered by its service; the card shows the after picture uncut by stretching.
    await page.goto('/projects');
    const card = page.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Filter projects by service' })
      .getByRole('link', { name: service.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/projects\\?service=${service.slug}$`));
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect(page.locator('.project-card')).toHaveCount(1);
    await expectUnstretched(page.locator('.project-card img'), 16 / 9, 'cover');
    await expectAccessible(page);

    // On its service's page and on the home page.
    await page.goto(`/services/${service.slug}`);
    await expect(
      page
        .getByRole('region', { name: `Recent ${service.title} projects` })
        .getByRole('link', { name: title }),
    ).toBeVisible();
    await page.goto('/home');
    await expect(
      page.getByRole('region', { name: 'Recent projects' }).getByRole('link', { name: title }),
    ).toBeVisible();

    // Its own page: the facts, the story and a way to ask for the same service.
    await page.getByRole('region', { name: 'Recent projects' }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project!.slug}$`));
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('definition').getByRole('link', { name: service.title })).toHaveAttribute(
      'href',
      new RegExp(`/services/${service.slug}$`),
    );
    await expect(page.getByText('20 November 2026')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we did' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Request a visit/ })).toHaveAttribute(
      'href',
      `/contact?service=${service.slug}`,
    );

    // The comparison: both pictures whole, neither stretched, in one frame.
    await expectUnstretched(page.getByRole('img', { name: `${title}, before` }), 4 / 3, 'contain');
    await expectUnstretched(page.getByRole('img', { name: `${title}, after` }), 16 / 9, 'contain');
    const after = page.locator('.compare-after');
    const clip = () => after.evaluate((element) => getComputedStyle(element).clipPath);

    // By keyboard: the arrow keys move the divider, Home and End take it to either edge.
    const slider = sliderOf(page);
    await slider.focus();
    await expect(slider).toHaveValue('50');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('55');
    await expect(slider).toHaveAttribute('aria-valuetext', '55% before, 45% after');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('45');
    expect(await clip()).toContain('45%');
    await page.keyboard.press('End');
    await expect(slider).toHaveValue('100');
    await page.keyboard.press('Home');
    await expect(slider).toHaveValue('0');

    // By dragging (mouse here; a finger sends the same pointer events).
    const frame = await page.locator('.compare').boundingBox();
    if (!frame) throw new Error('the comparison has no box');
    await page.mouse.move(frame.x + frame.width * 0.2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.75, frame.y + frame.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(70);
    expect(Number(await slider.inputValue())).toBeLessThan(80);

    // The gallery's upright photo is cropped to its tile, not squeezed, and opens whole in the lightbox.
    const galleryPhoto = page.getByRole('link', { name: `${title}, photo 1` });
    await expectUnstretched(galleryPhoto.getByRole('img'), 3 / 4, 'cover');
    await galleryPhoto.click();
    const lightbox = page.getByRole('dialog', { name: 'Photo' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('img')).toHaveAttribute('alt', `${title}, photo 1`);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    await expectAccessible(page);
  } finally {
    await apiWrite(page, 'DELETE', `/api/project/${project!._id}`);
    await apiWrite(page, 'DELETE', `/api/trash/project/${project!._id}`);
  }
});

test.describe('a project that does not exist', () => {
  // The 404 is what the journey checks; the browser logs it.
  test.use({ expectedConsoleErrors: [/status of 404 /] });

  test('is the site’s 404 page', async ({ page }) => {
    const response = await page.goto('/projects/no-such-project-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test('without script the comparison shows both pictures side by side', async ({
  browser,
  baseURL,
  page: staff,
  records,
}) => {
  const project = await aProject(staff, records);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(`/projects/${project.slug}`);
  await expect(page.getByRole('slider')).toHaveCount(0);
  const before = await page.getByRole('img', { name: `${project.title}, before` }).boundingBox();
  const after = await page.getByRole('img', { name: `${project.title}, after` }).boundingBox();
  expect(before && after).toBeTruthy();
  // Side by side on a desktop: the same row, the after picture to the right.
  expect(Math.abs(before!.y - after!.y)).toBeLessThan(2);
  expect(after!.x).toBeGreaterThan(before!.x + before!.width - 1);
  await context.close();
});

test('on a phone, a finger dragged across the comparison moves the divider', async ({
  browser,
  baseURL,
  page: staff,
  records,
}) => {
  const project = await aProject(staff, records);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // Every layout shift from the first paint on, summed (the page's own Cumulative Layout Shift).
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number };
    let total = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) total += entry.value;
    });
    observer.observe({ type: 'layout-shift' });
    // Entries recorded but not yet handed to the callback count too.
    const shifted = () => total + (observer.takeRecords() as Shift[]).reduce((sum, e) => sum + e.value, 0);
    Object.assign(window, { shifted });
  });
  await page.goto(`/projects/${project.slug}`);
  await pageReady(page);
  // The page is laid out as a slider from its first paint: nothing below it jumps when the
  // island binds (the two pictures stacked, then one frame, moved the story up by a screen).
  // Counted once its pictures and fonts are in and a frame has been painted with them.
  const shifted = await page.evaluate(async () => {
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    return (window as unknown as { shifted: () => number }).shifted();
  });
  expect(shifted).toBeLessThan(0.01);
  const frame = page.locator('.compare');
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  if (!box) throw new Error('the comparison has no box');
  const y = box.y + box.height / 2;
  // A finger put down at a fifth of the width and moved sideways to four fifths.
  const touch = await context.newCDPSession(page);
  const at = (share: number) => [{ x: box.x + box.width * share, y }];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.2) });
  for (const share of [0.3, 0.45, 0.6, 0.8])
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(share) });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const slider = sliderOf(page);
  await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(75);
  expect(Number(await slider.inputValue())).toBeLessThan(85);
  await context.close();
});
