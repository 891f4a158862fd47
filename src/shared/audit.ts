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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of `GET /api/audit`, as the server answers it and the admin screen reads it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  recordId: z.string(),
  fields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
