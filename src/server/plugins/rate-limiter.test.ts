import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { createRateLimiter, type RateLimitResult } from './rate-limiter';

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

  /** A limiter on a clock the test moves, `seconds` after the start of some minute. */
  function onClock(bucket: string, max: number) {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;
    let seconds = 0;
    const limiter = createRateLimiter(database, {
      bucket,
      max,
      windowMs: 60_000,
      now: () => minute + seconds * 1000,
    });
    const at = (s: number) => {
      seconds = s;
    };
    return { limiter, at };
  }

  it('gives a burst across a window’s end the budget once, not twice', async () => {
    const { limiter, at } = onClock('edge', 3);
    // Two keys with the same history; each is asked once more, at a different time.
    let refused: RateLimitResult | undefined;
    for (const key of ['early', 'late']) {
      for (const second of [57, 58, 59]) {
        at(second);
        expect((await limiter.hit(key)).allowed, `at ${second} s`).toBe(true);
      }
      // A fixed window would start again here and allow three more.
      at(61);
      refused = await limiter.hit(key);
      expect(refused.allowed).toBe(false);
    }
    // Once the last window's three have mostly slid out, the next hit is allowed: 39 s on.
    expect(refused!.retryAfter).toBe(39);
    at(61 + 37);
    expect((await limiter.hit('early')).allowed).toBe(false);
    at(61 + 39);
    expect((await limiter.hit('late')).allowed).toBe(true);
  });

  it('lets a key that kept trying while refused in no later than one that stopped', async () => {
    const { limiter, at } = onClock('stubborn', 3);
    let last: RateLimitResult | undefined;
    for (const key of ['early', 'late']) {
      at(10);
      const answers = [];
      for (let i = 0; i < 23; i++) answers.push(await limiter.hit(key));
      expect(answers.filter((a) => a.allowed)).toHaveLength(3);
      last = answers.at(-1);
    }
    // Twenty refusals weigh as one: the wait is to half-way through the next window.
    expect(last!.retryAfter).toBe(80);
    at(10 + 78);
    expect((await limiter.hit('early')).allowed).toBe(false);
    at(10 + 80);
    expect((await limiter.hit('late')).allowed).toBe(true);
  });
});
