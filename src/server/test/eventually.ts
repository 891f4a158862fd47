/**
 * Waiting in tests, without sleeping.
 *
 * A test never sleeps for a guessed time: it waits for the event it is about.
 * - The code exposes a promise for its background work: await it (`app.urgent.settled()`).
 * - Mail: `await app.mailOutbox!.deliverDue()` sends what is queued now; to show that nothing
 *   was mailed, flush the queue that way first, then assert on what the mail server received.
 * - Something happens in another process or over a socket: `eventually(check)`, which polls
 *   `check` until it answers a truthy value (and answers that value) or fails after `timeout`.
 *   `check` may throw meanwhile (an `expect` that does not hold yet); its last error is reported.
 *   Undefined means "not yet" (a `find` that found nothing), so a check made of `expect`s ends
 *   with `return true`.
 *   Use it to wait for a thing to happen, never to give a thing time not to happen.
 * - The subject is time itself (expiry, escalation after N minutes): move a `testClock()` and
 *   pass it as `now` to buildApp/createTestApp, as urgent escalation tests do.
 *
 * This file is the only test code allowed to call setTimeout for waiting (test-hygiene.test.ts).
 */

export interface EventuallyOptions {
  /** Give up after this many milliseconds (default 10 s: a busy machine is slow, not broken). */
  timeout?: number;
  /** Look again after this many milliseconds (default 20). */
  interval?: number;
}

/** What `eventually` answers: the check's value once it is truthy. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** `options` may be a number: the timeout in milliseconds. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: EventuallyOptions | number = {},
): Promise<Truthy<T>> {
  const { timeout = 10_000, interval = 20 } = typeof options === 'number' ? { timeout: options } : options;
  const until = Date.now() + timeout;
  for (;;) {
    let failure: unknown = new Error(`eventually: still not true after ${timeout} ms: ${check.toString()}`);
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > until) throw failure;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Resolves once every timer already due has run: a 0 ms timer fires after all timers that were
 * due before it. For code that samples time with its own timer (the load shedder's lag reading).
 */
export function nextTimerTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The clock an app under test runs on: real time, moved ahead on demand. Pass `clock.now` as the
 * app's `now` (createTestApp, buildApp); `clock.setAhead({ minutes: 16 })` makes the app live 16
 * minutes in the future, so a test of "after 15 minutes" takes no time at all.
 */
export function testClock() {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    /** From now on, read real time plus this much (0 is real time again). */
    setAhead({ minutes = 0, seconds = 0 }: { minutes?: number; seconds?: number }) {
      aheadMs = (minutes * 60 + seconds) * 1000;
    },
  };
}
