import { z } from 'zod';
import type { Permission } from './permissions';

/**
 * The go-live checklist: what still says "demo" or "not set up" on a site that is about to face
 * its customers. The server works each item out (it alone sees the environment, the outbox and
 * which records the first start seeded); the dashboard shows the open ones with a way to fix each.
 */
export const GO_LIVE_PATH = '/api/go-live';
/** Admins fix these: settings' operations and the environment. */
export const GO_LIVE_ACCESS = 'operations:read' satisfies Permission;

export const goLiveItemSchema = z.object({
  /** Stable name of the check (`notifyEmail`, `demoContent`, ...). */
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** Where to fix it in the staff area; absent when it is fixed on the server (environment). */
  fix: z.object({ label: z.string(), href: z.string() }).optional(),
  /** Records the check names (the demo content still there), each with its screen. */
  records: z.array(z.object({ name: z.string(), href: z.string() })).optional(),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

/** Only what is still open: an empty list means the site is ready. */
export const goLiveSchema = z.object({ items: z.array(goLiveItemSchema) });
export type GoLive = z.infer<typeof goLiveSchema>;
