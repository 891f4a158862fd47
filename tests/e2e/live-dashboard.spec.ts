import { expect, expectAccessible, adminTest as test, unique } from './fixtures';

// The dashboard hears new requests through the staff stream /api/live and refreshes its numbers
// without a reload (docs/decisions/076).

test('a new urgent request appears on the open dashboard within seconds, and the charts show their numbers', async ({
  page,
  records,
}) => {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'New requests' });
  await expect(panel).toBeVisible();
  const urgentBefore = Number(
    await page.locator('.figure', { hasText: 'Open urgent requests' }).locator('.figure-value').textContent(),
  );
  // The stream is open before the request is sent.
  expect((await stream).status()).toBe(200);
  // A marker that a reload or a navigation would wipe.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));

  const area = unique('Gulberg');
  const request = await records.create<{ _id: string; reference: string }>('contactus', {
    name: 'Night Shift Manager',
    email: 'night@example.com',
    phone: '0300 123 4567',
    message: 'The cold room stopped cooling an hour ago.',
    urgent: true,
    area,
  });

  const row = panel.getByRole('listitem').filter({ hasText: request.reference });
  await expect(row).toBeVisible({ timeout: 5000 });
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText(area);
  await expect(row.getByRole('link')).toHaveAttribute('href', `/message/${request._id}`);
  // Announced to a screen reader, and counted. The journey's worker has a server of its own and runs
  // one journey at a time, so this request is the only one filed meanwhile.
  await expect(page.getByRole('status').filter({ hasText: 'Urgent request' })).toHaveText(
    `Urgent request ${request.reference} from ${area}`,
  );
  await expect(
    page.locator('.figure', { hasText: 'Open urgent requests' }).locator('.figure-value'),
  ).toHaveText(String(urgentBefore + 1));
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
    true,
  );

  // Each chart is an image with a name and a description, and keeps its numbers in a table.
  for (const name of [
    /New requests per week, by service/,
    /Calls and WhatsApp taps per week/,
    /Requests won and lost/,
  ]) {
    const chart = page.getByRole('figure').filter({ has: page.getByRole('img', { name }) });
    await expect(chart.getByRole('img', { name })).toBeVisible();
    await chart.getByText('Show the numbers').click();
    await expect(chart.getByRole('table', { name })).toBeVisible();
  }
  const weeks = page.getByRole('table', { name: /New requests per week/ });
  await expect(weeks.getByRole('row')).toHaveCount(13);
  await expectAccessible(page);
});
