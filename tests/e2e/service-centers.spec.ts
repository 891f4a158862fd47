import { expect, expectAccessible, adminTest as test, unique } from './fixtures';
import { pageReady } from './support/public';

interface OpeningHours {
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

test("staff set a center's opening hours; its page and its structured data show them", async ({
  page,
  records,
}) => {
  const name = unique('Canal Road Center');
  const center = await records.create<{ _id: string; slug: string }>('servicecenter', {
    name,
    phone: '04235712345',
    address: '5 Canal Road, Lahore',
    areas: [{ area: 'Gulberg' }, { area: 'Garden Town' }],
  });

  await page.goto('/addCenter');
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service center' });
  const monday = dialog.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('Closed').uncheck();
  await monday.getByLabel('Opens').fill('08:30');
  await monday.getByLabel('Closes').fill('17:45');
  const friday = dialog.getByRole('group', { name: 'Friday' });
  await friday.getByLabel('Closed').uncheck();
  await friday.getByLabel('Opens').fill('08:30');
  await friday.getByLabel('Closes').fill('17:45');
  const sunday = dialog.getByRole('group', { name: 'Sunday' });
  await sunday.getByLabel('Closed').uncheck();
  await sunday.getByLabel('Open 24 hours').check();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Updated Successfully!');

  // The list of centers leads to the center's own page, read on a Monday morning in Karachi: the
  // open-now line then offers the center's number too, whatever the hour the journey runs at.
  await page.clock.setFixedTime(karachiTime(2, 1, 10));
  await page.goto('/serviceCenter');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/serviceCenter/${center.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const hours = page.getByRole('region', { name: 'Opening hours' });
  await expect(hours.getByRole('row', { name: /^Monday/ })).toContainText('8:30 am–5:45 pm');
  await expect(hours.getByRole('row', { name: /^Tuesday–Thursday/ })).toContainText('Closed');
  await expect(hours.getByRole('row', { name: /^Friday/ })).toContainText('8:30 am–5:45 pm');
  await expect(hours.getByRole('row', { name: /^Sunday/ })).toContainText('24 hours');
  await expect(page.getByRole('region', { name: 'Areas served' }).getByRole('listitem')).toHaveText([
    'Gulberg',
    'Garden Town',
  ]);
  const status = page.locator('[data-open-now]');
  await expect(status.locator('[data-status-label]')).toHaveText('Open now · closes 5:45 pm');
  await expect(status.getByRole('link', { name: '04235712345' })).toHaveAttribute('href', 'tel:04235712345');
  const contact = page.getByRole('region', { name: 'Visit or call' });
  await expect(contact.getByRole('link', { name: '04235712345' })).toHaveAttribute('href', 'tel:04235712345');
  await expect(contact.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=5%20Canal%20Road%2C%20Lahore',
  );
  await expect(contact.getByRole('link', { name: 'Request service' })).toHaveAttribute('href', '/contact');

  // The center's own LocalBusiness, beside the company's, with the same week.
  const documents = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null')));
  const own = documents.find((document) => document.url?.endsWith(`/serviceCenter/${center.slug}`));
  expect(own).toMatchObject({ '@type': 'LocalBusiness', name, telephone: '04235712345' });
  expect(own.openingHoursSpecification as OpeningHours[]).toEqual([
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Friday'],
      opens: '08:30',
      closes: '17:45',
    },
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '00:00', closes: '23:59' },
  ]);
  expect(own.areaServed).toEqual(['Gulberg', 'Garden Town']);
  await expectAccessible(page);
});

test.describe('an unknown center', () => {
  // The browser logs the 404 the journey asks for.
  test.use({ expectedConsoleErrors: [/status of 404 /] });

  test('a center page that does not exist is a 404 page', async ({ page }) => {
    const response = await page.goto('/serviceCenter/no-such-center');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

/** The instant `days` days from now (moved to the next `weekday`, 0 Sunday) at `hour`:00 in Karachi (UTC+5). */
function karachiTime(days: number, weekday: number, hour: number): Date {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCDate(at.getUTCDate() + ((weekday - at.getUTCDay() + 7) % 7));
  at.setUTCHours(hour - 5, 0, 0, 0);
  return at;
}

test("a center's open-now line follows the visitor's clock, near the page's time and long after it", async ({
  browser,
  records,
}) => {
  const name = unique('Ferozepur Road Center');
  const center = await records.create<{ _id: string; slug: string }>('servicecenter', {
    name,
    phone: '04235700000',
    emergencyPhone: '03001110000',
    address: '9 Ferozepur Road, Lahore',
    hours: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
        day,
        { opens: '09:00', closes: '19:00' },
      ]),
    ),
  });
  // The page is rendered now; a visitor's clock inside the zone's offset window (35 days here) is
  // read by arithmetic, one far outside it through Intl. Both must say the same as the hours.
  const cases = [
    { at: karachiTime(2, 1, 10), line: 'Open now · closes 7 pm', call: '04235700000' },
    { at: karachiTime(2, 0, 10), line: 'Closed now · emergency line open', call: '03001110000' },
    { at: karachiTime(60, 3, 12), line: 'Open now · closes 7 pm', call: '04235700000' },
    { at: karachiTime(60, 0, 23), line: 'Closed now · emergency line open', call: '03001110000' },
  ];
  for (const { at, line, call } of cases) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.setFixedTime(at);
    await page.goto(`/serviceCenter/${center.slug}`);
    await pageReady(page);
    await expect(page.locator('[data-open-now] [data-status-label]'), at.toISOString()).toHaveText(line);
    // The center's own Call button (the phone's call bar rings the company's numbers).
    await expect(page.locator('.center-page [data-call-button]'), at.toISOString()).toHaveAttribute(
      'href',
      `tel:${call}`,
    );
    await context.close();
  }
});
