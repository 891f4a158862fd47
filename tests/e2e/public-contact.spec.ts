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

test("a valid message is sent and confirmed by a thank-you in the form's place", async ({ page }) => {
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
  expect(response.request().postDataJSON()).toEqual({
    ...valid,
    service: '',
    urgent: false,
    area: '',
    address: '',
    location: '',
    preferredTime: '',
  });
  await expect(main.getByRole('status')).toHaveText(SENT);
  // Nothing left to send twice: the form is gone, not emptied.
  await expect(main.locator('form.contact-form')).toHaveCount(0);
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

/** The first published service, as its own page links it. */
async function firstService(page: Page): Promise<{ slug: string; title: string }> {
  const services = (await (await page.request.get('/api/service')).json()) as {
    slug: string;
    title: string;
  }[];
  return services[0]!;
}

/** An urgent request filed from a service's page: the visitor follows "Request a visit" to its form. */
async function fileUrgentRequest(page: Page, name: string) {
  const service = await firstService(page);
  await page.goto(`/services/${service.slug}`);
  await page.getByRole('main').getByRole('link', { name: 'Request a visit' }).first().click();
  await expect(page).toHaveURL(`/services/${service.slug}#request`);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Service')).toHaveValue(service.slug);
  await fill(page, { ...valid, name, message: 'Cold room is warming up fast.' });
  await main.getByLabel('Emergency: I need someone now').check();
  await main.getByLabel('Area').fill('Gulshan-e-Iqbal, Karachi');
  await main.getByLabel('Preferred time').fill('As soon as possible');
  return { service, main };
}

/** The reference and track link under a sent request lead to its status page, which says Received. */
async function followRequest(page: Page, service: { title: string }) {
  const main = page.getByRole('main');
  const receipt = main.locator('.form-receipt');
  await expect(receipt).toContainText(/Your reference is CF-[2-9A-HJKMNP-Z]{5}/);
  const reference = (await receipt.locator('strong').textContent())!;
  await receipt.getByRole('link', { name: 'Follow your request' }).click();
  await expect(page).toHaveURL(/\/track\/[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
  await expect(main.getByText(service.title)).toBeVisible();
  await expect(main.locator('[aria-current="step"]')).toHaveText('Received');
  await expect(main.getByText('We have called you')).toBeVisible();
  await expect(main).not.toContainText(valid.email);
  await expect(main).not.toContainText('Cold room is warming up fast.');
  return reference;
}

test('a visitor files an urgent request from a service page and follows it on its track page', async ({
  page,
}) => {
  const name = `Urgent Visitor ${Date.now()}`;
  const { service, main } = await fileUrgentRequest(page, name);
  await pageReady(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contactus') && r.request().method() === 'POST'),
    main.getByRole('button', { name: 'Submit' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const answered = (await response.json()) as { reference: string };
  expect(response.request().postDataJSON()).toMatchObject({
    service: service.slug,
    urgent: true,
    area: 'Gulshan-e-Iqbal, Karachi',
    preferredTime: 'As soon as possible',
  });
  await expect(main.getByRole('status')).toHaveText(SENT);
  await expect(main.getByLabel('Emergency: I need someone now')).toHaveCount(0);
  const reference = await followRequest(page, service);
  expect(reference).toBe(answered.reference);
});

test.describe('an urgent request without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is filed from a service page, answered with its reference, and followed on its track page', async ({
    page,
  }) => {
    const name = `No Script Urgent ${Date.now()}`;
    const { service, main } = await fileUrgentRequest(page, name);
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for contacting us');
    await followRequest(page, service);
    const { signInAsStaff } = await import('./support/public');
    await signInAsStaff(page);
    const inbox = await (await page.request.get(`/api/contactus?q=${encodeURIComponent(name)}`)).json();
    expect(inbox.data[0]).toMatchObject({
      urgent: true,
      area: 'Gulshan-e-Iqbal, Karachi',
      preferredTime: 'As soon as possible',
      service: service.slug,
      stage: 'new',
    });
  });
});
