import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { ContentTypeDef } from '../../src/shared/content/define';
import type { Field } from '../../src/shared/content/fields';
import { aboutus, client, contactus, contentTypes, team as teamType } from '../../src/shared/content/types';
import { apiWrite, expect, expectAccessible, adminTest as test, unique } from './fixtures';

/** The declared types staff create in the admin area (the inbox and subscribers come from visitors). */
const managed = contentTypes.filter((def) => def.name !== contactus.name && def.access.create !== 'public');

/** A valid value typed into a field of this kind. */
function sample(field: Field, title: string): string | null {
  switch (field.kind) {
    case 'text':
      return title;
    case 'longText':
      return `${title}: written by the admin journey.`;
    case 'phone':
      return '03001234567';
    case 'email':
      return 'someone@example.com';
    case 'url':
      return 'https://example.com/';
    default:
      return null; // selects, ratings and images keep their defaults
  }
}

async function fillRequired(dialog: Locator, def: ContentTypeDef, title: string) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.input !== 'always') continue;
    // A required reference (a project's service): the first record on offer.
    if (field.kind === 'reference' && field.required) {
      await dialog.getByLabel(field.label, { exact: true }).selectOption({ index: 1 });
      continue;
    }
    const value = name === def.titleField ? title : sample(field, title);
    if (value !== null && (field.required || name === def.titleField))
      await dialog.getByLabel(field.label, { exact: true }).fill(value);
  }
}

/** What the form's save button says: a type with drafts publishes, another creates or saves. */
function saveLabel(def: ContentTypeDef, mode: 'create' | 'update'): string {
  if (def.versions?.drafts) return 'Publish';
  return mode === 'create' ? 'Create' : 'Save changes';
}

function rowOf(page: Page, def: ContentTypeDef, title: string) {
  return def.admin.view === 'table'
    ? page.getByRole('row').filter({ hasText: title })
    : page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

for (const def of managed) {
  test(`${def.admin.title}: create, edit and delete a ${def.label.toLowerCase()}`, async ({ page }) => {
    await page.goto(def.admin.path);
    await expect(page.getByRole('heading', { level: 1, name: def.admin.title })).toBeVisible();
    await expectAccessible(page);

    const title = unique(def.label);
    // The add button names its type, in sentence case, and so does the dialog it opens.
    const noun = def.label.toLowerCase();
    await page.getByRole('button', { name: `Add ${noun}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await fillRequired(dialog, def, title);
    await dialog.getByRole('button', { name: saveLabel(def, 'create'), exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Data Created Successfully!');
    await expect(dialog).toBeHidden();
    // The list refreshed in place: no page load happened.
    const row = rowOf(page, def, title);
    await expect(row).toHaveCount(1);

    const renamed = `${title} (edited)`;
    await row.getByRole('button', { name: /^Edit/ }).click();
    const editDialog = page.getByRole('dialog', { name: `Edit ${noun}` });
    const titleField = editDialog.getByLabel(def.fields[def.titleField]!.label, { exact: true });
    await expect(titleField).toHaveValue(title);
    await titleField.fill(renamed);
    await editDialog.getByRole('button', { name: saveLabel(def, 'update'), exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Data Updated Successfully!');
    await expect(rowOf(page, def, renamed)).toHaveCount(1);

    await rowOf(page, def, renamed)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this record?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toContainText('Deleted successfully');
    await expect(rowOf(page, def, renamed)).toHaveCount(0);
  });
}

test('a delete can be cancelled with Escape, and undone after it happened', async ({ page, records }) => {
  const name = unique('Undo Client');
  await records.create('client', { name, phone: '03001234567', address: 'Canal Road' });
  await page.goto('/addclient');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status')).toContainText(`Restored “${name}”.`);
  await expect(row).toHaveCount(1);
});

test('the form shows each rule once a field is touched and refuses to submit while invalid', async ({
  page,
}) => {
  await page.goto('/addclient');
  await page.getByRole('button', { name: 'Add client', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add client' });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  const create = dialog.getByRole('button', { name: saveLabel(client, 'create'), exact: true });
  await expect(create).toBeDisabled();
  await expect(dialog.getByText('Name is required.')).toHaveCount(0);

  await dialog.getByLabel('Name', { exact: true }).blur();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByLabel('Phone').fill('12345');
  await dialog.getByLabel('Phone').blur();
  await expect(dialog.getByText('Phone number must be exactly 11 digits.')).toBeVisible();

  await create.click({ force: true });
  await expect(dialog.getByRole('alert')).toContainText('Please fill all fields correctly.');
  await expect(dialog.getByText('Address is required.')).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(unique('Valid Client'));
  await dialog.getByLabel('Phone').fill('03001234567');
  await dialog.getByLabel('Address').fill('Mall Road');
  await expect(dialog.getByText('Phone number must be exactly 11 digits.')).toHaveCount(0);
  await expect(create).toBeEnabled();

  // The backdrop is static: a click outside keeps the form and what was typed.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  // Escape would lose what was typed: it asks first, and Escape again keeps the form.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog');
  await expect(discard).toContainText('Discard your changes?');
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await expect(dialog.getByLabel('Address')).toHaveValue('Mall Road');
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  // An untouched form closes at once.
  await page.getByRole('button', { name: 'Add client', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add client' })).toBeHidden();
});

test.describe('a stale edit', () => {
  // The server's 409 is what the journey checks; the browser logs it.
  test.use({ expectedConsoleErrors: [/status of 409 /] });

  test('an edit made stale by someone else is refused with the reason, and can be reloaded', async ({
    page,
    records,
  }) => {
    const name = unique('Stale Client');
    const created = await records.create('client', {
      name,
      phone: '03001234567',
      address: 'Ferozepur Road',
    });
    await page.goto('/addclient');
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit client' });
    await expect(dialog.getByLabel('Address')).toHaveValue('Ferozepur Road');
    // Someone else saves first.
    await apiWrite(page, 'PUT', `/api/client/${created._id}`, { address: 'Jail Road', version: 1 });
    await dialog.getByLabel('Address').fill('Mine');
    await dialog.getByRole('button', { name: saveLabel(client, 'update'), exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'This record was changed by someone else. Reload to see their change.',
    );
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(dialog.getByLabel('Address')).toHaveValue('Jail Road');
    await dialog.getByLabel('Address').fill('Mine after all');
    await dialog.getByRole('button', { name: saveLabel(client, 'update'), exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Data Updated Successfully!');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Mine after all');
  });
});

async function png(color: string) {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test('images upload with progress and previews, and one can be removed before saving', async ({ page }) => {
  expect(aboutus.fields.images.kind).toBe('images');
  await page.goto(aboutus.admin.path);
  await page.getByRole('button', { name: 'Add about us entry', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add about us entry' });
  const title = unique('Story');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('How we started, in a few words.');
  // Hold the uploads a moment so their progress can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/upload', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByLabel('Choose images').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: await png('#c00') },
    { name: 'blue.png', mimeType: 'image/png', buffer: await png('#00c') },
  ]);
  await expect(dialog.getByRole('progressbar', { name: 'Uploading red.png' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Uploading blue.png' })).toBeVisible();
  // Saving waits for the uploads.
  await expect(
    dialog.getByRole('button', { name: saveLabel(aboutus, 'create'), exact: true }),
  ).toBeDisabled();
  release();
  const previews = dialog.getByRole('img', { name: /^Images \d$/ });
  await expect(previews).toHaveCount(2);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  const box = await previews.first().boundingBox();
  expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([150, 100]);
  await dialog.getByRole('button', { name: 'Remove images 2' }).click();
  await expect(previews).toHaveCount(1);
  await dialog.getByRole('button', { name: saveLabel(aboutus, 'create'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Created Successfully!');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const thumbs = card.getByRole('img');
  await expect(thumbs).toHaveCount(1);
  const thumb = await thumbs.first().boundingBox();
  expect([Math.round(thumb?.width ?? 0), Math.round(thumb?.height ?? 0)]).toEqual([80, 80]);
});

test.describe('a refused upload', () => {
  // The server's 400 is what the journey checks; the browser logs it.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  test('a non-image upload is refused with the server reason and nothing is added', async ({ page }) => {
    await page.goto(client.admin.path);
    await page.getByRole('button', { name: 'Add client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await dialog
      .getByLabel('Choose images')
      .setInputFiles([
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') },
      ]);
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: /image|picture|file/i })
        .first(),
    ).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveCount(0);
  });
});

test('staff put records in the order the website shows them', async ({ page, records }) => {
  const first = unique('Anwar');
  const second = unique('Bushra');
  for (const name of [first, second]) await records.create('team', { name, position: 'Technician' });
  await page.goto('/addTeam');
  const names = async () => (await page.getByRole('row').allTextContents()).join('\n');
  const order = async () => {
    const text = await names();
    return Math.sign(text.indexOf(first) - text.indexOf(second));
  };
  await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();
  expect(await order()).toBe(-1);
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(page.getByRole('status')).toContainText(`Moved “${second}” up.`);
  await expect.poll(order).toBe(1);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();
  expect(await order()).toBe(1);
  // The public list follows the same order.
  const team = (await (await page.request.get('/api/team')).json()) as { name: string }[];
  const publicNames = team.map((member) => member.name);
  expect(publicNames.indexOf(second)).toBeLessThan(publicNames.indexOf(first));
});

test('a single-image field takes one picture, which can be removed and chosen again', async ({ page }) => {
  await page.goto('/addTeam');
  await page.getByRole('button', { name: 'Add team member', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team member' });
  const name = unique('Photo Person');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Position').fill('Supervisor');
  await dialog.getByLabel('Choose an image').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: await png('#0a0'),
  });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  // One picture at most: the picker goes away until it is removed.
  await expect(dialog.getByLabel('Choose an image')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
  await dialog.getByLabel('Choose an image').setInputFiles({
    name: 'face2.png',
    mimeType: 'image/png',
    buffer: await png('#00a'),
  });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await dialog.getByRole('button', { name: saveLabel(teamType, 'create'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Created Successfully!');
  const team = (await (await page.request.get('/api/team')).json()) as { name: string; images: string }[];
  expect(team.find((member) => member.name === name)?.images).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
});

test.describe('an ended session', () => {
  // The server's 401 is what the journey checks; the browser logs it.
  test.use({ expectedConsoleErrors: [/status of 401 /] });

  test('a save after the session ended keeps what was typed and says how to go on', async ({ page }) => {
    await page.goto('/addclient');
    await page.getByRole('button', { name: 'Add client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await dialog.getByLabel('Name', { exact: true }).fill(unique('Late Client'));
    await dialog.getByLabel('Phone').fill('03001234567');
    await dialog.getByLabel('Address').fill('Garden Town');
    await page.context().clearCookies();
    await dialog.getByRole('button', { name: saveLabel(client, 'create'), exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Your session has ended.');
    await expect(dialog.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(dialog.getByLabel('Address')).toHaveValue('Garden Town');
  });
});
