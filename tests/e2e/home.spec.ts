import { expect, test } from './fixtures';

test('the empty path opens the home page with the seeded services', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('A technician at your door in');
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Our services' })
      .getByRole('heading', { name: 'Cooling & Refrigeration' }),
  ).toBeVisible();
});
