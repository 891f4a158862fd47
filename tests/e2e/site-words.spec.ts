import { apiWrite, expect, expectAccessible, adminTest as test, unique } from './fixtures';

test("the site's words rewritten as a draft: visitors keep the old, the preview shows the new, Publish puts them on the home page", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const original = (await (await page.request.get('/api/settings')).json()) as { heroText: string };
  const words = `${unique('Hero words')}: cold rooms fixed the same day.`;
  const visitor = await (await browser.newContext({ baseURL })).newPage();

  await page.goto('/settings');
  const part = page.getByRole('region', { name: 'What visitors read' });
  await expect(part.getByText('Published', { exact: true })).toBeVisible();
  await part.getByLabel('Hero text', { exact: true }).fill(words);
  // Typing stops, and the draft saves itself a few seconds later; the site is unchanged.
  await expect(part.getByText(/^Draft saved at \d{1,2}:\d{2} (am|pm)$/)).toBeVisible();
  await expect(part.getByText('Published with unpublished changes')).toBeVisible();
  await expectAccessible(page);
  await visitor.goto('/home');
  await expect(visitor.getByText(original.heroText)).toBeVisible();
  await expect(visitor.getByText(words)).toHaveCount(0);

  const opened = page.context().waitForEvent('page');
  await part.getByRole('button', { name: 'Preview' }).click();
  const preview = await opened;
  await expect(preview).toHaveURL(/\/preview\?token=/);
  await expect(preview.getByText(words)).toBeVisible();
  await expect(preview.getByText('Preview, not public')).toBeVisible();
  await preview.close();

  await part.getByRole('button', { name: 'Publish' }).click();
  // The notification; the words' part may show its own "opening" status as it starts again.
  await expect(page.getByRole('status').filter({ hasText: 'Data Updated Successfully!' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(words)).toBeVisible();
  await visitor.context().close();

  // Put the demo's words back for the tests after this one.
  await apiWrite(page, 'PUT', '/api/settings', { heroText: original.heroText });
});
