import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { createTestApp } from '../../test/helpers';
import { imageUpload } from '../../test/uploads';
import { imageQueue } from '../media/pipeline';

const t = await createTestApp({ env: { CONTACT_PHOTO_RATE_LIMIT: '0' } });
let auth: { authorization: string };
beforeAll(async () => {
  auth = await t.signIn();
});

const picture = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('visitors’ photos in the picture queue', () => {
  it('hold a staff upload back by at most the one picture running, and a full visitor lane says 503', async () => {
    // The picture being resized when the others arrive: a visitor's, finishing when told.
    let finish!: () => void;
    const running = imageQueue
      .reserve('visitor')
      .run(() => new Promise<void>((resolve) => (finish = resolve)));

    const done: string[] = [];
    // Each visitor from an address of their own: one address holds one place at a time.
    const visitor = async (name: string, address: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contactus/photos',
        remoteAddress: address,
        ...imageUpload(await picture('#884422'), `${name}.jpg`, 'photo'),
      });
      done.push(name);
      return res;
    };
    const waiting = [visitor('visitor 2', '198.51.100.2'), visitor('visitor 3', '198.51.100.3')];
    await eventually(() => imageQueue.load().visitor === 3);

    // The visitor lane is full: the next photo is refused at once, with a time to come back.
    const refused = await visitor('visitor 4', '198.51.100.4');
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toBe('Many pictures are being sent right now. Try again in a few seconds.');
    done.pop();

    const staff = (async () => {
      const upload = imageUpload(await picture('#224488'), 'staff.jpg');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: upload.payload,
        headers: { ...upload.headers, ...auth },
      });
      done.push('staff');
      return res;
    })();
    // Both visitor photos and then the staff picture are read and queued before the running one ends.
    await eventually(() => imageQueue.queued().visitor === 2 && imageQueue.queued().staff === 1);
    finish();
    await running;
    const [staffAnswer, ...visitorAnswers] = await Promise.all([staff, ...waiting]);
    expect(staffAnswer.statusCode, staffAnswer.body).toBe(201);
    for (const answer of visitorAnswers) expect(answer.statusCode, answer.body).toBe(201);
    // Two visitor photos were waiting before the staff picture came; it went first all the same.
    expect(done[0]).toBe('staff');
    expect(done.slice(1).sort()).toEqual(['visitor 2', 'visitor 3']);
    expect(imageQueue.load()).toEqual({ staff: 0, visitor: 0 });
  });
});
