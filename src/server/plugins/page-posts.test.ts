import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/helpers';

const t = await createTestApp({ ssr: true });

const requestsFrom = async (email: string) =>
  Number(
    (
      await t.database.query<{ n: number }>(
        `select count(*)::int as n from contact_messages where email = $1`,
        [email],
      )
    )[0]!.n,
  );

const postContact = (email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      name: 'Chanda',
      email,
      phone: '0300 123 4567',
      message: 'Hello',
    }).toString(),
  });

describe('a page form posted from another site', () => {
  it('is refused with 403 and files no request', async () => {
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of foreign) {
      const res = await postContact('forged@example.com', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await requestsFrom('forged@example.com')).toBe(0);
  });

  it("is taken from this site's own contact page", async () => {
    const res = await postContact('visitor@example.com', {
      'sec-fetch-site': 'same-origin',
      origin: t.app.siteOrigin(),
    });
    expect(res.statusCode).toBe(200);
    expect(await requestsFrom('visitor@example.com')).toBe(1);
  });
});

describe('a form posted to a page that takes none', () => {
  it("is answered 405 and logs no failure: a visitor's mistake is not an error of the site", async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/about',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: 'name=x',
      });
      expect(res.statusCode).toBe(405);
      expect(
        errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('page failed')),
      ).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
