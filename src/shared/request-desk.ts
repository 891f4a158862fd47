import { z } from 'zod';
import { CONTACT_STAGES, type ContactStage } from './constants';
import { f } from './content/fields';
import { fieldSchema } from './content/schema';

/**
 * The request desk's wire shapes: a request's notes and history (its own rows, so adding one never
 * changes the request's version), and what staff send to add a note or reply to the customer.
 */

/** `{ text }`: 1 to 5000 characters of clean paragraphs, with the field messages every form uses. */
const textBody = (label: string) =>
  z.object({ text: fieldSchema(f.longText(label, { required: true, max: 5000 })) });

export const noteInputSchema = textBody('Note');
export const replyInputSchema = textBody('Reply');

/** An internal note: who wrote it (their name then), when, and what. */
export const noteSchema = z.object({
  _id: z.string(),
  author: z.string(),
  createdAt: z.string(),
  text: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A stage change, a reply to the customer or an assignment, oldest first. */
export const historyEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(['stage', 'reply', 'assign']),
  at: z.string(),
  by: z.string(),
  from: z.enum(CONTACT_STAGES).optional(),
  to: z.enum(CONTACT_STAGES).optional(),
  scheduledAt: z.string().nullable().optional(),
  /** Whether the customer was e-mailed about it. */
  notified: z.boolean().optional(),
  text: z.string().optional(),
  /** An assignment: the staff member it went to (null: nobody), by their name then. */
  assignedTo: z.string().nullable().optional(),
  /** An assignment: who had it before (null: nobody), by their name then. */
  assignedFrom: z.string().nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** What `GET /api/contactus/{id}` adds to the record; the list does not carry it. */
export const requestActivityShape = {
  notes: z.array(noteSchema),
  history: z.array(historyEntrySchema),
  /**
   * Where replies and stage mails go: the address the customer gave when filing, whatever `email`
   * was corrected to since (decision 010). Staff only.
   */
  filedEmail: z.string().nullable().optional(),
};
export type RequestActivity = { notes: Note[]; history: HistoryEntry[] };

/** Why a reply cannot be sent from a site without SMTP. */
export const MAIL_NOT_SET_UP = 'Mail is not set up: replies cannot be sent.';

/** The stages a customer hears about unless staff untick the box: a visit booked, a job done. */
export const STAGES_THE_CUSTOMER_HEARS: readonly ContactStage[] = ['scheduled', 'done'];

/** Where a request stands, as far as its customer is concerned. */
export interface StandingForCustomer {
  stage?: unknown;
  scheduledAt?: unknown;
}

/**
 * Whether a change is news to the customer: another stage, or a booked visit moved to another
 * time. Anything else (an assignee, a follow-up date) is the desk's business alone.
 */
export function isNewsToCustomer(before: StandingForCustomer, after: StandingForCustomer): boolean {
  const stage = before.stage ?? 'new';
  if ((after.stage ?? 'new') !== stage) return true;
  return stage === 'scheduled' && (after.scheduledAt ?? null) !== (before.scheduledAt ?? null);
}

/**
 * Whether moving a request to `stage` tells its customer when staff say nothing either way. A
 * request the honeypot caught is told nothing unless staff ask for it: its address may be anyone's.
 */
export const notifiesCustomerByDefault = (stage: unknown, request?: { spam?: unknown }): boolean =>
  request?.spam !== true && (STAGES_THE_CUSTOMER_HEARS as readonly unknown[]).includes(stage);

/**
 * The one rule for mailing the customer about a change (server and admin page alike): only news is
 * mailed, as staff chose (`choice`), else as the stage's default.
 */
export function tellsCustomer(
  before: StandingForCustomer,
  after: StandingForCustomer & { spam?: unknown },
  choice?: boolean,
): boolean {
  if (!isNewsToCustomer(before, after)) return false;
  return choice ?? notifiesCustomerByDefault(after.stage, after);
}
