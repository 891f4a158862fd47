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
  // Everything the page's status messages say from now on. Other journeys file urgent requests on
  // the same server at the same time, and a later one's announcement may replace ours within the
  // same second: what matters is that ours was said.
  await page.evaluate(() => {
    const said: string[] = [];
    Object.assign(window, { said });
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (text && !said.includes(text)) said.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

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
  // Announced to a screen reader (the count may grow by more than one, for the same reason).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said))
    .toContainEqual(expect.stringContaining(`Urgent request ${request.reference} from ${area}`));
  const openUrgent = page.locator('.figure', { hasText: 'Open urgent requests' }).locator('.figure-value');
  await expect.poll(async () => Number(await openUrgent.textContent())).toBeGreaterThan(urgentBefore);
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
