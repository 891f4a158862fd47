import { ADMIN, adminTest, expect } from './fixtures';

const REPORTED = '/login?next=%2F%09%2Fevil.example%2F';

adminTest(
  'a signed-in visitor sent to the reported login link stays on this site',
  async ({ page, baseURL }) => {
    await page.goto(REPORTED);
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    await expect(page).toHaveURL(/\/dashboard$/);
  },
);

adminTest.describe('signing in through the form', () => {
  adminTest.use({ storageState: { cookies: [], origins: [] } });

  adminTest('goes to the dashboard, not to the host hidden in next', async ({ page, baseURL }) => {
    await page.goto(REPORTED);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
  });
});
