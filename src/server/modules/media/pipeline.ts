import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { ACCEPTED_IMAGES_TEXT, IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from '../../../shared/constants';
import { HttpError } from '../../errors';
import { createWorkQueue, type Slot } from './work-queue';

/** `heif` is how libvips names AVIF; TIFF and HEIC are not web pictures and are refused. */
export const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const UPLOAD_ADVICE = `Upload ${ACCEPTED_IMAGES_TEXT}.`;
/** Longer than any real picture takes (0.5 s at 24 MP here); a stuck decode must not hold the queue. */
const PROCESS_TIMEOUT_SECONDS = 30;

/**
 * What a stored picture may be at most (decision 010): no side longer than a large screen shows,
 * and about a megabyte, so that no picture is a long write or read of the database. A picture
 * larger at the first quality is encoded again at the next lower one, then made smaller.
 */
export const STORED_PICTURE_MAX_SIDE = 2560;
export const STORED_PICTURE_MAX_BYTES = 1024 * 1024;
const QUALITY_STEPS = [78, 60, 45, 30, 15] as const;
/** How much each side shrinks when even the lowest quality is over the size (a few steps at most). */
const SHRINK_STEP = 0.8;

/**
 * What a kind of upload may be and what is kept of it. Staff pictures become every display width;
 * a visitor's photo of a fault (modules/contact-photos) is one picture for staff eyes only, from a
 * shorter list of formats.
 */
export interface ImageProfile {
  /** sharp's format names accepted (after sniffing the content, never the file name). */
  formats: ReadonlySet<string>;
  /** Which of IMAGE_WIDTHS to keep: all, or only the widest the picture allows. */
  widths: 'all' | 'widest';
  /** What a refusal tells the sender to send instead. */
  advice: string;
  /** The queue lane the work waits in. */
  lane: ImageLane;
}

export const STAFF_IMAGES: ImageProfile = {
  formats: ACCEPTED_FORMATS,
  widths: 'all',
  advice: UPLOAD_ADVICE,
  lane: 'staff',
};

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  /** WebP encodings, widest last. */
  variants: { width: number; bytes: Buffer }[];
}

/**
 * Every picture this process decodes goes through this queue, one at a time. sharp runs each job
 * on a libuv thread and can make libvips threads of its own: run unbounded, parallel uploads fill
 * the threadpool and the cores, and each holds its decoded pixels. The visitor lane is declared
 * after staff and runs only when no staff picture waits, so a visitor's pictures delay a staff
 * upload by at most the one already running; it holds few places, since anyone can fill it.
 */
export const imageQueue = createWorkQueue(
  {
    staff: { capacity: 8 },
    visitor: {
      capacity: 3,
      busyMessage: 'Many pictures are being sent right now. Try again in a few seconds.',
      perHolder: {
        places: 1,
        message:
          'A photo from your connection is still being received. Send the next one when it has arrived.',
      },
    },
  },
  'The server is busy resizing other pictures. Try again in a few seconds.',
);
export type ImageLane = keyof ReturnType<typeof imageQueue.load>;

const looksLikeMarkup = (input: Buffer) =>
  /^(\uFEFF|\s)*<(\?xml|svg|!DOCTYPE|html)/i.test(input.subarray(0, 512).toString('utf8'));

let loaded: typeof import('sharp').default | undefined;
/**
 * sharp and libvips take about 25 MB of memory once loaded: load them with the first picture,
 * not at start, since most running sites only serve pictures already stored. One libvips thread
 * per job (glibc builds already default to it, others use every core) leaves a core for requests;
 * no operation cache, since the same picture is never resized twice.
 */
export const loadSharp = async () => {
  if (!loaded) {
    loaded = (await import('sharp')).default;
    loaded.concurrency(1);
    loaded.cache(false);
  }
  return loaded;
};

/**
 * Decode what was uploaded, refuse anything that is not a raster image, and re-encode it as WebP
 * at each display width. Nothing of the original file survives: no metadata, no trailing bytes,
 * no script. The hash of the upload names the result, so the same picture is stored once.
 * The header is read first: a picture over the pixel cap is refused before a pixel is decoded.
 * Pass the slot the caller reserved before reading the upload; without one a place is taken here.
 */
export async function processImage(
  input: Buffer,
  slot?: Slot,
  profile: ImageProfile = STAFF_IMAGES,
): Promise<ProcessedImage> {
  const place = slot ?? imageQueue.reserve(profile.lane);
  try {
    const { width, height } = await readHeader(input, profile);
    return await place.run(() => encodeVariants(input, width, height, profile));
  } finally {
    place.release();
  }
}

async function readHeader(input: Buffer, profile: ImageProfile): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const advice = profile.advice;
  if (looksLikeMarkup(input))
    throw new HttpError(400, `SVG and other markup files are not accepted. ${advice}`);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, `This file is not an image we can read. ${advice}`);
  }
  if (metadata.format === 'svg') throw new HttpError(400, `SVG files are not accepted. ${advice}`);
  if (!metadata.format || !profile.formats.has(metadata.format)) {
    throw new HttpError(400, `This file is not an image we can read. ${advice}`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    // Rounded up, so that a picture just over the cap never reads as exactly the cap.
    const megapixels = Math.ceil(pixels / 100_000) / 10;
    throw new HttpError(
      400,
      `This picture is too large (${megapixels} megapixels). Pictures up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  // The camera's orientation may turn the picture a quarter: its width is then the stored height.
  const { width = 0, height = 0 } = metadata.autoOrient ?? metadata;
  return { width, height };
}

async function encodeVariants(
  input: Buffer,
  width: number,
  height: number,
  profile: ImageProfile,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // The widest display width, narrowed further when the other side would be over the bound.
  const scale = Math.min(1, IMAGE_WIDTHS.at(-1)! / width, STORED_PICTURE_MAX_SIDE / Math.max(width, height));
  const widest = Math.max(1, Math.floor(width * scale));
  const narrower = profile.widths === 'all' ? IMAGE_WIDTHS.filter((w) => w < widest) : [];
  const widths = [...new Set([...narrower, widest])].sort((a, b) => a - b);
  try {
    // Decode, turn upright and shrink to the widest variant in one streaming pass: the full-size
    // pixels never reach JavaScript. (A decoded copy handed to sharp().clone() is copied again on
    // the main thread for every clone: 120 MB per variant at 40 MP, which stalled every request.)
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants: ProcessedImage['variants'] = [];
    for (const w of widths) variants.push({ width: w, bytes: await encodeWithin(sharp, data, raw, w) });
    const hash = createHash('sha256').update(input).digest('hex').slice(0, 32);
    return { hash, width, height, variants };
  } catch {
    throw new HttpError(
      400,
      `This image is damaged, incomplete or could not be converted. ${profile.advice}`,
    );
  }
}

/**
 * One WebP variant `width` wide of the decoded pixels, at most STORED_PICTURE_MAX_BYTES: at the
 * usual quality when it fits (nearly every photo), else at the first lower quality that fits, else
 * smaller. Noise does not compress: a noisy 1600 × 2560 photo is 2.2 MB at the usual quality.
 * Every encoding runs on sharp's thread, never this one.
 */
async function encodeWithin(
  sharp: typeof import('sharp').default,
  data: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  width: number,
): Promise<Buffer> {
  const encode = (w: number, quality: number) => {
    const picture = w === raw.width ? sharp(data, { raw }) : sharp(data, { raw }).resize({ width: w });
    return picture.timeout({ seconds: PROCESS_TIMEOUT_SECONDS }).webp({ quality, effort: 4 }).toBuffer();
  };
  for (const quality of QUALITY_STEPS) {
    const bytes = await encode(width, quality);
    if (bytes.length <= STORED_PICTURE_MAX_BYTES) return bytes;
  }
  const lowest = QUALITY_STEPS.at(-1)!;
  for (let w = Math.floor(width * SHRINK_STEP); w >= 16; w = Math.floor(w * SHRINK_STEP)) {
    const bytes = await encode(w, lowest);
    if (bytes.length <= STORED_PICTURE_MAX_BYTES) return bytes;
  }
  throw new Error('a picture that stays over the stored size at 16 px wide');
}
