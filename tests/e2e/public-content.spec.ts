import { expect, test } from './fixtures';
import { listOf, pageReady, settingsOf } from './support/public';

type Service = {
  title: string;
  slug: string;
  serviceName: string;
  description: string;
  summary: string;
  calloutPrice: number | null;
  icon: string;
  images: string[];
};

test('services: grouped by trade, chips with human names filter the list; a row opens the service', async ({
  page,
  request,
}) => {
  const services = await listOf<Service>(request, 'service');
  await page.goto('/services');
  await pageReady(page);
  const chips = page.getByRole('navigation', { name: 'Filter services by category' });
  const list = page.getByRole('region', { name: 'Services by trade', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(services.length);
  // Each trade a group with its heading, its services under it.
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([
    'Cooling & Refrigeration',
    'Electrical',
    'CCTV & Security',
    'Painting',
    'Air-Conditioning',
  ]);
  await chips.getByRole('link', { name: /CCTV & Security/ }).click();
  await expect(page).toHaveURL(/category=cctv$/);
  await expect(chips.getByRole('link', { name: /CCTV & Security/ })).toHaveAttribute('aria-current', 'page');
  const cctv = services.filter((s) => s.serviceName === 'cctv');
  await expect(list.getByRole('listitem')).toHaveCount(cctv.length);
  for (const s of cctv) await expect(list.getByRole('heading', { name: s.title })).toBeVisible();

  // A row: the title (its link), one sentence, the call-out price.
  const [first] = services;
  await chips.getByRole('link', { name: /All services/ }).click();
  const row = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: first!.title }) });
  await expect(row).toContainText(first!.summary);
  await expect(row).toContainText(`From Rs ${first!.calloutPrice!.toLocaleString('en-US')}`);
  await row.getByRole('link', { name: first!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${first!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
  await expect(page.getByText(first!.description)).toBeVisible();
  const grid = page.getByRole('list', { name: `Pictures of ${first!.title}` });
  await expect(grid.getByRole('img')).toHaveCount(first!.images.length);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the services page lists every service in a few screens, not a mile of cards', async ({
    page,
    request,
  }) => {
    const services = await listOf<Service>(request, 'service');
    await page.goto('/services');
    await pageReady(page);
    await expect(
      page.getByRole('region', { name: 'Services by trade', exact: true }).getByRole('listitem'),
    ).toHaveCount(services.length);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // The demo's ten services fit in 3,500 px; a service another journey added may take a row more.
    expect(height).toBeLessThanOrEqual(3500 + Math.max(0, services.length - 10) * 200);
  });

  test('about puts each team and each person in a row, the picture beside the words', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    for (const region of ['Who does what', 'Our team']) {
      const cards = page.getByRole('region', { name: region, exact: true }).getByRole('listitem');
      expect(await cards.count(), region).toBeGreaterThan(0);
      for (const card of await cards.all()) {
        const picture = await card.locator('img, .team-photo').first().boundingBox();
        const name = await card.getByRole('heading', { level: 3 }).boundingBox();
        expect(picture!.x + picture!.width, `${region}: ${await card.textContent()}`).toBeLessThanOrEqual(
          name!.x,
        );
      }
    }
  });
});

test('home: the hero promises a time and offers two actions; a trade opens its services', async ({
  page,
  request,
}) => {
  const settings = await (await request.get('/api/settings')).json();
  await page.goto('/home');
  await pageReady(page);
  const hero = page.getByRole('region', { name: /^A technician at your door in/ });
  await expect(hero).toContainText(settings.responseTime);
  await expect(hero.getByRole('link')).toHaveCount(2);
  await expect(hero.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:/);
  await hero.getByRole('link', { name: 'Request a visit' }).click();
  await expect(page).toHaveURL(/#request$/);
  await expect(
    page.getByRole('region', { name: 'Tell us what needs fixing' }).getByLabel('Name'),
  ).toBeVisible();
  // Customers' words, each with a name and an area.
  const quotes = page.getByRole('region', { name: 'What customers say' }).getByRole('listitem');
  expect(await quotes.count()).toBeGreaterThanOrEqual(3);
  await page.getByRole('region', { name: 'Our services' }).getByRole('link', { name: 'Electrical' }).click();
  await expect(page).toHaveURL(/\/services#electric$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Electrical' })).toBeInViewport();
});

test('departments: the old page leads to About’s "Who does what", with one number to call', async ({
  page,
  request,
}) => {
  const departments = await listOf<{ name: string; description: string }>(request, 'department');
  const settings = await settingsOf(request);
  await page.goto('/department');
  await pageReady(page);
  await expect(page).toHaveURL(/\/about#who-does-what$/);
  const section = page.getByRole('region', { name: 'Who does what' });
  await expect(section).toBeInViewport();
  for (const department of departments) {
    await expect(section.getByRole('heading', { level: 3, name: department.name })).toBeVisible();
    await expect(section.getByText(department.description)).toBeVisible();
  }
  // One number for every team: the company's.
  const calls = section.locator('a[href^="tel:"]');
  await expect(calls).toHaveCount(1);
  await expect(calls).toHaveText(settings.phone!);
});

test('about: expertise, commitment, why choose us, entries with Read more, and the team', async ({
  page,
  request,
}) => {
  const entries = await listOf<{ title: string; description: string }>(request, 'aboutus');
  const team = await listOf<{ name: string }>(request, 'team');
  await page.goto('/about');
  await pageReady(page);
  await expect(page.getByRole('heading', { name: 'Our Expertise' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Our Expertise' }).locator('..').getByRole('listitem'),
  ).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Our Commitment' })).toBeVisible();
  const why = page.getByRole('region', { name: 'Why Choose Us?' });
  for (const title of ['Experienced technicians', 'Reliable solutions', '24/7 availability'])
    await expect(why.getByRole('heading', { name: title })).toBeVisible();

  const entry = entries.find((e) => e.description.split(/\s+/).length > 20)!;
  const words = entry.description.split(/\s+/);
  const card = page.locator('.about-card').filter({ hasText: entry.title });
  await expect(card).toContainText(`${words.slice(0, 20).join(' ')}…`);
  await expect(card.getByText(entry.description)).toBeHidden();
  // The toggles of one row of cards line up at the cards' feet, whatever the lengths of the texts.
  const cards = await page.locator('.about-card:has(summary)').all();
  const placed = await Promise.all(
    cards.map(async (each) => ({
      top: (await each.boundingBox())!.y,
      toggle: (await each.locator('summary').boundingBox())!.y,
    })),
  );
  for (const a of placed)
    for (const b of placed)
      if (Math.abs(a.top - b.top) < 2) expect(Math.abs(a.toggle - b.toggle)).toBeLessThan(2);
  await card.getByText('Read more', { exact: true }).click();
  await expect(card.getByText(entry.description)).toBeVisible();
  // Opening keeps the toggle below the text it opened.
  const text = await card.getByText(entry.description).boundingBox();
  const toggle = await card.getByText('Show less', { exact: true }).boundingBox();
  expect(toggle!.y).toBeGreaterThan(text!.y + text!.height - 1);
  for (const member of team) await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
});

test('service centers and the gallery show pictures with responsive sizes; only the first is eager', async ({
  page,
}) => {
  for (const path of ['/serviceCenter', '/gallery']) {
    await page.goto(path);
    const images = page.locator('main img');
    const count = await images.count();
    expect(count, path).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const image = images.nth(i);
      await expect(image).toHaveAttribute('srcset', /-320\.webp 320w, .*-640\.webp 640w/);
      await expect(image).toHaveAttribute('sizes', /.+/);
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
      if (i === 0) {
        await expect(image).toHaveAttribute('fetchpriority', 'high');
        await expect(image).toHaveAttribute('loading', 'eager');
      } else await expect(image).toHaveAttribute('loading', 'lazy');
    }
  }
  const centers = await listOf<{ name: string; phone: string; address: string }>(
    page.request,
    'servicecenter',
  );
  await page.goto('/serviceCenter');
  for (const center of centers) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: center.name }) });
    await expect(card.getByRole('link', { name: center.phone })).toHaveAttribute(
      'href',
      `tel:${center.phone}`,
    );
    await expect(card).toContainText(center.address);
  }
});

test.describe('an unknown address', () => {
  // The browser logs the 404 the page is answered with.
  test.use({ expectedConsoleErrors: [/status of 404 /] });

  test('an unknown address answers a helpful 404 inside the site', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'All services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });
});
