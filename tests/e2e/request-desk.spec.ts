import { ADMIN, apiWrite, expect, expectAccessible, test, unique } from './fixtures';
import { E2E_SETUP_CODE } from './setup-code';
import { type MailingServer, startMailingServer } from './support/mailing-server';

// Replies and stage changes are mailed to the customer: this journey runs its own server beside a
// real SMTP peer.
const STAFF = {
  name: 'Desk Owner',
  username: 'desk-owner',
  password: 'desk owner passphrase',
  email: 'owner@example.com',
};

let site: MailingServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startMailingServer('desk');
  origin = site.origin;
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...STAFF, setupCode: E2E_SETUP_CODE }),
  });
  expect(signup.status).toBe(201);
});

test.afterAll(async () => {
  await site?.stop();
});

/** A visitor's request through the public API, as the contact form sends it. */
async function fileRequest(body: Record<string, unknown>) {
  const response = await fetch(`${origin}/api/contactus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'visitor@example.com', phone: '0300 123 4567', ...body }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; reference: string; trackUrl: string };
}

test('staff take an urgent request from the queue to a scheduled visit the customer can see', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await fileRequest({ name: 'Earlier Customer', message: 'The shop sign flickers.' });
  const urgent = await fileRequest({
    name: 'Cold Room Customer',
    email: 'coldroom@example.com',
    message: 'Our cold room stopped at midnight; the stock is warming up.',
    urgent: true,
    area: 'Gulberg, Lahore',
  });
  expect(urgent.reference).toMatch(/^CF-/);

  // Signed in through the API: the browser keeps the session cookie it answers with.
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { username: STAFF.username, password: STAFF.password },
  });
  expect(login.ok()).toBe(true);

  // The queue: the urgent request comes first, with a badge that says so in words.
  await page.goto(`${origin}/message`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [2]');
  const firstRow = page.locator('tbody').getByRole('row').first();
  await expect(firstRow).toContainText(urgent.reference);
  await expect(firstRow.getByText('Urgent', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // A filtered view lives in the URL.
  await page.getByLabel('Urgent', { exact: true }).selectOption('true');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/urgent=true/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages [1]');

  // The request's page.
  await page.getByRole('link', { name: 'Cold Room Customer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${urgent.reference}`);
  await expect(page.getByText(`Seen by ${STAFF.name},`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:03001234567');
  const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/923001234567\?text=/);
  expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(urgent.reference);
  await expectAccessible(page);

  // Take it.
  await page.getByLabel('Assignee').selectOption({ label: STAFF.name });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  // A note, added without a reload.
  await page.getByLabel('New note (staff only)').fill('Compressor model: Danfoss. Bring the gauges.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status')).toContainText('Note added.');
  await expect(page.getByRole('list').filter({ hasText: 'Bring the gauges.' })).toBeVisible();
  await expect(page.getByLabel('New note (staff only)')).toHaveValue('');
  // The emptied box, left for the next field, is no mistake to point at.
  await expect(page.getByLabel('New note (staff only)')).toBeFocused();
  await page.getByLabel('Reply to coldroom@example.com').focus();
  await expect(page.getByText('Write something first.')).toHaveCount(0);

  // A reply, mailed to the customer with the reference in its subject, then in the history.
  await page.getByLabel('Reply to coldroom@example.com').fill('We are on our way within the hour.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toContainText('Reply sent to coldroom@example.com.');
  // Mail 0 is the confirmation the customer got when they sent the request.
  expect(await site.mailTo('coldroom@example.com', 0)).toContain(`We have your request ${urgent.reference}`);
  const reply = await site.mailTo('coldroom@example.com', 1);
  expect(reply).toContain(urgent.reference);
  expect(reply).toContain('We are on our way within the hour.');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Reply sent');

  // A visit, scheduled; the customer is told by default.
  await page.getByLabel('Stage').selectOption('scheduled');
  await expect(page.getByLabel('Notify the customer')).toBeChecked();
  await page.getByLabel('Visit date and time').fill('2030-06-15T10:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(history).toContainText('Scheduled');
  await expect(history).toContainText('customer notified');
  const told = await site.mailTo('coldroom@example.com', 2);
  expect(told).toContain(urgent.reference);

  // The visit moves: that is news too, and the history says so.
  await expect(page.getByLabel('Notify the customer')).toBeDisabled();
  await page.getByLabel('Visit date and time').fill('2030-06-16T09:00');
  await expect(page.getByLabel('Notify the customer')).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(history).toContainText('Visit moved to');
  expect(await site.mailTo('coldroom@example.com', 3)).toContain(urgent.reference);

  // The customer's own page follows.
  const visitor = await page.context().browser()!.newContext();
  const track = await visitor.newPage();
  await track.goto(`${origin}${urgent.trackUrl}`);
  await expect(track.getByText(/Visit scheduled for .*2030/)).toBeVisible();
  await visitor.close();

  // Back to the queue with its filter; opening the request was seeing it (decision 100).
  await page.getByRole('link', { name: '← Back to the queue' }).click();
  await expect(page).toHaveURL(/urgent=true/);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Cold Room Customer', exact: true }) });
  await expect(row.getByRole('cell', { name: 'Seen', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^PENDING/ })).toHaveCount(0);

  // The audit log names who the request went to, not their account's id.
  await page.goto(`${origin}/audit?resource=contactus`);
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(
    `Assignee: (empty) → ${STAFF.name}`,
  );
});

test.describe('refusals on a request’s page', () => {
  // On the worker's server, as its admin. The browser logs both refused requests the journey provokes.
  test.use({
    storageState: async ({ workerSite }, use) => use(workerSite.adminStatePath),
    expectedConsoleErrors: [/status of 409/],
  });

  test('a reply without mail set up, and a save over someone else’s change, each say why', async ({
    page,
    records,
  }) => {
    // The worker's server has no SMTP.
    const name = unique('No mail');
    const request = await records.create('contactus', {
      name,
      email: 'nomail@example.com',
      phone: '03001234567',
      message: 'The freezer hums loudly.',
    });
    await page.goto(`/message/${request._id}`);
    await page.getByLabel('Reply to nomail@example.com').fill('We will call you today.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Mail is not set up' })).toBeVisible();
    await expect(page.getByLabel('Reply to nomail@example.com')).toHaveValue('We will call you today.');

    // Someone else moves the request on meanwhile.
    const current = await (await page.request.get(`/api/contactus/${request._id}`)).json();
    await apiWrite(page, 'PUT', `/api/contactus/${request._id}`, {
      version: current.version,
      stage: 'contacted',
    });
    await page.getByLabel('Stage').selectOption('lost');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Stage')).toHaveValue('contacted');
  });
});

test.describe('a customer who gave no e-mail', () => {
  test.use({ storageState: async ({ workerSite }, use) => use(workerSite.adminStatePath) });

  test('is answered on WhatsApp from the request’s page, and the history keeps the words', async ({
    page,
    records,
  }) => {
    const name = unique('Phone only');
    // Filed with a phone alone (decision 096), as the contact form sends it.
    const request = await records.create('contactus', {
      name,
      phone: '0300 765 4321',
      message: 'The split AC drips on the sofa.',
    });
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    await page.goto(`/message/${request._id}`);
    await expect(page.getByRole('heading', { name: 'Reply by e-mail' })).toHaveCount(0);
    // Nothing offers to mail them either: the work form says where they are told instead.
    await expect(page.getByLabel('Notify the customer')).toHaveCount(0);
    await expect(page.getByText('No e-mail given: tell the customer on WhatsApp')).toBeVisible();
    const words = 'We come at 4 pm today.';
    await page.getByLabel('Reply to 03007654321 (no e-mail given)').fill(words);
    const send = page.getByRole('link', { name: 'Send on WhatsApp' });
    await expect(send).toHaveAttribute(
      'href',
      `https://wa.me/923007654321?text=${encodeURIComponent(words)}`,
    );
    const opened = page.waitForEvent('popup');
    await send.click();
    expect((await opened).url()).toContain('wa.me/923007654321');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText(`Replied on WhatsApp by ${ADMIN.name}`);
    await expect(history).toContainText(words);
    await expect(page.getByText('Write something first.')).toHaveCount(0);
    await expectAccessible(page);
  });
});
