/**
 * Taps on the Call and WhatsApp links, counted per day and kind and nothing else
 * (docs/decisions/070). Plain data: the public pages' script reads it without zod.
 */
export const TAP_TYPES = ['call', 'whatsapp'] as const;
export type TapType = (typeof TAP_TYPES)[number];

/** Where a page's script sends a tap, with `navigator.sendBeacon`. */
export const TAP_EVENTS_PATH = '/api/events';
