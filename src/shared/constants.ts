import { excerpt } from './excerpt';

/** Business constants from the product specification (§9). */
export const PHONE_PATTERN = /^\d{11}$/;
/** The format a phone field hints at: neutral, so it never passes for the company's own number. */
export const PHONE_FORMAT_HINT = '03XX-XXXXXXX';

export const TRUNCATE_WORDS = {
  serviceDescription: 40,
  card: 20,
} as const;

export const CAROUSEL_INTERVAL_MS = 5000;

/**
 * The default of the site's time zone (settings' `timeZone`, decision 097), for what is read
 * before any settings are: prefer the setting (shared/clock.ts `siteTimeZone`).
 */
export { DEFAULT_TIME_ZONE as SITE_TIME_ZONE } from './clock';

export const SERVICE_CATEGORIES = ['refrigerator', 'electric', 'cctv', 'paint', 'air_c_m'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export const SERVICE_CATEGORY_LABELS: Record<ServiceCategory, string> = {
  refrigerator: 'Cooling & Refrigeration',
  electric: 'Electrical',
  cctv: 'CCTV & Security',
  paint: 'Painting',
  air_c_m: 'Air-Conditioning',
};

export const MESSAGE_STATUSES = ['Pending', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Where a contact request stands; the track page says each in plain words (STAGE_WORDS). */
export const CONTACT_STAGES = ['new', 'contacted', 'scheduled', 'done', 'lost'] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];

/** Widths of the WebP variants made from every uploaded image. */
export const IMAGE_WIDTHS = [320, 640, 960, 1600] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * A 24-megapixel photo is what a phone or a good camera takes. Resizing costs grow with the pixels
 * a file declares, not with its size: a 23 KB PNG can declare 24 megapixels (docs/decisions/010).
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
/** What every upload refusal and the upload field say is accepted, so that they never disagree. */
export const ACCEPTED_IMAGES_TEXT = `a JPEG, PNG, WebP, GIF or AVIF picture of up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
/** The same formats for the file picker, so that it offers only what the server takes (no TIFF, no HEIC). */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A visitor's photos of a fault (docs/decisions/074): the one upload anyone may send, so its limits
 * are stricter than staff's. Fewer formats (what every phone and browser sends), a smaller file,
 * the same pixel cap (it bounds the decode, and a phone's photo must pass).
 */
export const VISITOR_PHOTOS_MAX = 3;
export const VISITOR_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const VISITOR_PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
/**
 * Why a visitor's photo would be refused for its type or size, said before anything is sent (the
 * contact form's island); undefined when it may go. The server sniffs the content and decides again.
 * A file whose type the browser does not know is left to the server.
 */
export function visitorPhotoProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (file.type && !VISITOR_PHOTO_TYPES.split(',').includes(file.type))
    return `"${file.name}" is not a JPEG, PNG or WebP photo. Choose another one.`;
  if (file.size > VISITOR_PHOTO_MAX_BYTES)
    return `"${file.name}" is larger than ${VISITOR_PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller photo.`;
  return undefined;
}
export const VISITOR_PHOTOS_TEXT = `Up to ${VISITOR_PHOTOS_MAX} photos of the fault: JPEG, PNG or WebP, each up to ${VISITOR_PHOTO_MAX_BYTES / 1024 / 1024} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/**
 * Cut a text to a number of words (spec §9): whole sentences when they fit, else whole words and
 * an ellipsis (shared/excerpt.ts, the one helper every cut goes through).
 */
export const truncateWords = (text: string, words: number): string => excerpt(text, { words });

/** What slugify makes: lower-case letters and digits in dash-separated runs, at most 80 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: string) => value.length <= 80 && SLUG_PATTERN.test(value);

/** URL-safe slug from a title: 'AC Repair & Gas' -> 'ac-repair-gas'. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // Runs are single dashes by now, so each end has at most one to drop (and no run to rescan).
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  return slug || 'item';
}
