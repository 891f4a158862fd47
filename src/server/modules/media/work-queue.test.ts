import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFullError } from './work-queue';

/** A job that records when it starts and ends, and finishes when told. */
function job(name: string, log: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('work queue', () => {
  it('runs one job at a time, in the order they came', async () => {
    const queue = createWorkQueue({ staff: { capacity: 3 } }, 'busy');
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, log));
    const results = [a, b, c].map((j) => queue.reserve('staff').run(j!.work));
    // A job starts as soon as its turn comes, before run() returns; the next one, before the
    // finished one's result reaches its caller.
    expect(log).toEqual(['start a']);
    a!.finish();
    await results[0];
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b!.finish();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('refuses more than a lane holds with a 503 that says to retry, and makes room when a job ends', async () => {
    const queue = createWorkQueue({ staff: { capacity: 2 } }, 'The server is busy.');
    const log: string[] = [];
    const first = job('first', log);
    const running = queue.reserve('staff').run(first.work);
    const waitingSlot = queue.reserve('staff');
    const refusal = (() => {
      try {
        queue.reserve('staff');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(QueueFullError);
    expect(refusal).toMatchObject({ statusCode: 503, message: 'The server is busy.' });
    expect((refusal as QueueFullError).retryAfter).toBeGreaterThan(0);
    waitingSlot.release();
    expect(queue.load()).toEqual({ staff: 1 });
    first.finish();
    await running;
    expect(queue.load()).toEqual({ staff: 0 });
  });

  it('gives back the place of a job that fails', async () => {
    const queue = createWorkQueue({ staff: { capacity: 1 } }, 'busy');
    await expect(
      queue.reserve('staff').run(async () => {
        throw new Error('broken picture');
      }),
    ).rejects.toThrow('broken picture');
    expect(await queue.reserve('staff').run(async () => 'next')).toBe('next');
  });

  it('lets a job of an earlier lane wait behind at most the one running job of a later lane', async () => {
    // The shape a visitor lane will take: declared after staff, it never holds staff back by more
    // than the picture already being resized.
    const queue = createWorkQueue({ staff: { capacity: 4 }, visitor: { capacity: 4 } }, 'busy');
    const log: string[] = [];
    const [v1, v2, v3, s1] = ['v1', 'v2', 'v3', 's1'].map((name) => job(name, log));
    const visitors = [v1, v2, v3].map((j) => queue.reserve('visitor').run(j!.work));
    const staff = queue.reserve('staff').run(s1!.work);
    const finishing: [typeof v1, Promise<string>][] = [
      [v1, visitors[0]!],
      [s1, staff],
      [v2, visitors[1]!],
      [v3, visitors[2]!],
    ];
    for (const [j, result] of finishing) {
      j!.finish();
      await result;
    }
    expect(log.filter((line) => line.startsWith('start'))).toEqual([
      'start v1',
      'start s1',
      'start v2',
      'start v3',
    ]);
  });
});
