import { z } from 'zod';
import { CONTACT_STAGES } from './constants';
import { f } from './content/fields';
import { fieldSchema } from './content/schema';

/**
 * The lead desk's wire shapes: a request's notes and history (its own rows, so adding one never
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

/** A stage change or a reply to the customer, oldest first. */
export const historyEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(['stage', 'reply']),
  at: z.string(),
  by: z.string(),
  from: z.enum(CONTACT_STAGES).optional(),
  to: z.enum(CONTACT_STAGES).optional(),
  scheduledAt: z.string().nullable().optional(),
  /** Whether the customer was e-mailed about it. */
  notified: z.boolean().optional(),
  text: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** What `GET /api/contactus/{id}` adds to the record; the list does not carry it. */
export const requestActivityShape = {
  notes: z.array(noteSchema),
  history: z.array(historyEntrySchema),
};
export type RequestActivity = { notes: Note[]; history: HistoryEntry[] };

/** Why a reply cannot be sent from a site without SMTP. */
export const MAIL_NOT_SET_UP = 'Mail is not set up: replies cannot be sent.';
