import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageReady } from './support/public';

const INVALID = 'Please fill out all required fields correctly.';
const SENT = 'Message sent successfully!';
const FAILED = 'Something went wrong. Please try again.';

async function fill(page: Page, values: { name: string; email: string; phone: string; message: string }) {
  const form = page.getByRole('main');
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Phone').fill(values.phone);
  await form.getByLabel('Message').fill(values.message);
}

const valid = {
  name: 'Amna Siddiqui',
  email: 'amna@example.com',
  phone: '03211234567',
  message: 'The freezer is icing up.',
};

test('an invalid submit explains every field with the spec messages and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  await pageReady(page);
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contactus')) posted = true;
  });
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill('not-an-email');
  await main.getByLabel('Phone').fill('123');
  await main.getByRole('button', { name: 'Submit' }).click();
  await expect(main.getByRole('alert')).toHaveText(INVALID);
  await expect(main.getByText('Name is required.')).toBeVisible();
  await expect(main.getByText('Invalid email address.')).toBeVisible();
  await expect(main.getByText('Phone number must be exactly 11 digits.')).toBeVisible();
  await expect(main.getByText('Message is required.')).toBeVisible();
  await expect(main.getByLabel('Name')).toBeFocused();
  await expect(main.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('a valid message is sent, confirmed and the form is cleared', async ({ page }) => {
  await page.goto('/contact');
  await pageReady(page);
  await fill(page, valid);
  const main = page.getByRole('main');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contactus') && r.request().method() === 'POST'),
    main.getByRole('button', { name: 'Submit' }).click(),
  ]);
  expect(response.status()).toBe(201);
  // No service chosen: the optional Service field goes as '' (stored as none).
  expect(response.request().postDataJSON()).toEqual({ ...valid, service: '' });
  await expect(main.getByRole('status')).toHaveText(SENT);
  for (const label of ['Name', 'Email', 'Phone', 'Service', 'Message'])
    await expect(main.getByLabel(label)).toHaveValue('');
});

test.describe('a failing server', () => {
  // The journey answers the post with a 500, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 500 /] });

  test('when sending fails the visitor is told to try again', async ({ page }) => {
    await page.goto('/home');
    await pageReady(page);
    await page.route('**/api/contactus', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    await fill(page, valid);
    await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(FAILED);
    // The values stay, so nothing typed is lost.
    await expect(page.getByRole('main').getByLabel('Message')).toHaveValue(valid.message);
  });
});

test.describe('without JavaScript', () => {
  // A refused post answers its page with 400, which the browser logs.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400 /] });

  test('the form posts to the server and the answer is a result page', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { ...valid, name: 'No Script Visitor' });
    await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByText(SENT)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for contacting us');
  });

  test('the form on the home page posts too; a refused post keeps the values and shows the errors', async ({
    page,
  }) => {
    await page.goto('/home');
    await fill(page, { ...valid, email: 'broken@', phone: '12' });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/contact') && r.request().method() === 'POST'),
      page.getByRole('main').getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(response.status()).toBe(400);
    const main = page.getByRole('main');
    await expect(main.getByText(INVALID)).toBeVisible();
    await expect(main.getByText('Invalid email address.')).toBeVisible();
    await expect(main.getByText('Phone number must be exactly 11 digits.')).toBeVisible();
    await expect(main.getByLabel('Name')).toHaveValue(valid.name);
    await expect(main.getByLabel('Message')).toHaveValue(valid.message);
  });
});

test('a bot that fills the hidden website field is still answered, and staff see the message flagged', async ({
  page,
}) => {
  const { signInAsStaff } = await import('./support/public');
  await page.goto('/contact');
  await pageReady(page);
  const name = `Bot ${Date.now()}`;
  await fill(page, { ...valid, name });
  await page.locator('input[name="website"]').fill('https://spam.example');
  await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(SENT);
  await signInAsStaff(page);
  const inbox = await (
    await page.request.get(`/api/contactus?spam=true&q=${encodeURIComponent(name)}`)
  ).json();
  expect(inbox.data).toHaveLength(1);
  expect(inbox.data[0].spam).toBe(true);
});
