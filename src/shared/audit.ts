import { z } from 'zod';

/** What the audit log records: every change event the server emits has one of these actions. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'login',
  'logout',
  'role',
  'reorder',
  // An urgent request nobody picked up in time was mailed again (server/modules/urgent).
  'escalate',
  // An admin stopped an account from signing in, or let it again (decision 094).
  'deactivate',
  'reactivate',
  // Staff invitations (server/modules/invitations): made, sent again with a new link, ended, used.
  'invite',
  'resend',
  'revoke',
  'accept',
  // Drafts of public content (decision 109): put on the site, taken off, a publish set for a time
  // or called off. Saving a draft is no entry: nothing public changed.
  'publish',
  'unpublish',
  'schedule',
  'unschedule',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One changed field of an audit entry. Content fields carry their value before and after the
 * change (absent before: created; absent after: cleared); personal data and secrets carry the
 * field's name only, so the log never becomes a second copy of them.
 */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One line of `GET /api/audit`, as the server answers it and the admin screen reads it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  recordId: z.string(),
  /** The record's name as staff know it (a title); null when unknown or personal. */
  recordName: z.string().nullable(),
  /** Names of the changed fields. */
  fields: z.array(z.string()),
  changes: z.array(fieldChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
