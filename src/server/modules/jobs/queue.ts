import type { FastifyBaseLogger } from 'fastify';
import type { ChangeLog } from '../../db/change-log';
import type { Database } from '../../db/client';
import type { Job, JobHandler, JobQueue } from '../../db/job-queue';
import { createPeriodicWork } from '../periodic';
import { type ClaimedJob, createJobStore } from './store';

export type { Job, JobHandler, JobQueue } from '../../db/job-queue';

/** How long after a failed attempt the next one is due, by the number of attempts made. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 6 * 3600] as const;
/** Attempts before a job is given up: one, then one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/**
 * How long a claimed job is left alone by other instances: an instance that dies mid-run leaves a
 * lease that runs out, and its job is run again after this. A run that outlasts its lease may meet
 * another instance's run of the same job; only one of them can mark it done, and the other's work
 * is rolled back.
 */
const LEASE_SECONDS = 300;
/** How often each instance looks for due jobs: a due job runs within this much, plus the run. */
export const POLL_MS = 10_000;
/** The error kept for a job given up because its last attempt ended with its instance gone. */
const ABANDONED = 'The server running it stopped during its last attempt.';

export interface JobQueueDeps {
  database: Database;
  changes: ChangeLog;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The app's clock: tests move it instead of waiting. */
  now: () => Date;
  pollMs?: number;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, 2000);

/** A run whose claim was cancelled or replaced while it ran: its work is rolled back, not kept. */
class ClaimGone extends Error {}

/** A job being run in a transaction, and whether it is marked done there yet. */
interface Run {
  job: ClaimedJob;
  at: Date;
  done: boolean;
}

/**
 * The site's one job queue (decision 108): rows in the `jobs` table, scheduled in the writer's
 * transaction and run once by whichever instance claims them.
 *
 * A run is two steps. The claim, committed at once, counts the attempt and leases the job, so
 * other instances skip it while it runs. The run is one `changes.write` transaction that calls the
 * handler and then marks the job done, only if the claim still stands: the handler's work and
 * "done" are stored together or not at all. The job's row is locked last, after what the handler
 * locked: a writer that schedules or cancels a job locks its record first and the job's row after,
 * and a run holding the row while it waited for the record would deadlock with it. A throw rolls
 * the run back; the failure is then written under the same lease, with the time of the next
 * attempt or, after the last, as given up.
 */
export function createJobQueue(deps: JobQueueDeps) {
  const store = createJobStore(deps.database);
  const handlers = new Map<string, JobHandler>();
  const periodic = createPeriodicWork({
    everyMs: deps.pollMs ?? POLL_MS,
    log: deps.log,
    failure: 'job queue pass failed',
  });

  /** The run each transaction a handler was given is running (the handler passes it back to us). */
  const runs = new WeakMap<Database, Run>();

  /** Mark a run's job done in its transaction, once; a claim gone since ends the run. */
  async function finish(tx: Database, run: Run) {
    if (run.done) return;
    if (!(await createJobStore(tx).finish(run.job, run.at))) throw new ClaimGone();
    run.done = true;
  }

  /** The run of `key` under way in `tx`, not yet marked done: a handler asking about its own job. */
  function runningOwn(tx: Database, key: string): Run | undefined {
    const run = runs.get(tx);
    return run?.job.key === key && !run.done ? run : undefined;
  }

  /** Claim and run the next job due at `at`: whether there was one, and whether its handler ran. */
  async function runNext(at: Date): Promise<'none' | 'ran' | 'skipped'> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return 'none';
    const job = await store.claimDue(at, kinds, LEASE_SECONDS);
    if (!job) return 'none';
    if (job.attempts > MAX_ATTEMPTS) {
      await store.abandon(job, { at, error: ABANDONED });
      return 'skipped';
    }
    const handler = handlers.get(job.kind)!;
    try {
      const ran = await deps.changes.write(async (tx) => {
        if (!(await createJobStore(tx).claimed(job))) return false;
        const run: Run = { job, at, done: false };
        runs.set(tx, run);
        try {
          await handler(tx, jobFor(job), at);
        } finally {
          runs.delete(tx);
        }
        await finish(tx, run);
        return true;
      });
      return ran ? 'ran' : 'skipped';
    } catch (error) {
      // Cancelled or replaced while it ran (its record's writer went first): nothing to keep or retry.
      if (error instanceof ClaimGone) return 'skipped';
      const delay = job.attempts < MAX_ATTEMPTS ? RETRY_DELAYS_SECONDS[job.attempts - 1] : undefined;
      const retryAt = delay === undefined ? null : new Date(at.getTime() + delay * 1000);
      await store.putOff(job, { at, error: messageOf(error), retryAt });
      const facts = { err: error, job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts } };
      if (retryAt) deps.log.warn({ ...facts, retryAt }, 'job failed; it runs again later');
      else deps.log.error(facts, 'job failed for the last time; it is kept as failed');
      return 'ran';
    }
  }

  async function pass(at: Date): Promise<number> {
    let ran = 0;
    for (;;) {
      const outcome = await runNext(at);
      if (outcome === 'none') return ran;
      if (outcome === 'ran') ran += 1;
    }
  }

  const queue: JobQueue = {
    async enqueue(tx, job) {
      if (Number.isNaN(job.dueAt.getTime())) throw new Error(`Job ${job.key} has no valid due time.`);
      // A handler scheduling its own key again (a job that repeats): its job is done first, which
      // frees the key for the new one.
      const own = runningOwn(tx, job.key);
      if (own) await finish(tx, own);
      await createJobStore(tx).enqueue({
        kind: job.kind,
        key: job.key,
        dueAt: job.dueAt,
        payload: job.payload ?? {},
        createdBy: job.createdBy ?? null,
      });
    },
    // The job a handler is running is no longer waiting, though it is marked done only at the end.
    cancel: async (tx, key) => (runningOwn(tx, key) ? false : createJobStore(tx).cancel(key)),
    pending: async (key, db = deps.database) =>
      runningOwn(db, key) ? null : createJobStore(db).pending(key),
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`The job kind "${kind}" already has a handler.`);
      handlers.set(kind, handler);
    },
    runDue: (now) => periodic.run(() => pass(now ?? deps.now())),
  };

  return {
    queue,
    /** Look once now (what became due while no instance ran), then every `pollMs`. */
    start: () => periodic.start(() => pass(deps.now())),
    /** Stop looking, and wait for the pass under way. */
    stop: () => periodic.stop(),
  };
}

function jobFor(job: ClaimedJob): Job {
  return {
    id: job.id,
    kind: job.kind,
    key: job.key,
    payload: job.payload,
    createdBy: job.createdBy,
    dueAt: job.dueAt,
    attempts: job.attempts,
  };
}
