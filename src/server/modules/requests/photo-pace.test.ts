import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { createTestApp, testDatabaseKind } from '../../test/helpers';
import { imageUpload } from '../../test/uploads';
import { imageQueue } from '../media/pipeline';
import { UPLOAD_TOO_SLOW } from '../media/upload-pace';

/** A bound of one second instead of thirty, so the slow client is cut off within the test. */
const t = await createTestApp({ env: { CONTACT_PHOTO_RATE_LIMIT: '0', VISITOR_UPLOAD_SECONDS: '1' } });
let port: number;
let photo: Buffer;
beforeAll(async () => {
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  port = Number(address.port);
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
});

/**
 * A client on a raw socket that sends a photo upload's headers at once and its body a few bytes at
 * a time, every 20 ms (through the clock helper), until the server answers or closes.
 */
function slowUpload(body: Buffer, headers: Record<string, string>) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  let closed = false;
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => undefined);
  socket.write(
    [
      'POST /api/contactus/photos HTTP/1.1',
      'Host: 127.0.0.1',
      `Content-Type: ${headers['content-type']}`,
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n'),
  );
  let sent = 0;
  const started = performance.now();
  const finished = eventually(
    () => {
      if (!closed && sent < body.length && !socket.destroyed) {
        socket.write(body.subarray(sent, sent + 16));
        sent += 16;
      }
      return closed && { answer, sent, ms: performance.now() - started };
    },
    { interval: 20, timeout: 30_000 },
  );
  return { finished, stop: () => socket.destroy() };
}

describe(`a slow photo upload on ${testDatabaseKind}`, () => {
  it('holds at most its address’s one place, leaves the others to other addresses, and is cut off with a clear error', async () => {
    const { payload, headers } = imageUpload(photo, 'fault.jpg', 'photo');
    const slow = slowUpload(payload, headers);
    try {
      // The slow client holds one place in the visitor lane while its body trickles in.
      await eventually(() => imageQueue.load().visitor === 1);

      // A second upload from the same address is refused at once: one place per address.
      const same = await t.app.inject({ method: 'POST', url: '/api/contactus/photos', payload, headers });
      expect(same.statusCode, same.body).toBe(429);
      expect(Number(same.headers['retry-after'])).toBeGreaterThan(0);
      expect(same.json().error).toBe(
        'A photo from your connection is still being received. Send the next one when it has arrived.',
      );

      // Another address still sends its photo.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/contactus/photos',
        payload,
        headers,
        remoteAddress: '198.51.100.7',
      });
      expect(other.statusCode, other.body).toBe(201);

      // The slow one is stopped after the bound, told why, and its connection closed.
      const { answer, sent } = await slow.finished;
      expect(sent).toBeLessThan(payload.length);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain(UPLOAD_TOO_SLOW);
      expect(imageQueue.load().visitor).toBe(0);
    } finally {
      slow.stop();
    }
    // Its place is free again: the same address sends its next photo.
    const next = await t.app.inject({ method: 'POST', url: '/api/contactus/photos', payload, headers });
    expect(next.statusCode, next.body).toBe(201);
  });
});

describe('every multipart body', () => {
  it('is read through the two readers that hold anonymous uploads to the pace', () => {
    // receiveImage (media/routes.ts) paces every public route; the page form's reader always paces.
    const readers = ['modules/media/routes.ts', 'modules/requests/photo-form.ts'];
    const server = path.resolve(import.meta.dirname, '../..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          if (/\.(file|files|parts|saveRequestFiles)\(/.test(fs.readFileSync(full, 'utf8')))
            found.push(path.relative(server, full));
        }
      }
    };
    walk(server);
    expect(found.sort()).toEqual(readers);
  });
});
