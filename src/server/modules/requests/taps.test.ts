import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { createTapStore } from './tap-store';

const t = await createTestApp({ env: { EVENTS_RATE_LIMIT: '5' } });
const store = createTapStore(t.database);

let address = 0;
/** Each test taps from its own address, so the per-address limit is only met where it is tested. */
const nextAddress = () => `10.70.0.${++address}`;

const rows = () =>
  t.database.query<{ day: string; type: string; count: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, type, count from tap_counts order by day, type`,
  );
const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/events', () => {
  it('counts a call tap sent as JSON and a WhatsApp tap sent as a text/plain beacon, with 204', async () => {
    await t.database.query('delete from tap_counts');
    const remoteAddress = nextAddress();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { type: 'call' },
      remoteAddress,
    });
    expect(json.statusCode).toBe(204);
    expect(json.body).toBe('');
    for (let n = 0; n < 2; n++) {
      const beacon = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ type: 'whatsapp' }),
        remoteAddress,
      });
      expect(beacon.statusCode).toBe(204);
    }
    expect(await rows()).toEqual([
      { day: today(), type: 'call', count: 1 },
      { day: today(), type: 'whatsapp', count: 2 },
    ]);
  });

  it('stores only the day and the kind: the table has no other column', async () => {
    const columns = await t.database.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'tap_counts' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['count', 'day', 'type']);
  });

  it('answers 400 to anything else, storing nothing', async () => {
    await t.database.query('delete from tap_counts');
    const bad: [string, string][] = [
      ['application/json', JSON.stringify({ type: 'email' })],
      ['application/json', JSON.stringify({})],
      ['application/json', JSON.stringify(['call'])],
      ['application/json', '{"type":'],
      ['text/plain', 'call'],
      ['text/plain', JSON.stringify({ type: 'sms' })],
      ['text/plain', ''],
    ];
    for (const [type, payload] of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': type },
        payload,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { type: 'call', padding: 'x'.repeat(2000) },
      remoteAddress: nextAddress(),
    });
    expect(oversized.statusCode).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it('sets no cookie, even for a signed-in member of staff', async () => {
    const { authorization } = await t.signIn();
    const token = authorization.slice('Bearer '.length);
    const cookieSets: Record<string, string>[] = [
      { session: token },
      { session: token, 'XSRF-TOKEN': 'stale' },
      {},
    ];
    for (const cookies of cookieSets) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        cookies,
        headers: { 'content-type': 'text/plain' },
        payload: '{"type":"call"}',
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('is limited per address with a 429', async () => {
    const remoteAddress = nextAddress();
    const tap = () =>
      t.app.inject({ method: 'POST', url: '/api/events', payload: { type: 'call' }, remoteAddress });
    for (let n = 0; n < 5; n++) expect((await tap()).statusCode).toBe(204);
    const over = await tap();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('a tap sent from another site', () => {
  const beacon = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      payload: JSON.stringify({ type: 'call' }),
      remoteAddress: nextAddress(),
    });

  it("is refused with 403 and leaves the owner's numbers where they were", async () => {
    await t.database.query('delete from tap_counts');
    const before = await store.tapsPerWeek(1);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      // A browser naming this site's origin but saying the page was elsewhere: the fetch metadata wins.
      { 'sec-fetch-site': 'cross-site', origin: t.app.siteOrigin() },
      { 'sec-fetch-site': 'CROSS-SITE' },
      // A sibling subdomain's page (someone else's content on the same registrable domain).
      { 'sec-fetch-site': 'same-site' },
      // Browsers from before fetch metadata send only the page's origin.
      { origin: 'https://elsewhere.example' },
      { origin: 'null' },
      { origin: `${t.app.siteOrigin()}.elsewhere.example` },
      // A page of another machine on the same network, posting to this one.
      { host: '192.168.1.20:3000', origin: 'http://192.168.1.99:3000' },
    ];
    for (const headers of foreign) {
      const res = await beacon(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toMatch(/this site's own pages/);
    }
    expect(await store.tapsPerWeek(1)).toEqual(before);
    expect(await rows()).toEqual([]);
  });

  it('counts a tap from our own pages, and one from a client that sends neither header', async () => {
    await t.database.query('delete from tap_counts');
    const ours: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: t.app.siteOrigin() },
      { origin: t.app.siteOrigin() },
      // A plain-HTTP site opened at its LAN address without PUBLIC_URL: no fetch metadata is sent,
      // and the page's origin is the address the request went to.
      { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' },
      {},
    ];
    for (const headers of ours) expect((await beacon(headers)).statusCode, JSON.stringify(headers)).toBe(204);
    expect(await rows()).toEqual([{ day: today(), type: 'call', count: ours.length }]);
  });
});

describe('tapsPerWeek', () => {
  it('gives each of the last weeks, Monday first and oldest first, with zeros for quiet weeks', async () => {
    await t.database.query('delete from tap_counts');
    // Wednesday 2026-11-18 and Monday 2026-11-23 are in two weeks; Sunday 2026-11-22 ends the first.
    await store.recordTap('call', '2026-11-18');
    await store.recordTap('call', '2026-11-22');
    await store.recordTap('whatsapp', '2026-11-22');
    await store.recordTap('call', '2026-11-23');
    await store.recordTap('whatsapp', '2026-11-01');
    expect(await store.tapsPerWeek(3, '2026-11-24')).toEqual([
      { weekStart: '2026-11-09', call: 0, whatsapp: 0 },
      { weekStart: '2026-11-16', call: 2, whatsapp: 1 },
      { weekStart: '2026-11-23', call: 1, whatsapp: 0 },
    ]);
    expect(await store.tapsPerWeek(4, '2026-11-24')).toHaveLength(4);
    expect(await store.tapsPerWeek(0, '2026-11-24')).toHaveLength(1);
  });

  it('counts up to today when no day is given', async () => {
    await t.database.query('delete from tap_counts');
    await store.recordTap('whatsapp');
    const [week] = await store.tapsPerWeek(1);
    expect(week).toMatchObject({ call: 0, whatsapp: 1 });
  });
});
