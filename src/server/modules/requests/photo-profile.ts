import { MAX_IMAGE_PIXELS, VISITOR_PHOTO_MAX_BYTES } from '../../../shared/constants';
import type { ImageProfile } from '../media/pipeline';

/**
 * What a visitor's photo may be: what every phone and browser sends (no GIF, no AVIF), kept as one
 * WebP at the widest display width. Sniffed from the content, re-encoded, its metadata dropped.
 */
export const VISITOR_PHOTOS: ImageProfile = {
  formats: new Set(['jpeg', 'png', 'webp']),
  widths: 'widest',
  advice: `Send a JPEG, PNG or WebP photo of up to ${VISITOR_PHOTO_MAX_BYTES / 1024 / 1024} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  lane: 'visitor',
};
