import { expect, expectAccessible, adminTest as test } from './fixtures';

// The on-call rota on a phone (decision 095): an admin puts someone on a night shift, the shared
// schema refuses a badly written time before anything is sent, and the saved rota reads by person.
test('an admin puts someone on a night shift from a phone, and the rota says who is on', async ({ page }) => {
  test.setTimeout(120_000);
  // Wide, it is an admin screen like the others; the rest of the journey is on a phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/on-call');
  await expect(page.getByRole('heading', { name: 'On call', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('on-call-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/on-call');
  await expect(page.getByRole('heading', { name: 'On call', exact: true })).toBeVisible();
  await expect(page.getByText('Nobody is on the rota yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add shift' }).click();
  const shift = page.getByRole('group', { name: 'Shift 1' });
  await shift.getByLabel('Person').selectOption({ label: 'E2E Admin' });
  await shift.getByRole('checkbox', { name: 'Sat' }).check();
  await shift.getByLabel('From').fill('22:00');
  await shift.getByLabel('To').fill('6:00');
  // Refused values leave the button aria-disabled but clickable, so it can say why.
  await page.getByRole('button', { name: 'Save rota' }).click({ force: true });
  await expect(shift.getByText('End is a time of day as HH:MM', { exact: false })).toBeVisible();
  await expect(shift.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('on-call-refused-390.png'), fullPage: true });

  await shift.getByLabel('To').fill('06:00');
  await page.getByRole('button', { name: 'Save rota' }).click();
  await expect(page.getByText('The rota was saved.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'E2E Admin' });
  await expect(row).toContainText('Mon–Sat 22:00–06:00');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('on-call-390.png'), fullPage: true });
  // Nothing sticks out of a phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Emptied again, so other journeys on this site see no rota.
  await shift.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('button', { name: 'Save rota' }).click();
  await expect(page.getByText('Nobody is on the rota yet.')).toBeVisible();
});
