import { IMAGE_WIDTHS } from '../../shared/constants';

const MEDIA = /^\/media\/([0-9a-f]{32})\.webp$/;

/** A `srcset` for an uploaded image from its WebP variants; undefined for other addresses. */
export function srcSetFor(url: string): string | undefined {
  const match = MEDIA.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `/media/${match[1]}-${width}.webp ${width}w`).join(', ');
}
