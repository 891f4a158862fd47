import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from '../../../shared/constants';
import { HttpError } from '../../errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  /** WebP encodings, widest last. */
  variants: { width: number; bytes: Buffer }[];
}

/**
 * Decode what was uploaded, refuse anything that is not a raster image, and re-encode it as WebP
 * at each display width. Nothing of the original file survives: no metadata, no trailing bytes,
 * no script. The hash of the upload names the result, so the same picture is stored once.
 */
const looksLikeMarkup = (input: Buffer) =>
  /^(\uFEFF|\s)*<(\?xml|svg|!DOCTYPE|html)/i.test(input.subarray(0, 512).toString('utf8'));

/**
 * sharp and libvips take about 25 MB of memory once loaded: load them with the first picture,
 * not at start, since most running sites only serve pictures already stored.
 */
export const loadSharp = async () => (await import('sharp')).default;

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  if (looksLikeMarkup(input))
    throw new HttpError(
      400,
      'SVG and other markup files are not accepted. Upload a JPEG, PNG or WebP picture.',
    );
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(
      400,
      'This file is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
  }
  if (metadata.format === 'svg')
    throw new HttpError(400, 'SVG files are not accepted. Upload a JPEG, PNG or WebP picture.');
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new HttpError(
      400,
      'This file is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new HttpError(400, `This picture is too large (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`);
  }

  let base: Sharp;
  let width: number;
  let height: number;
  try {
    // Apply the camera's orientation, then forget every piece of metadata.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    width = info.width;
    height = info.height;
    base = sharp(data, { raw: { width, height, channels: info.channels } });
  } catch {
    throw new HttpError(400, 'This image is damaged or incomplete. Try another file.');
  }

  const widths = [
    ...new Set([...IMAGE_WIDTHS.filter((w) => w < width), Math.min(width, IMAGE_WIDTHS.at(-1)!)]),
  ].sort((a, b) => a - b);
  const variants = await Promise.all(
    widths.map(async (w) => ({
      width: w,
      bytes: await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    })),
  );
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 32);
  return { hash, width, height, variants };
}
