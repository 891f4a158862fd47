import { expect, test } from './fixtures';
import { listOf, pageReady } from './support/public';

type Service = {
  title: string;
  slug: string;
  serviceName: string;
  description: string;
  icon: string;
  images: string[];
};

test('services: category chips with human names filter the list; Read More opens the service', async ({
  page,
  request,
}) => {
  const services = await listOf<Service>(request, 'service');
  await page.goto('/services');
  await pageReady(page);
  const chips = page.getByRole('navigation', { name: 'Filter services by category' });
  const list = page.getByRole('region', { name: 'Services' });
  await expect(list.getByRole('article')).toHaveCount(services.length);
  await chips.getByRole('link', { name: /CCTV & Security/ }).click();
  await expect(page).toHaveURL(/category=cctv$/);
  await expect(chips.getByRole('link', { name: /CCTV & Security/ })).toHaveAttribute('aria-current', 'page');
  const cctv = services.filter((s) => s.serviceName === 'cctv');
  await expect(list.getByRole('article')).toHaveCount(cctv.length);
  for (const s of cctv) await expect(list.getByRole('heading', { name: s.title })).toBeVisible();

  // Long descriptions are cut to 40 words with '...'.
  const long = services.find((s) => s.description.split(/\s+/).length > 40)!;
  await chips.getByRole('link', { name: /All services/ }).click();
  const card = list.getByRole('article').filter({ has: page.getByRole('heading', { name: long.title }) });
  await expect(card).toContainText(`${long.description.split(/\s+/).slice(0, 40).join(' ')}...`);

  await card.getByRole('link', { name: `Read More about ${long.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${long.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(long.title);
  await expect(page.getByText(long.description)).toBeVisible();
  const hash = (url: string) => /\/media\/([0-9a-f]{32})/.exec(url)![1]!;
  await expect(page.locator(`.service-icon[src*="${hash(long.icon)}"]`)).toBeVisible();
  const grid = page.getByRole('list', { name: `Pictures of ${long.title}` });
  await expect(grid.getByRole('img')).toHaveCount(long.images.length);
});

test('home: the service cards open their detail pages; the hero calls, contacts and explains', async ({
  page,
  request,
}) => {
  const [first] = await listOf<Service>(request, 'service');
  const settings = await (await request.get('/api/settings')).json();
  await page.goto('/home');
  await pageReady(page);
  const hero = page.getByRole('region', { name: settings.heroTitle });
  await expect(hero).toContainText('24/7');
  await expect(hero.getByRole('link', { name: new RegExp(`Call ${settings.phone}`) })).toHaveAttribute(
    'href',
    `tel:${settings.phone}`,
  );
  await expect(hero.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await hero.getByRole('link', { name: /^Learn More/ }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await page
    .getByRole('region', { name: 'OUR SERVICES' })
    .getByRole('link', { name: `Read More about ${first!.title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/services/${first!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
});

test('departments: the first is selected; a click shows another', async ({ page, request }) => {
  const departments = await listOf<{ name: string; description: string }>(request, 'department');
  await page.goto('/department');
  await pageReady(page);
  const list = page.getByRole('navigation', { name: 'Departments list' });
  await expect(list.getByRole('link', { name: departments[0]!.name })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('heading', { level: 2, name: departments[0]!.name })).toBeVisible();
  await list.getByRole('link', { name: departments[2]!.name }).click();
  await expect(page.getByRole('heading', { level: 2, name: departments[2]!.name })).toBeVisible();
  await expect(page.getByText(departments[2]!.description)).toBeVisible();
  await expect(list.getByRole('link', { name: departments[2]!.name })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(list.getByRole('link', { name: departments[0]!.name })).not.toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('about: expertise, commitment, why choose us, entries with READ MORE, and the team', async ({
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
  await expect(card).toContainText(`${words.slice(0, 20).join(' ')}...`);
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
  await card.getByText('READ MORE').click();
  await expect(card.getByText(entry.description)).toBeVisible();
  // Opening keeps the toggle below the text it opened.
  const text = await card.getByText(entry.description).boundingBox();
  const toggle = await card.getByText('SHOW LESS').boundingBox();
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
