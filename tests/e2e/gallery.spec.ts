import sharp from 'sharp';
import { expect, adminTest as test, unique } from './fixtures';
import { listOf } from './support/public';

// The gallery as staff fill it and visitors read it: every picture says what it shows (its caption
// is its alt text, and a picture without one is not saved) and may lead to the project it is from.

test('staff caption a gallery picture and link it to its project; visitors read the caption and follow the link', async ({
  page,
}) => {
  const [project] = await listOf<{ title: string; slug: string }>(page.request, 'project');
  expect(project, 'the demo has a project').toBeDefined();
  await page.goto('/addGallery');
  await page.getByRole('button', { name: 'Add gallery album', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add gallery album' });
  const title = unique('Cold rooms');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Add row to Pictures' }).click();
  const row = dialog.getByRole('group', { name: 'Pictures, Row 1' });
  await row.getByLabel('Choose an image').setInputFiles({
    name: 'cold-room.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer(),
  });
  await expect(row.getByRole('img')).toBeVisible();

  // Without its caption the picture cannot be saved, and the list says which row lacks it once the caption was visited.
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  const caption = row.getByLabel('Caption', { exact: true });
  await caption.focus();
  await caption.blur();
  await expect(dialog.getByText('Pictures, row 1: Caption is required')).toBeVisible();

  const words = unique('Walk-in cold room after its new compressor');
  await caption.fill(words);
  await row.getByLabel('Project', { exact: true }).selectOption({ label: project!.title });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Data Created Successfully!');

  await page.goto('/gallery');
  const album = page.getByRole('region', { name: title });
  await expect(album.getByRole('img', { name: words })).toBeVisible();
  await expect(album.getByText(words, { exact: true })).toBeVisible();
  await album.getByRole('link', { name: /^See the project/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project!.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: project!.title })).toBeVisible();
});
