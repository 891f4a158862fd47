import type { FastifyBaseLogger } from 'fastify';
import type { ChangeLog, ChangeTransaction } from '../../db/change-log';
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
 * How long a claimed job is left alone by other instances. A run holds its row lock while it
 * works, so the lease only matters when an instance dies mid-run: its job is run again after this.
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

/**
 * The site's one job queue (decision 108): rows in the `jobs` table, scheduled in the writer's
 * transaction and run once by whichever instance claims them.
 *
 * A run is two steps. The claim, committed at once, counts the attempt and leases the job, so
 * other instances skip it even between the claim and the run. The run is one `changes.write`
 * transaction that locks the row, marks it done and calls the handler: the handler's work and
 * "done" are stored together or not at all. A throw rolls both back; the failure is then written
 * under the same lease, with the time of the next attempt or, after the last, as given up.
 */
export function createJobQueue(deps: JobQueueDeps) {
  const store = createJobStore(deps.database);
  const handlers = new Map<string, JobHandler>();
  const periodic = createPeriodicWork({
    everyMs: deps.pollMs ?? POLL_MS,
    log: deps.log,
    failure: 'job queue pass failed',
  });

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
      const held = await deps.changes.write(async (tx) => {
        if (!(await createJobStore(tx).hold(job, at))) return false;
        await handler(tx, jobFor(job));
        return true;
      });
      return held ? 'ran' : 'skipped';
    } catch (error) {
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
      await createJobStore(tx).enqueue({
        kind: job.kind,
        key: job.key,
        dueAt: job.dueAt,
        payload: job.payload ?? {},
        createdBy: job.createdBy ?? null,
      });
    },
    cancel: (tx, key) => createJobStore(tx).cancel(key),
    pending: (key, db = deps.database) => createJobStore(db).pending(key),
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
