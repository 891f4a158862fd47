import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { eventually, startSmtpPeer } from '../../test/smtp-peer';
import { bombPng, imageUpload } from '../../test/uploads';
import { PHOTO_CLAIM_MINUTES, PHOTO_TOKEN_ERROR } from './photo-store';

const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await createTestApp({
  env: {
    CONTACT_RATE_LIMIT: '0',
    CONTACT_PHOTO_RATE_LIMIT: '0',
    SMTP_URL: peer.url,
    MAIL_RETRY_SECONDS: '0.2',
    PUBLIC_URL: 'https://coolfix.example',
  },
});
let admin: { authorization: string };
let editor: { authorization: string };
beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('office');
  await t.saveSettings({ notifyEmail: 'desk@coolfix.example' }, admin);
});

/** A small photo of a fault, as a phone sends it: a JPEG with camera metadata. */
const photo = (colour = '#c0392b') =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .withExif({ IFD0: { Copyright: 'Visitor phone', Make: 'SecretCam' } })
    .jpeg()
    .toBuffer();

const sendPhoto = (bytes: Buffer, filename = 'fault.jpg') =>
  t.app.inject({ method: 'POST', url: '/api/contactus/photos', ...imageUpload(bytes, filename, 'photo') });

async function token(colour?: string): Promise<string> {
  const res = await sendPhoto(await photo(colour));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

let sent = 0;
const request = (extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: `Caller ${++sent}`,
      email: `caller${sent}@example.com`,
      phone: '0300 123 4567',
      message: 'The cold room stopped cooling at midnight.',
      ...extra,
    },
  });

const messageCount = async () =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from contact_messages'))[0]!.n);

describe('the visitors’ photo door', () => {
  it("refuses a photo sent from another site's page, storing nothing", async () => {
    const stored = async () =>
      Number((await t.database.query<{ n: number }>('select count(*)::int as n from contact_photos'))[0]!.n);
    const before = await stored();
    const upload = imageUpload(await photo(), 'fault.jpg', 'photo');
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of foreign) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contactus/photos',
        payload: upload.payload,
        headers: { ...upload.headers, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toMatch(/this site's own contact form/);
    }
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/contactus/photos',
      payload: upload.payload,
      headers: { ...upload.headers, 'sec-fetch-site': 'same-origin', origin: 'https://coolfix.example' },
    });
    expect(ours.statusCode, ours.body).toBe(201);
    expect(await stored()).toBe(before + 1);
  });

  it('takes a JPEG, answers an opaque token, and keeps it unclaimed and out of the public media', async () => {
    const mediaBefore = await t.database.query('select hash from media');
    const res = await sendPhoto(await photo());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.json())).toEqual(['token']);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.query<{ message_id: string | null; token_hash: string }>(
      'select message_id, token_hash from contact_photos',
    );
    expect(rows.at(-1)?.message_id).toBeNull();
    expect(rows.at(-1)?.token_hash).not.toContain(res.json().token);
    expect(await t.database.query('select hash from media')).toEqual(mediaBefore);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024 + 10, 7)]);
    const res = await sendPhoto(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The photo is larger than 8 MB.');
  });

  it('refuses what is not a photo: SVG with script, text, a GIF (staff may send GIFs, visitors not)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const answers = [
      await sendPhoto(svg, 'fault.jpg'),
      await sendPhoto(Buffer.from('just some text, not a picture'), 'fault.png'),
      await sendPhoto(
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        'fault.gif',
      ),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(/Send a JPEG, PNG or WebP photo of up to 8 MB/);
    }
    expect(answers[0]!.json().error).toMatch(/^SVG and other markup files are not accepted/);
  });

  it('refuses a picture over the pixel cap from its header alone', async () => {
    const res = await sendPhoto(bombPng(2557, 9386, 'none'), 'fault.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^This picture is too large \(24\.1 megapixels\)/);
  });

  it('refuses a post without the photo field or not multipart with a clear 400', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/contactus/photos', payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('Send the photo as multipart/form-data in the field "photo".');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/contactus/photos',
      ...imageUpload(await photo(), 'fault.jpg', 'image'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe('Send the photo in the field "photo".');
  });
});

describe('a request with photos', () => {
  it('claims its photos once, in its own transaction, and shows them to staff only', async () => {
    const tokens = [await token('#111111'), await token('#222222')];
    const res = await request({ photos: tokens, urgent: true });
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id } = res.json();
    expect(res.json().photos).toBeUndefined();
    // Staff hear of the photos, and where to see them: the pictures stay behind a staff session.
    const mail = await eventually(() =>
      peer.received.find((m) => m.to.includes('desk@coolfix.example') && m.raw.includes(`Caller ${sent}`)),
    );
    const body = mail.raw.replace(/=\r?\n/g, '');
    expect(body).toContain(`Photos of the fault: 2, on the request's page`);
    expect(body).toContain(`https://coolfix.example/message/${id}`);
    expect(mail.raw).not.toMatch(/^Content-Type: image\//m);

    const record = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: admin });
    expect(record.json().photos).toEqual([`/api/contactus/${id}/photos/1`, `/api/contactus/${id}/photos/2`]);

    const list = await t.app.inject({ method: 'GET', url: '/api/contactus?q=Caller', headers: editor });
    const row = list.json().data.find((r: { _id: string }) => r._id === id);
    expect(row.photoCount).toBe(2);

    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/contactus/${id}/photos/1`,
      headers: editor,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('private, no-store');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    // Re-encoded: nothing of the camera's metadata survives.
    expect(meta.exif).toBeUndefined();
    expect(picture.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    // Nobody else: no session, a stranger's token, the public media route.
    expect((await t.app.inject({ method: 'GET', url: `/api/contactus/${id}/photos/1` })).statusCode).toBe(
      401,
    );
    const forged = { authorization: 'Bearer not-a-session' };
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contactus/${id}/photos/1`, headers: forged }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/media/${tokens[0]}.webp` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contactus/${id}/photos/3`, headers: editor }))
        .statusCode,
    ).toBe(404);

    // A token works once.
    const before = await messageCount();
    const again = await request({ photos: [tokens[0]] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Validation failed', fields: { photos: PHOTO_TOKEN_ERROR } });
    expect(await messageCount()).toBe(before);
  });

  it('refuses unknown, repeated, malformed and too many tokens on `photos`, storing nothing', async () => {
    const before = await messageCount();
    const fresh = await token();
    const answers = {
      unknown: await request({ photos: ['A'.repeat(43)] }),
      malformed: await request({ photos: ['../../etc/passwd'] }),
      repeated: await request({ photos: [fresh, fresh] }),
      notAList: await request({ photos: 'x' }),
      tooMany: await request({ photos: [fresh, fresh, fresh, fresh] }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().fields), name).toEqual(['photos']);
    }
    expect(answers.tooMany.json().fields.photos).toBe('Attach at most 3 photos.');
    expect(await messageCount()).toBe(before);
    // The failed attempts rolled back: the photo can still be claimed.
    expect((await request({ photos: [fresh] })).statusCode).toBe(201);
  });

  it('refuses a token older than the claim window', async () => {
    const late = await token();
    await t.database.query(
      `update contact_photos set created_at = now() - interval '${PHOTO_CLAIM_MINUTES + 1} minutes' where message_id is null`,
    );
    const res = await request({ photos: [late] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.photos).toBe(PHOTO_TOKEN_ERROR);
  });

  it('keeps a whole-record PUT of what GET answered working, photos untouched', async () => {
    const { _id: id } = (await request({ photos: [await token()] })).json();
    const got = (await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: admin })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${id}`,
      headers: admin,
      payload: { ...got, status: 'read' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: admin })).json();
    expect(after.photos).toEqual(got.photos);
    expect(after.status).toBe('read');
  });
});

describe('photos for another app', () => {
  it('are read with a leads:read key; a key limited to a technician sees only their requests’ photos', async () => {
    const key = async (scopes: string[], userId?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: admin,
        payload: {
          name: `Photos ${scopes.join(' ')} ${userId ?? ''}`,
          scopes,
          ...(userId ? { userId } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${res.json().key}` };
    };
    const technician = await t.signIn('office');
    const filed = async () => {
      const res = await request({ photos: [await token()] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { _id: string; version: number };
    };
    const theirs = await filed();
    const others = await filed();
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${theirs._id}`,
      headers: admin,
      payload: { assignee: technician.userId, version: theirs.version },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const photo = (id: string, who: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: `/api/contactus/${id}/photos/1`, headers: who });

    const everyRequest = await key(['leads:read']);
    expect((await photo(others._id, everyRequest)).statusCode).toBe(200);
    const limited = await key(['leads:read'], technician.userId);
    expect((await photo(theirs._id, limited)).statusCode).toBe(200);
    expect((await photo(others._id, limited)).statusCode).toBe(404);
    expect((await photo(theirs._id, await key(['content:read']))).statusCode).toBe(403);
  });
});

describe('the photos’ lifecycle', () => {
  it('sweeps photos nobody claimed within the hour, never a request’s', async () => {
    await t.database.query('delete from contact_photos where message_id is null');
    const { _id: id } = (await request({ photos: [await token()] })).json();
    await token();
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    expect(await t.app.requestPhotos.sweep(at(PHOTO_CLAIM_MINUTES - 1))).toBe(0);
    expect(await t.app.requestPhotos.sweep(at(PHOTO_CLAIM_MINUTES + 1))).toBe(1);
    expect(await t.database.query('select id from contact_photos where message_id is null')).toEqual([]);
    expect(await t.app.requestPhotos.sweep(at(24 * 60))).toBe(0);
    expect(await t.app.requestPhotos.urls(id)).toHaveLength(1);
  });

  it('hides photos while their request is in the trash, brings them back on undo, removes them on purge', async () => {
    const { _id: id } = (await request({ photos: [await token(), await token()] })).json();
    const url = `/api/contactus/${id}/photos/1`;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contactus/${id}`, headers: admin })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/trash/contactus/${id}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: `/api/contactus/${id}`, headers: admin });
    const purged = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/contactus/${id}`,
      headers: admin,
    });
    expect(purged.json()).toEqual({ ok: true, purged: 1 });
    expect(await t.database.query('select id from contact_photos where message_id = $1', [id])).toEqual([]);
  });
});

describe('the per-address photo limit', () => {
  it('answers 429 with Retry-After once an address has sent its budget', async () => {
    const limited = await createTestApp({ env: { CONTACT_PHOTO_RATE_LIMIT: '2' } });
    const bytes = await photo();
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/contactus/photos',
        ...imageUpload(bytes, 'a.jpg', 'photo'),
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().error).toMatch(/^Too many photos sent from your connection\. Try again in/);
  });
});
