import { z } from 'zod';
import type { Permission } from './permissions';

/** Where the dashboard reads its numbers; the path keeps its old word for the API's clients. */
export const REQUEST_STATS_PATH = '/api/stats/leads';
/** Who reads them: the route's rule, which the dashboard checks before asking. */
export const REQUEST_STATS_ACCESS = 'stats:read' satisfies Permission;

/** How many weeks a dashboard may ask for, and what it gets when it does not say. */
export const REQUEST_STATS_WEEKS = { min: 1, max: 52, default: 12 } as const;

/** The bucket of requests that name no service. */
export const NO_SERVICE = 'other';

export const requestStatsQuerySchema = z
  .object({
    weeks: z.coerce
      .number({ error: 'Weeks must be a whole number from 1 to 52.' })
      .int('Weeks must be a whole number from 1 to 52.')
      .min(REQUEST_STATS_WEEKS.min, 'Weeks must be a whole number from 1 to 52.')
      .max(REQUEST_STATS_WEEKS.max, 'Weeks must be a whole number from 1 to 52.')
      .default(REQUEST_STATS_WEEKS.default),
  })
  .strict();

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const requestStatsSchema = z.object({
  /** New requests per week (Monday, UTC), oldest first, empty weeks included; spam and trash left out. */
  weeks: z.array(
    z.object({ start: day, total: z.number().int(), byService: z.record(z.string(), z.number().int()) }),
  ),
  /** Time from a request to its first reply or stage change, over requests created in the window. */
  firstResponse: z.object({
    medianMinutes: z.number().nullable(),
    p90Minutes: z.number().nullable(),
    count: z.number().int(),
  }),
  /** Requests created in the window that ended `done` (won) or `lost`. */
  outcomes: z.object({ won: z.number().int(), lost: z.number().int() }),
  /** Urgent requests, whenever made, that are neither done nor lost. */
  openUrgent: z.number().int(),
  /** Open requests whose follow-up falls before the end of today in the site's zone. */
  followUpsDue: z.number().int(),
  followUpsDueList: z.array(
    z.object({ _id: z.string(), reference: z.string().nullable(), name: z.string(), followUpAt: z.string() }),
  ),
  /** What is waiting: open urgent requests first, then the newest in stage `new` (ten at most). */
  newRequests: z.array(
    z.object({
      _id: z.string(),
      reference: z.string().nullable(),
      urgent: z.boolean(),
      area: z.string(),
      service: z.string().nullable(),
      stage: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Taps on the Call and WhatsApp links per week, the same weeks. */
  taps: z.array(z.object({ start: day, call: z.number().int(), whatsapp: z.number().int() })),
});
export type RequestStats = z.infer<typeof requestStatsSchema>;

/** Where staff pages hear of changes as they happen (Server-Sent Events). */
export const LIVE_PATH = '/api/live';
export const LIVE_ACCESS = 'live:read' satisfies Permission;

/** What the live stream sends: which record changed and how, never its values. */
export const liveChangeSchema = z.object({
  type: z.string(),
  id: z.string(),
  action: z.string(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
