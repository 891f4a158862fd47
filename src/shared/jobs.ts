import { z } from 'zod';

/** What `GET /api/jobs` lists: jobs still to run, and jobs given up after their last attempt. */
export const JOB_STATES = ['pending', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One line of `GET /api/jobs`, as the server answers it. Times are ISO 8601 in UTC. */
export const jobEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** What the job is about (`publish:service:<id>`): one pending job per key. */
  key: z.string(),
  state: z.enum(JOB_STATES),
  /** When it runs next; for a failed job, when its last attempt was due. */
  dueAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The id of who scheduled it (a staff member or an API key); null for the site itself. */
  createdBy: z.string().nullable(),
  /** The staff member's name; null when it was not a staff member, or the account is gone. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** When its latest attempt began. */
  triedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type JobEntry = z.infer<typeof jobEntrySchema>;

/** The kind of a scheduled publish (decision 109). */
export const PUBLISH_JOB_KIND = 'publish';

/**
 * The record a scheduled publish is about, read from its key (`publish:<type>:<id>`, the key the
 * server's content/publishing.ts gives it); null for a job of another kind.
 */
export function publishedRecordOf(job: Pick<JobEntry, 'kind' | 'key'>): { type: string; id: string } | null {
  if (job.kind !== PUBLISH_JOB_KIND) return null;
  const [kind, type, ...rest] = job.key.split(':');
  const id = rest.join(':');
  return kind === PUBLISH_JOB_KIND && type && id ? { type, id } : null;
}
