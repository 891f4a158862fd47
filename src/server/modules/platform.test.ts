import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { DEFAULT_SETTINGS } from './settings/defaults';

const t = await createTestApp();
let auth: { authorization: string };
beforeAll(async () => {
  auth = await t.signIn();
});

function multipart(filename: string, bytes: Buffer, field = 'image', type = 'image/png') {
  const boundary = '----test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('GET /api/status', () => {
  it('answers isActive true while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isActive: true });
  });
});

describe('settings', () => {
  it('start with the company defaults and hide staff-only fields from visitors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyName).toBe(DEFAULT_SETTINGS.companyName);
    expect(res.json().phone).toBe(DEFAULT_SETTINGS.phone);
    expect(res.json()).not.toHaveProperty('notifyEmail');
    const staff = await t.app.inject({ method: 'GET', url: '/api/settings', headers: auth });
    expect(staff.json()).toHaveProperty('notifyEmail');
  });

  it('are changed by an admin, validated, and protected against stale edits', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { tagline: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { phone: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.phone).toBe('Phone number must be exactly 11 digits.');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { tagline: 'Always on call', version: current.version },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tagline).toBe('Always on call');
    expect(ok.json().companyName).toBe(current.companyName);
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { tagline: 'Lost update', version: current.version },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().tagline).toBe(
      'Always on call',
    );
  });
});

describe('POST /api/upload', () => {
  it('stores an image as WebP variants served with immutable caching', async () => {
    const { payload, headers } = multipart('photo.png', await png(1000, 600));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, ...auth },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json().data;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1000);
    const small = await t.app.inject({ method: 'GET', url: url.replace('.webp', '-320.webp') });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
  });

  it('refuses anonymous uploads', async () => {
    const { payload, headers } = multipart('photo.png', await png(10, 10));
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('refuses what is not an image, SVG, and oversized pictures with a clear message', async () => {
    const cases: [string, Buffer, number, RegExp][] = [
      ['notes.png', Buffer.from('hello, this is text'), 400, /not an image/],
      [
        'evil.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        400,
        /SVG/,
      ],
      [
        'huge.png',
        await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        400,
        /megapixels/,
      ],
      ['big.bin', Buffer.alloc(11 * 1024 * 1024, 1), 413, /larger than 10 MB|too large/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const { payload, headers } = multipart(name, bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { ...headers, ...auth },
      });
      expect(res.statusCode, name).toBe(status);
      expect(res.json().error, name).toMatch(message);
    }
  });

  it('answers 400 for a request that is not multipart or uses another field', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: auth,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const { payload, headers } = multipart('photo.png', await png(10, 10), 'file');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, ...auth },
    });
    expect(other.statusCode).toBe(400);
  });

  it('answers 404 for unknown media', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(32)}.webp` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every content route from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/service',
        '/api/service/{id}',
        '/api/contactus',
        '/api/upload',
        '/api/settings',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('GET /api/status when the database is gone', () => {
  it('answers 503 { isActive: false } instead of failing', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ isActive: false });
  });
});
