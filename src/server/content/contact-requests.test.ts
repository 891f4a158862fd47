import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/helpers';
import { newReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from './tracking';

// The real reference maker, observable, so a test can make one draw collide.
vi.mock('./tracking', async (actual) => {
  const module = await actual<typeof import('./tracking')>();
  return { ...module, newReference: vi.fn(module.newReference) };
});

// The track page is server HTML: with a web build the whole app answers it, else only the API.
const t = await createTestApp({ ssr: true, env: { CONTACT_RATE_LIMIT: '0' } });
let auth: { authorization: string };

const request = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Caller ${n}`,
  email: `caller${n}@example.com`,
  phone: '03007654321',
  message: `The walk-in freezer alarm keeps ringing (${n})`,
  ...extra,
});

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/contactus', payload });

beforeAll(async () => {
  auth = await t.signIn();
});

describe('a contact request', () => {
  it('is answered 201 with a short reference and the path of its private status page', async () => {
    const res = await post(
      request(1, { urgent: true, area: 'Gulshan-e-Iqbal, Karachi', preferredTime: 'After 5 pm' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.reference).toMatch(REFERENCE_PATTERN);
    expect(body.reference).toMatch(/^CF-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
    expect(body.trackUrl).toMatch(/^\/track\/[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      urgent: true,
      area: 'Gulshan-e-Iqbal, Karachi',
      preferredTime: 'After 5 pm',
      stage: 'new',
      status: 'Pending',
    });
    expect(JSON.stringify(body)).not.toMatch(/trackToken|track_token/i);
  });

  it('stores only the SHA-256 of its track token, and its new fields default for a plain message', async () => {
    const res = await post(request(2));
    const { _id, trackUrl, reference } = res.json();
    const token = String(trackUrl).slice('/track/'.length);
    const rows = await t.database.query<{
      reference: string;
      track_token_hash: string;
      urgent: boolean;
      area: string;
      preferred_time: string;
      stage: string;
    }>(
      'select reference, track_token_hash, urgent, area, preferred_time, stage from contact_messages where id = $1',
      [_id],
    );
    expect(rows[0]).toEqual({
      reference,
      track_token_hash: createHash('sha256').update(token).digest('hex'),
      urgent: false,
      area: '',
      preferred_time: '',
      stage: 'new',
    });
  });

  it('cannot set its own stage or reference: both are dropped', async () => {
    const res = await post(request(3, { stage: 'done', reference: 'CF-AAAAA', trackTokenHash: 'x' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().stage).toBe('new');
    expect(res.json().reference).not.toBe('CF-AAAAA');
  });

  it('gets references that differ, from the unambiguous alphabet only', async () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    const made = new Set(Array.from({ length: 2000 }, () => newReference('CF')));
    for (const reference of made) expect(reference).toMatch(/^CF-[^01OIL]{5}$/);
    expect(made.size).toBeGreaterThan(1990);
    const answered = await Promise.all([4, 5, 6, 7, 8].map(async (n) => (await post(request(n))).json()));
    expect(new Set(answered.map((body) => body.reference)).size).toBe(5);
  });

  it('is created again with a new reference when the one drawn is taken', async () => {
    const taken = (await post(request(9))).json().reference as string;
    // The next draw repeats the taken reference: the insert is refused and retried with a fresh one.
    vi.mocked(newReference).mockReturnValueOnce(taken);
    const res = await post(request(90));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reference).toMatch(REFERENCE_PATTERN);
    expect(res.json().reference).not.toBe(taken);
    expect(vi.mocked(newReference).mock.results.some((result) => result.value === taken)).toBe(true);
  });

  it('is read by staff with its reference, never its token', async () => {
    const { _id, reference } = (await post(request(10))).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: auth });
    expect(res.json().reference).toBe(reference);
    expect(res.body).not.toMatch(/track/i);
    const list = await t.app.inject({ method: 'GET', url: '/api/contactus', headers: auth });
    expect(list.json().data[0].reference).toMatch(REFERENCE_PATTERN);
    expect(list.body).not.toMatch(/track/i);
  });

  it('is marked read by PUT with the whole record as GET answered it, and nothing else changes', async () => {
    const { _id } = (
      await post(request(11, { urgent: true, area: 'Clifton', preferredTime: 'Mornings' }))
    ).json();
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: auth })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${_id}`,
      headers: auth,
      payload: { ...before, status: 'read' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: auth })).json();
    const { status, version, updatedAt, seen, ...rest } = after;
    const { status: _s, version: _v, updatedAt: _u, seen: _n, ...restBefore } = before;
    expect(status).toBe('read');
    // Read is "seen by someone" (decision 100): the spec's PUT records who.
    expect(_n).toBeNull();
    expect(seen).toMatchObject({ by: expect.any(String), at: expect.any(String) });
    expect(version).toBe(before.version + 1);
    expect(rest).toEqual(restBefore);
    expect(rest).toMatchObject({ urgent: true, area: 'Clifton', preferredTime: 'Mornings', stage: 'new' });
    // The track link still works after the staff's change.
    const rows = await t.database.query<{ track_token_hash: string | null }>(
      'select track_token_hash from contact_messages where id = $1',
      [_id],
    );
    expect(rows[0]!.track_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gets the same reference and link through the page form (no JavaScript)', async () => {
    const result = await t.app.site.submitForm(
      'contactus',
      { ...request(12), urgent: true },
      { ip: '203.0.113.20' },
    );
    expect(result).toMatchObject({
      ok: true,
      receipt: { reference: expect.stringMatching(REFERENCE_PATTERN) },
    });
    if (!result.ok || !result.receipt) throw new Error('no receipt');
    expect(result.receipt.trackUrl).toMatch(/^\/track\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('the status page behind a track link', () => {
  it('shows the reference and stage, and nothing of the sender, other requests or staff', async () => {
    const other = (await post(request(20, { message: 'Other secret words' }))).json();
    const mine = (
      await post(
        request(21, { message: 'My private description', area: 'DHA Phase 6', preferredTime: 'Noon' }),
      )
    ).json();
    const view = await t.app.site.trackRequest(mine.trackUrl.slice('/track/'.length));
    expect(view).toEqual({
      reference: mine.reference,
      service: null,
      receivedAt: mine.createdAt,
      stage: 'new',
      scheduledAt: null,
    });
    // Staff move it on: the page follows.
    await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${mine._id}`,
      headers: auth,
      payload: { stage: 'contacted' },
    });
    expect((await t.app.site.trackRequest(mine.trackUrl.slice(7)))?.stage).toBe('contacted');
    expect(other.reference).not.toBe(mine.reference);
  });

  it('knows no token it did not issue, and does not look up a malformed one', async () => {
    expect(await t.app.site.trackRequest('A'.repeat(43))).toBeNull();
    expect(await t.app.site.trackRequest('')).toBeNull();
    expect(await t.app.site.trackRequest("' or 1=1 --")).toBeNull();
  });

  it('is server HTML with the stage words, private headers and no personal data', async () => {
    const sent = (
      await post(
        // Words the page could never say by chance: "9 am" once matched the stage time "12:59 am".
        request(30, {
          message: 'Compressor smells of burning',
          area: 'Saddar',
          preferredTime: 'Weekday mornings only',
        }),
      )
    ).json();
    await post(request(31, { message: 'Someone else entirely' }));
    const res = await t.app.inject({ method: 'GET', url: sent.trackUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const html = res.body;
    expect(html).toContain(sent.reference);
    expect(html).toContain('Received');
    expect(html).toContain('We have called you');
    expect(html).toContain('Visit scheduled');
    expect(html).toContain('Done');
    for (const secret of [
      'caller30@example.com',
      'caller31@example.com',
      '03007654321',
      'Caller 30',
      'Compressor smells of burning',
      'Someone else entirely',
      'Saddar',
      'Weekday mornings only',
    ])
      expect(html).not.toContain(secret);
    // A second visit is answered afresh, never replayed from the page cache.
    await t.app.inject({
      method: 'PUT',
      url: `/api/contactus/${sent._id}`,
      headers: auth,
      payload: { stage: 'lost' },
    });
    const again = await t.app.inject({ method: 'GET', url: sent.trackUrl });
    expect(again.body).toContain('Closed');
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('answers an unknown or malformed token with the plain 404 page, privately', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const url of [`/track/${'A'.repeat(43)}`, '/track/short', '/track/%27%20or%201%3D1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain('Page not found');
      expect(res.body.length).toBeGreaterThan(notFound.body.length / 2);
    }
  });
});
