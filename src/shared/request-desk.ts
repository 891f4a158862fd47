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

/** How a reply reached the customer: mailed by the server, or sent by staff on WhatsApp. */
export const REPLY_CHANNELS = ['email', 'whatsapp'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

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
  /** A reply: how it went (`whatsapp`: staff sent the words themselves; the server recorded it). */
  channel: z.enum(REPLY_CHANNELS).optional(),
  /** An assignment: the staff member it went to (null: nobody), by their name then. */
  assignedTo: z.string().nullable().optional(),
  /** An assignment: who had it before (null: nobody), by their name then. */
  assignedFrom: z.string().nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * Who saw a request first, and when (decision 100): the staff member whose opening of it, or whose
 * PENDING, turned its status from Pending to read. Null while it is Pending.
 */
export const seenSchema = z.object({ by: z.string(), at: z.string() });
export type Seen = z.infer<typeof seenSchema>;

/** What `GET /api/contactus/{id}` adds to the record; the list does not carry it. */
export const requestActivityShape = {
  notes: z.array(noteSchema),
  history: z.array(historyEntrySchema),
  seen: seenSchema.nullable().optional(),
  /**
   * Where replies and stage mails go: the address the customer gave when filing, whatever `email`
   * was corrected to since (decision 010). Staff only.
   */
  filedEmail: z.string().nullable().optional(),
};
export type RequestActivity = { notes: Note[]; history: HistoryEntry[]; seen: Seen | null };

/** One of a request's photos, numbered from 1 in the order the customer sent them (staff only). */
export const requestPhotoPath = (requestId: string, n: number) => `/api/contactus/${requestId}/photos/${n}`;

/** Why a reply cannot be mailed from a site without SMTP. */
export const MAIL_NOT_SET_UP = 'Mail is not set up: replies cannot be sent.';
/** A customer may file with a phone alone (decision 096): there is nowhere to mail a reply. */
export const NO_REPLY_ADDRESS =
  'This customer gave no e-mail address: call them or send your words on WhatsApp.';

/**
 * How far in the past a visit may still be booked: a few minutes, for a clock that runs behind
 * (a phone's, a laptop's) and for the time a form takes to fill in. Anything older is refused.
 */
export const VISIT_GRACE_MINUTES = 5;

export const PAST_VISIT_MESSAGE = 'That time has passed: choose a visit time still to come.';

/**
 * Why a visit time cannot be booked, or undefined: a time already past (beyond the grace) that the
 * request does not already hold. A time it holds is not judged again, so a record read last week
 * and sent back whole (the spec's PENDING) still saves. Server and admin forms alike.
 */
export function visitTimeProblem(
  scheduledAt: string | null | undefined,
  held: string | null | undefined,
  now = Date.now(),
): string | undefined {
  if (!scheduledAt) return undefined;
  const at = Date.parse(scheduledAt);
  if (Number.isNaN(at) || (held && Date.parse(held) === at)) return undefined;
  return at < now - VISIT_GRACE_MINUTES * 60_000 ? PAST_VISIT_MESSAGE : undefined;
}

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
