import { expect, expectAccessible, adminTest as test, unique } from './fixtures';
import { pageReady } from './support/public';

/** Every JSON-LD object the page carries. */
async function structuredData(page: import('@playwright/test').Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('staff add an FAQ and a step to a service, and its page answers with them and takes a request for it', async ({
  page,
  records,
}) => {
  const title = unique('Geyser Repair');
  const service = await records.create<{ _id: string; slug: string }>('service', {
    title,
    description: 'Gas and electric geysers repaired at home.',
    serviceName: 'electric',
    price: 'Call-out from Rs 2,500',
    duration: '1–2 hours',
  });
  const question = 'Do you repair gas geysers?';
  const answer = 'Yes, gas and electric geysers of every common brand.';

  // Staff: the service's form has rows of FAQs and steps to add.
  await page.goto('/addServices');
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service' });
  await dialog.getByRole('button', { name: 'Add row to FAQs' }).click();
  const faq = dialog.getByRole('group', { name: 'FAQs, Row 1' });
  await faq.getByLabel('Question').fill(question);
  await faq.getByLabel('Answer').fill(answer);
  await dialog.getByRole('button', { name: 'Add row to How it works' }).click();
  await dialog
    .getByRole('group', { name: 'How it works, Row 1' })
    .getByLabel('Step')
    .fill('We call you back');
  // A related service is any other service, never this one.
  await dialog.getByRole('button', { name: 'Add row to Related services' }).click();
  const related = dialog.getByRole('group', { name: 'Related services, Row 1' }).getByLabel('Service');
  await expect(related.locator('option')).not.toHaveCount(1);
  await expect(related.locator('option', { hasText: title })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove row 1 of Related services' }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Updated Successfully!');

  // The public page: price and duration at the top, the step, the FAQ that opens on a tap.
  await page.goto(`/services/${service.slug}`);
  await pageReady(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main.getByText('Call-out from Rs 2,500')).toBeVisible();
  await expect(main.getByText('1–2 hours')).toBeVisible();
  const section = (heading: string) =>
    main.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });
  await expect(section('How it works').getByRole('listitem')).toHaveText([/We call you back/]);
  const faqs = section('Questions customers ask');
  await expect(faqs.getByText(answer)).toBeHidden();
  await faqs.getByText(question).click();
  await expect(faqs.getByText(answer)).toBeVisible();
  await expectAccessible(page);

  // Search engines read the same question and answer.
  const faqPage = (await structuredData(page)).find((data) => data['@type'] === 'FAQPage');
  expect(faqPage?.mainEntity).toEqual([
    { '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } },
  ]);

  // The request form on the page has this service chosen, and sends it.
  const request = section(`Request ${title}`);
  await expect(request.getByLabel('Service')).toHaveValue(service.slug);
  await request.getByLabel('Name').fill('Kamran Ali');
  await request.getByLabel('Email').fill('kamran@example.com');
  await request.getByLabel('Phone').fill('03211234567');
  await request.getByLabel('Message').fill('The geyser pilot keeps going out.');
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contactus') && r.request().method() === 'POST'),
    request.getByRole('button', { name: 'Submit' }).click(),
  ]);
  expect(sent.status()).toBe(201);
  expect(sent.request().postDataJSON().service).toBe(service.slug);
  await expect(request.getByRole('status')).toContainText('Message sent successfully!');
});
