import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSharp, type ProcessedImage, processImage } from '../media/pipeline';

/**
 * The demo pictures, rasterised ahead of time. Drawing and encoding the pictures took
 * most of a first start (every one through sharp at four widths, while the database waited);
 * reading the ready WebP files takes milliseconds (docs/decisions/080-first-run.md). The build
 * copies the folder next to the server bundle, as it does the migrations.
 */
export const DEMO_PICTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-pictures');
const INDEX_FILE = 'index.json';

/** What a rendered drawing became: the media hash and size, and its WebP widths on disk. */
export interface DemoPictureEntry {
  hash: string;
  width: number;
  height: number;
  widths: number[];
}

/** A drawing is known by its SVG text: change a drawing and its key changes with it. */
export const demoPictureKey = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 16);

const fileName = (key: string, width: number) => `${key}-${width}.webp`;

let index: Record<string, DemoPictureEntry> | undefined;
export function readDemoPictureIndex(dir = DEMO_PICTURES_DIR): Record<string, DemoPictureEntry> {
  const file = path.join(dir, INDEX_FILE);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/**
 * The widest a demo picture is shipped. The widest slot on the public pages is 460 CSS pixels (the
 * home page's picture), so 960 serves it sharply at twice the pixel density, and a phone asking
 * for more gets 960 (the media route answers the widest variant it has). Drawn 1200 wide, the
 * scenes are rasterised smaller: the 1200 variant was a third of the bytes and no page needed it.
 */
export const DEMO_PICTURE_MAX_WIDTH = 960;

/** Rasterise a drawing through the same pipeline as an upload (PNG first: SVG uploads are refused). */
export async function renderDemoPicture(svg: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { width = DEMO_PICTURE_MAX_WIDTH } = await sharp(Buffer.from(svg)).metadata();
  // librsvg draws at density / 72 of the SVG's size: shrink while drawing, for crisp edges.
  const density = 72 * Math.min(1, DEMO_PICTURE_MAX_WIDTH / width);
  return processImage(await sharp(Buffer.from(svg), { density }).png().toBuffer());
}

/**
 * A demo picture ready to store: read from the shipped files, or, for a drawing changed since
 * `npm run demo:pictures` last ran, rendered now (slower, and a test says to run it).
 */
export async function demoPicture(svg: string): Promise<ProcessedImage> {
  index ??= readDemoPictureIndex();
  const key = demoPictureKey(svg);
  const entry = index[key];
  if (!entry) return renderDemoPicture(svg);
  const variants = entry.widths.map((width) => ({
    width,
    bytes: fs.readFileSync(path.join(DEMO_PICTURES_DIR, fileName(key, width))),
  }));
  return { hash: entry.hash, width: entry.width, height: entry.height, variants };
}

/** Write the given drawings' pictures and their index into `dir`, leaving nothing else there. */
export async function writeDemoPictures(svgs: string[], dir = DEMO_PICTURES_DIR): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const written: Record<string, DemoPictureEntry> = {};
  for (const svg of svgs) {
    const key = demoPictureKey(svg);
    if (written[key]) continue;
    const image = await renderDemoPicture(svg);
    for (const variant of image.variants)
      fs.writeFileSync(path.join(dir, fileName(key, variant.width)), variant.bytes);
    written[key] = {
      hash: image.hash,
      width: image.width,
      height: image.height,
      widths: image.variants.map((v) => v.width),
    };
  }
  fs.writeFileSync(path.join(dir, INDEX_FILE), `${JSON.stringify(written, null, 1)}\n`);
}
