import { z } from 'zod';

/** One live session as My account and the Users screen list it (never its token). */
export const sessionListItemSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent: "Firefox on Linux". */
  device: z.string(),
  /** The client address the session started from. */
  ip: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request is signed in with. */
  current: z.boolean(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;
