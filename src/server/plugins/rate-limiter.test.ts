import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { createRateLimiter } from './rate-limiter';

const { database, drop } = await createTestDatabase();
afterAll(drop);

describe('database rate limiter', () => {
  it('allows max hits per window and key, then refuses with a Retry-After', async () => {
    const limiter = createRateLimiter(database, { bucket: 'test', max: 3, windowMs: 60_000 });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit('1.2.3.4'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]!.retryAfter).toBeGreaterThan(0);
    expect((await limiter.hit('5.6.7.8')).allowed).toBe(true);
    await limiter.reset('1.2.3.4');
    expect(await limiter.hit('1.2.3.4')).toMatchObject({ allowed: true, hits: 1 });
  });

  it('takes back a forgiven hit in the current window', async () => {
    const limiter = createRateLimiter(database, { bucket: 'forgive', max: 2, windowMs: 60_000 });
    await limiter.hit('ip');
    await limiter.hit('ip');
    await limiter.forgive('ip');
    expect(await limiter.hit('ip')).toMatchObject({ allowed: true, hits: 2 });
    expect((await limiter.hit('ip')).allowed).toBe(false);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter(database, { bucket: 'burst', max: 10, windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
