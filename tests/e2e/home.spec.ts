import { expect, test } from './fixtures';

test('the empty path opens the home page with the seeded services', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('24/7');
  await expect(page.getByRole('heading', { name: 'OUR SERVICES' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'OUR SERVICES' })
      .getByRole('heading', { name: 'Cold Room & Commercial Refrigeration' }),
  ).toBeVisible();
});
