import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { createTestApp } from '../../test/helpers';
import { MAX_STREAMS_PER_USER } from './live-routes';

const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
let base = '';
let staff: { authorization: string; userId: string };

beforeAll(async () => {
  staff = await t.signIn('office');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** An open stream: what has arrived so far, a way to wait for more, and a way to hang up. */
function openStream(headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    text: () => string;
    waitFor: (pattern: RegExp, ms?: number) => Promise<string>;
    close: () => void;
  }>((resolve, reject) => {
    const request = http.get(`${base}/api/live`, { headers }, (response) => {
      let received = '';
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        for (const wake of waiters) wake();
      });
      response.on('error', () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => received,
        waitFor: (pattern, ms = 5000) =>
          new Promise((done, fail) => {
            const check = () => {
              const match = received.match(pattern);
              if (!match) return;
              waiters.delete(check);
              clearTimeout(timer);
              done(match[0]);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no ${pattern} in ${JSON.stringify(received)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const until = (condition: () => boolean, timeout = 3000) => eventually(condition, { timeout });

describe('GET /api/live', () => {
  it('refuses anyone without a staff session', async () => {
    const anonymous = await openStream({});
    expect(anonymous.status).toBe(401);
    anonymous.close();
    const wrong = await openStream({ authorization: 'Bearer not-a-session' });
    expect(wrong.status).toBe(401);
    wrong.close();
  });

  it('sends a new request as an event without its values, unbuffered and uncompressed', async () => {
    const listenersBefore = t.app.changes.listenerCount();
    const stream = await openStream({
      authorization: staff.authorization,
      'accept-encoding': 'gzip, br',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toBe('no-store');
    await stream.waitFor(/retry: \d+/);
    expect(t.app.changes.listenerCount()).toBe(listenersBefore + 1);

    const created = await fetch(`${base}/api/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Private Person',
        email: 'private@example.com',
        phone: '03001234567',
        message: 'Cold room down',
        urgent: true,
        area: 'Gulberg',
      }),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const line = await stream.waitFor(/data: .*\n\n/);
    expect(JSON.parse(line.slice('data: '.length))).toEqual({ type: 'contactus', id: _id, action: 'create' });
    // Only which record and how: nothing the visitor typed.
    expect(stream.text()).not.toMatch(/Private|private@|0300|Gulberg|Cold room/);

    // A change of another kind of record is not sent.
    t.app.changes.heard({ resource: 'service', id: 'x', action: 'update' });
    // A change heard from another instance is.
    t.app.changes.heard({ resource: 'contactus', id: 'from-elsewhere', action: 'update' });
    await stream.waitFor(/"id":"from-elsewhere"/);
    expect(stream.text()).not.toMatch(/"type":"service"/);

    stream.close();
    await until(() => t.app.changes.listenerCount() === listenersBefore);
  });

  it('caps the streams one person holds open, and frees a place when one closes', async () => {
    const listenersBefore = t.app.changes.listenerCount();
    const streams = [];
    for (let n = 0; n < MAX_STREAMS_PER_USER; n++) {
      const stream = await openStream({ authorization: staff.authorization });
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const over = await openStream({ authorization: staff.authorization });
    expect(over.status).toBe(429);
    over.close();
    // Someone else is not held back by it.
    const admin = await t.signIn('admin');
    const other = await openStream({ authorization: admin.authorization });
    expect(other.status).toBe(200);
    other.close();

    streams.pop()!.close();
    await until(() => t.app.changes.listenerCount() === listenersBefore + MAX_STREAMS_PER_USER - 1);
    const again = await openStream({ authorization: staff.authorization });
    expect(again.status).toBe(200);
    again.close();
    for (const stream of streams) stream.close();
    await until(() => t.app.changes.listenerCount() === listenersBefore);
  });

  it('accepts the session cookie, as the admin pages send it', async () => {
    const token = staff.authorization.slice('Bearer '.length);
    const stream = await openStream({ cookie: `session=${token}` });
    expect(stream.status).toBe(200);
    stream.close();
  });
});
