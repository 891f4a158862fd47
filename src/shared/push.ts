import { z } from 'zod';

/** base64url of exactly `bytes` bytes, without padding (how browsers encode push keys). */
const base64url = (label: string, bytes: number) =>
  z
    .string({ error: () => `${label} is required.` })
    .trim()
    .length(Math.ceil((bytes * 4) / 3), `${label} must be ${bytes} bytes in base64url.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be ${bytes} bytes in base64url.`);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: where to post (the push
 * service's https address) and the keys the message is encrypted for (an uncompressed P-256
 * public key and a 16-byte auth secret). Anything else the browser adds is dropped.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: () => 'Endpoint is required.' })
    .trim()
    .max(2000, 'Endpoint must be at most 2000 characters.')
    .refine((value) => URL.canParse(value), 'Endpoint must be a full https:// address.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) },
    { error: () => 'Keys (p256dh and auth) are required.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: which browser stops getting notifications. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: () => 'Endpoint is required.' })
    .trim()
    .min(1)
    .max(2000),
});

/** What a notification about an urgent request carries to the service worker. */
export interface PushMessage {
  title: string;
  body: string;
  /** The admin page to open when the notification is clicked (a path on this site). */
  url: string;
  /** Notifications with the same tag replace each other (one per request). */
  tag: string;
}
