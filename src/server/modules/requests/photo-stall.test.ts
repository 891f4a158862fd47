import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { createTestApp, testDatabaseKind } from '../../test/helpers';
import { expectSiteKeptAnswering, readStatusWhile } from '../../test/status-reads';
import { imageUpload } from '../../test/uploads';

/**
 * A big photo must not stall the site (decision 010): on the embedded database one statement
 * holds the one connection and this thread, so an 8 MB picture written or read in one piece froze
 * every other request for seconds. Load shedding is on, as on a real site.
 */
const t = await createTestApp({
  env: { CONTACT_RATE_LIMIT: '0', CONTACT_PHOTO_RATE_LIMIT: '0', MAX_EVENT_LOOP_DELAY_MS: '500' },
});
let staff: { authorization: string };
let base: string;
/** A ~4 MB JPEG of a tall, noisy scene (noise does not compress: the file is truly that large). */
let bigPhoto: Buffer;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bigPhoto = await sharp({
    create: {
      width: 1600,
      height: 9000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 25 },
    },
  })
    .jpeg({ quality: 75 })
    .toBuffer();
  // Opening the database and making the photo kept this thread busy: start once the site lets a
  // request in again.
  await eventually(async () => (await fetch(`${base}/api/service?q=warm-up`)).status === 200);
  await (await fetch(`${base}/api/status`)).arrayBuffer();
  staff = await t.signIn();
});

/** File a request with `photo` attached; answers the request's id. */
async function fileRequestWith(photo: Buffer): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/contactus/photos',
    ...imageUpload(photo, 'panorama.jpg', 'photo'),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const filed = await t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: {
      name: 'Panorama Sender',
      email: 'panorama@example.com',
      phone: '0300 123 4567',
      message: 'The whole wall of the cold room is iced over.',
      photos: [sent.json().token],
    },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  return filed.json()._id;
}

describe(`a 4 MB photo on ${testDatabaseKind}`, () => {
  it('is received while the site keeps answering, and stored at most 2,560 px long and about 1 MB', async () => {
    expect(bigPhoto.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const { result: requestId, reads } = await readStatusWhile(base, fileRequestWith(bigPhoto));
    expectSiteKeptAnswering(reads);

    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/contactus/${requestId}/photos/1`,
      headers: staff,
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2560);
    expect(stored.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('is opened by staff while the site keeps answering', async () => {
    const requestId = await fileRequestWith(bigPhoto);
    const { result: res, reads } = await readStatusWhile(
      base,
      fetch(`${base}/api/contactus/${requestId}/photos/1`, { headers: staff }).then(async (answer) => ({
        status: answer.status,
        bytes: Buffer.from(await answer.arrayBuffer()),
      })),
    );
    expect(res.status).toBe(200);
    expect((await sharp(res.bytes).metadata()).format).toBe('webp');
    expectSiteKeptAnswering(reads);
  });
});
