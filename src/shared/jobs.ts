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
