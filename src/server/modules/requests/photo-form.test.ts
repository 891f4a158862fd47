import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { multipartForm } from '../../test/uploads';

// The page form is server HTML: these need the web build (npm test builds first).
const t = await createTestApp({
  ssr: true,
  env: { CONTACT_RATE_LIMIT: '0', CONTACT_PHOTO_RATE_LIMIT: '0', PAGE_POST_RATE_LIMIT: '0' },
});

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();

const fields = (email: string, extra: Record<string, string> = {}) => ({
  name: 'Danish',
  email,
  phone: '0300-1234567',
  message: 'The display cabinet is warm.',
  urgent: 'true',
  ...extra,
});

const postForm = (form: ReturnType<typeof multipartForm>, url = '/contact') =>
  t.app.inject({ method: 'POST', url, ...form });

const photosOf = async (email: string) =>
  t.database.query<{ position: number }>(
    `select p.position from contact_photos p join contact_messages m on m.id = p.message_id
      where m.email = $1 order by p.position`,
    [email],
  );

describe('the contact form posted without JavaScript, with photos', () => {
  it('sends the request and its photo, and answers the thank-you page with the reference and track link', async () => {
    const res = await postForm(
      multipartForm(fields('danish@example.com'), [
        { field: 'photos', filename: 'fault.jpg', bytes: await photo() },
      ]),
    );
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.body).toMatch(/Your reference is <strong[^>]*>CF-[0-9A-Z]{5}<\/strong>/);
    expect(res.body).toMatch(/href="\/track\/[A-Za-z0-9_-]{43}"/);
    expect(await photosOf('danish@example.com')).toEqual([{ position: 1 }]);
    const [row] = await t.database.query<{ urgent: boolean; phone: string }>(
      'select urgent, phone from contact_messages where email = $1',
      ['danish@example.com'],
    );
    expect(row).toEqual({ urgent: true, phone: '03001234567' });
  });

  it('takes an empty file control as no photo', async () => {
    const res = await postForm(
      multipartForm(fields('nofile@example.com'), [
        { field: 'photos', filename: '', bytes: Buffer.alloc(0), type: 'application/octet-stream' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(await photosOf('nofile@example.com')).toEqual([]);
  });

  it('answers a refused field with the form, values kept and the photo still attached for the next try', async () => {
    const refused = await postForm(
      multipartForm(fields('erum@example.com', { phone: '12' }), [
        { field: 'photos', filename: 'fault.jpg', bytes: await photo() },
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Phone number must be exactly 11 digits.');
    expect(refused.body).toContain('value="erum@example.com"');
    expect(refused.body).toContain('One photo is already attached');
    const token = /<input type="hidden" name="photos" value="([A-Za-z0-9_-]{43})"/.exec(refused.body)?.[1];
    expect(token).toBeDefined();

    const again = await postForm(multipartForm({ ...fields('erum@example.com'), photos: token! }));
    expect(again.statusCode).toBe(200);
    expect(await photosOf('erum@example.com')).toEqual([{ position: 1 }]);
  });

  it('answers a file that is not a photo on the photos field, storing no request', async () => {
    const res = await postForm(
      multipartForm(fields('farah@example.com'), [
        {
          field: 'photos',
          filename: 'fault.jpg',
          bytes: Buffer.from('<svg><script>alert(1)</script></svg>'),
        },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('SVG and other markup files are not accepted.');
    expect(res.body).toContain('Please fill out all required fields correctly.');
    expect(res.body).toContain('value="farah@example.com"');
    expect(
      await t.database.query('select id from contact_messages where email = $1', ['farah@example.com']),
    ).toEqual([]);
  });

  it('refuses more than three photos', async () => {
    const bytes = await photo();
    const four = [1, 2, 3, 4].map((n) => ({ field: 'photos', filename: `f${n}.jpg`, bytes }));
    const res = await postForm(multipartForm(fields('gul@example.com'), four));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Attach at most 3 photos.');
    expect(await photosOf('gul@example.com')).toEqual([]);
  });

  it('takes files on no other page', async () => {
    const res = await postForm(
      multipartForm({ email: 'x@example.com' }, [
        { field: 'photos', filename: 'a.jpg', bytes: await photo() },
      ]),
      '/services',
    );
    expect(res.statusCode).toBe(415);
  });
});
