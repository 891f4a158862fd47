import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work of one process, one pass at a time: a pass asked for while another runs starts
 * when that one has ended, so passes never overlap and a slow one never piles up ticks behind it.
 * The timer never keeps the process alive, and `stop` waits for the pass under way, so no pass
 * runs on a database the app has closed.
 */
export function createPeriodicWork(options: {
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The log message of a timed pass that failed (a pass asked for with `run` throws to its caller). */
  failure: string;
}) {
  let lane: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let tickWaiting = false;
  let stopped = false;

  /** Run `work` once the pass under way, if any, has ended. */
  function run<T>(work: () => Promise<T>): Promise<T> {
    const pass = lane.then(work);
    lane = pass.catch(() => undefined);
    return pass;
  }

  return {
    run,
    /** Run `work` now (what became due while no instance ran), then every `everyMs` until `stop`. */
    start(work: () => Promise<unknown>) {
      if (stopped || timer) return;
      const tick = () => {
        if (tickWaiting) return;
        tickWaiting = true;
        run(() => {
          tickWaiting = false;
          return work();
        }).catch((error: unknown) => options.log.error({ err: error }, options.failure));
      };
      tick();
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await lane;
    },
  };
}

export type PeriodicWork = ReturnType<typeof createPeriodicWork>;
