import type { JobEntry, JobState } from '../../../shared/jobs';
import type { Database } from '../../db/client';
import type { PendingJob } from '../../db/job-queue';

/** A pending job as `pending()` answers it. */

/** A job taken for one run: `attempts` counts this run; `leaseId` is the claim that run holds. */
export interface ClaimedJob extends PendingJob {
  id: string;
  attempts: number;
  leaseId: string;
}

type TimeValue = Date | string;
const iso = (value: TimeValue) => new Date(value).toISOString();
const isoOrNull = (value: TimeValue | null) => (value === null ? null : iso(value));

/** Pending: neither done nor given up. The same words as the partial indexes of migration 0990. */
const PENDING = 'done_at is null and failed_at is null';

/**
 * The jobs rows. Every time compared or stamped is a parameter (the app's clock), never the
 * database's now(): tests move the clock instead of waiting.
 */
export function createJobStore(database: Database) {
  return {
    /** Insert, or replace the pending job of the same key: a new job in all but its row. */
    async enqueue(job: {
      kind: string;
      key: string;
      dueAt: Date;
      payload: Record<string, unknown>;
      createdBy: string | null;
    }): Promise<void> {
      await database.query(
        `insert into jobs (kind, key, payload, due_at, created_by) values ($1, $2, $3::jsonb, $4, $5)
         on conflict (key) where ${PENDING}
         do update set kind = excluded.kind, payload = excluded.payload, due_at = excluded.due_at,
                       created_by = excluded.created_by, attempts = 0, last_error = null, tried_at = null,
                       lease_id = null, leased_until = null`,
        [job.kind, job.key, JSON.stringify(job.payload), job.dueAt.toISOString(), job.createdBy],
      );
    },

    /** Delete the pending job of `key`; a job being run is held by its run and is no longer pending after it. */
    async cancel(key: string): Promise<boolean> {
      const rows = await database.query(`delete from jobs where key = $1 and ${PENDING} returning id`, [key]);
      return rows.length > 0;
    },

    async pending(key: string): Promise<PendingJob | null> {
      const [row] = await database.query<Omit<PendingJob, 'dueAt'> & { dueAt: TimeValue }>(
        `select key, kind, due_at as "dueAt", payload, created_by as "createdBy"
           from jobs where key = $1 and ${PENDING}`,
        [key],
      );
      return row ? { ...row, dueAt: iso(row.dueAt) } : null;
    },

    /**
     * Take the job of one of `kinds` due longest ago, unless another run has it (its lease not yet
     * passed) or a writer holds its row (scheduling it anew, cancelling it): count the attempt and
     * lease it for `leaseSeconds`, committed at once.
     */
    async claimDue(at: Date, kinds: readonly string[], leaseSeconds: number): Promise<ClaimedJob | null> {
      const [row] = await database.query<Omit<ClaimedJob, 'dueAt'> & { dueAt: TimeValue }>(
        `update jobs set attempts = attempts + 1, tried_at = $1, lease_id = gen_random_uuid(),
                leased_until = $1::timestamptz + make_interval(secs => $3)
          where id = (
            select id from jobs
             where ${PENDING} and due_at <= $1 and kind = any($2::text[])
               and (leased_until is null or leased_until <= $1)
             order by due_at, id limit 1 for update skip locked)
          returning id::text as id, kind, key, payload, created_by::text as "createdBy", due_at as "dueAt",
                    attempts, lease_id::text as "leaseId"`,
        [at.toISOString(), kinds, leaseSeconds],
      );
      return row ? { ...row, dueAt: iso(row.dueAt) } : null;
    },

    /**
     * Whether the claim of one run still stands: nobody cancelled or replaced the job since. Read
     * without a lock, at the start of the run, so a job called off meanwhile is not run at all.
     */
    async claimed(job: Pick<ClaimedJob, 'id' | 'leaseId'>): Promise<boolean> {
      const rows = await database.query(
        `select id from jobs where id = $1 and lease_id = $2 and ${PENDING}`,
        [job.id, job.leaseId],
      );
      return rows.length > 0;
    },

    /**
     * In the run's transaction, after its handler: mark the job done, so the key is free for a new
     * job. The row is locked only now, after whatever the handler locked (a record, its draft), in
     * the order every writer that schedules or cancels a job takes them. False when the claim is
     * gone: the job was cancelled or replaced while it ran, and the run must not be kept.
     */
    async finish(job: Pick<ClaimedJob, 'id' | 'leaseId'>, at: Date): Promise<boolean> {
      const rows = await database.query(
        `update jobs set done_at = $3, lease_id = null, leased_until = null
          where id = $1 and lease_id = $2 and ${PENDING}
          returning id`,
        [job.id, job.leaseId, at.toISOString()],
      );
      return rows.length > 0;
    },

    /**
     * A run failed (its work rolled back): keep the error and run it again at `retryAt`, or, with
     * none, give it up at `at`. Nothing changes once the claim is gone (cancelled or replaced).
     */
    async putOff(
      job: Pick<ClaimedJob, 'id' | 'leaseId'>,
      outcome: { at: Date; error: string; retryAt: Date | null },
    ): Promise<void> {
      await database.query(
        `update jobs set last_error = $3, lease_id = null, leased_until = null,
                due_at = coalesce($4::timestamptz, due_at),
                failed_at = case when $4::timestamptz is null then $5::timestamptz end
          where id = $1 and lease_id = $2`,
        [
          job.id,
          job.leaseId,
          outcome.error,
          outcome.retryAt?.toISOString() ?? null,
          outcome.at.toISOString(),
        ],
      );
    },

    /**
     * Give up a job whose previous attempts all ended with their instance gone: the claim that found
     * it counted one more attempt than was made, so it is taken back.
     */
    async abandon(
      job: Pick<ClaimedJob, 'id' | 'leaseId'>,
      outcome: { at: Date; error: string },
    ): Promise<void> {
      await database.query(
        `update jobs set attempts = attempts - 1, last_error = $3, failed_at = $4, lease_id = null, leased_until = null
          where id = $1 and lease_id = $2`,
        [job.id, job.leaseId, outcome.error, outcome.at.toISOString()],
      );
    },

    /** Pending and failed jobs for admins: newest problems first, then the rest by due time. */
    async list(query: {
      page: number;
      pageSize: number;
      state?: JobState;
    }): Promise<{ data: JobEntry[]; totalCount: number }> {
      const where = {
        pending: 'j.done_at is null and j.failed_at is null',
        failed: 'j.failed_at is not null',
        all: 'j.done_at is null',
      }[query.state ?? 'all'];
      const [rows, [total]] = await Promise.all([
        database.query<{
          id: string;
          kind: string;
          key: string;
          dueAt: TimeValue;
          attempts: number;
          lastError: string | null;
          createdBy: string | null;
          createdByName: string | null;
          createdAt: TimeValue;
          triedAt: TimeValue | null;
          failedAt: TimeValue | null;
        }>(
          `select j.id::text as id, j.kind, j.key, j.due_at as "dueAt", j.attempts, j.last_error as "lastError",
                  j.created_by::text as "createdBy", u.name as "createdByName", j.created_at as "createdAt",
                  j.tried_at as "triedAt", j.failed_at as "failedAt"
             from jobs j left join users u on u.id = j.created_by
            where ${where}
            order by (j.failed_at is null and j.last_error is null), coalesce(j.failed_at, j.tried_at) desc nulls last,
                     j.due_at, j.id
            limit $1 offset $2`,
          [query.pageSize, (query.page - 1) * query.pageSize],
        ),
        database.query<{ n: number | string }>(`select count(*) as n from jobs j where ${where}`),
      ]);
      return {
        data: rows.map((row) => ({
          _id: row.id,
          kind: row.kind,
          key: row.key,
          state: row.failedAt === null ? 'pending' : 'failed',
          dueAt: iso(row.dueAt),
          attempts: row.attempts,
          lastError: row.lastError,
          createdBy: row.createdBy,
          createdByName: row.createdByName,
          createdAt: iso(row.createdAt),
          triedAt: isoOrNull(row.triedAt),
          failedAt: isoOrNull(row.failedAt),
        })),
        totalCount: Number(total?.n ?? 0),
      };
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
