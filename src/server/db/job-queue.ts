import type { ChangeTransaction } from './change-log';
import type { Database } from './client';

/**
 * The site's one job queue (decision 108), as the code that schedules work sees it: work at a time,
 * stored in the caller's transaction, run once by one instance. The queue itself is
 * modules/jobs; the content engine schedules publishes on it through this interface.
 */

/** A job waiting to run. */
export interface PendingJob {
  key: string;
  kind: string;
  /** ISO 8601, UTC. */
  dueAt: string;
  payload: Record<string, unknown>;
  createdBy: string | null;
}

/** A job as its handler receives it; `attempts` counts this run (1 the first time). */
export interface Job {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  createdBy: string | null;
  dueAt: string;
  attempts: number;
}

/** `at`: the time of this run on the app's clock (what `runDue` was given), for what the work stamps. */
export type JobHandler = (tx: ChangeTransaction, job: Job, at: Date) => Promise<void>;

export interface JobQueue {
  /** Inside the caller's transaction (a ChangeTransaction or any Database tx): schedule a job; a pending job with the same key is replaced (its due time and payload). */
  enqueue(
    tx: Database,
    job: {
      kind: string;
      key: string;
      dueAt: Date;
      payload?: Record<string, unknown>;
      createdBy?: string | null;
    },
  ): Promise<void>;
  /** Inside the caller's transaction: drop the pending job with this key; true when there was one. */
  cancel(tx: Database, key: string): Promise<boolean>;
  /** The pending job of a key, or null (due time as ISO text). Usable with the pool or a tx (pass `db`). */
  pending(key: string, db?: Database): Promise<PendingJob | null>;
  /**
   * What runs a kind: inside its own `app.changes.write` transaction, after a claim (a lease, committed
   * first) that keeps other instances from it, so a job runs once even with several instances on one
   * database. The job is marked done at the end of that transaction, only if nobody cancelled or
   * replaced it meanwhile (else the work is rolled back); its row is locked only then, after what the
   * handler locked, the order in which a writer locks a record and then schedules or cancels its job.
   * A handler that schedules its own key again should do so after taking its locks. A throw rolls the
   * work back and the job is retried with backoff (30 s, 2 min, 10 min, 1 h, 6 h; after the sixth
   * attempt it is failed and kept).
   */
  handle(kind: string, handler: JobHandler): void;
  /** One pass: run every job due at `now` (default: the app's clock), one by one; answers how many ran. Tests call this instead of waiting. */
  runDue(now?: Date): Promise<number>;
}
