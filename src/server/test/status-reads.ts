import { expect } from 'vitest';
import { eventually } from './eventually';

export interface StatusRead {
  status: number;
  /** From when the read was due (20 ms after the last answer) until it was answered. */
  ms: number;
}

/**
 * Read `${base}/api/status` every 20 ms, as a health check or a visitor would, until `work`
 * settles; answers what `work` did and every read. A read is timed from when it was due, so a stall
 * of this thread counts even when no read was in flight.
 */
export async function readStatusWhile<T>(
  base: string,
  work: Promise<T>,
): Promise<{ result: T; reads: StatusRead[] }> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const reads: StatusRead[] = [];
  let due = performance.now();
  await eventually(
    async () => {
      const res = await fetch(`${base}/api/status`);
      await res.arrayBuffer();
      const now = performance.now();
      reads.push({ status: res.status, ms: Math.round(now - due) });
      due = now + 20;
      return settled;
    },
    { interval: 20, timeout: 120_000 },
  );
  return { result: await done, reads };
}

/**
 * No read waited over a second or was turned away: a bound against pathological cost (a stall of
 * seconds), not a timing budget.
 */
export function expectSiteKeptAnswering(reads: StatusRead[]) {
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.filter((read) => read.status !== 200)).toEqual([]);
  expect(
    reads.filter((read) => read.ms > 1000),
    JSON.stringify(reads),
  ).toEqual([]);
}
