import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessedImage } from '../media/pipeline';
import type { DemoPictureName } from './picture-names';

/**
 * The demo pictures, rasterised ahead of time by `npm run demo:pictures` (tools/demo-art) through
 * the upload pipeline: a first start only copies the ready WebP files in
 * (docs/decisions/080-first-run.md, 084-demo-content-as-data.md). The build copies the folder next
 * to the server bundle, as it does the migrations.
 */
export const DEMO_PICTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-pictures');
export const DEMO_PICTURES_INDEX = 'index.json';

/**
 * The widest a demo picture is shipped. The widest slot on the public pages is 460 CSS pixels (the
 * home page's picture), so 960 serves it sharply at twice the pixel density, and a phone asking
 * for more gets 960 (the media route answers the widest variant it has).
 */
export const DEMO_PICTURE_MAX_WIDTH = 960;

/**
 * A shipped picture, as the index names it: its files (`<file>-<width>.webp`, `file` being a hash
 * of the drawing), and the media hash and size the upload pipeline gave it.
 */
export interface DemoPictureEntry {
  file: string;
  hash: string;
  width: number;
  height: number;
  widths: number[];
}

export const demoPictureFile = (entry: DemoPictureEntry, width: number) => `${entry.file}-${width}.webp`;

export function readDemoPictureIndex(dir = DEMO_PICTURES_DIR): Record<string, DemoPictureEntry> {
  return JSON.parse(fs.readFileSync(path.join(dir, DEMO_PICTURES_INDEX), 'utf8'));
}

let index: Record<string, DemoPictureEntry> | undefined;

/** A shipped demo picture ready to store, read from its files. */
export function demoPicture(name: DemoPictureName): ProcessedImage {
  index ??= readDemoPictureIndex();
  const entry = index[name];
  if (!entry) throw new Error(`No demo picture named ${name}: run \`npm run demo:pictures\``);
  const variants = entry.widths.map((width) => ({
    width,
    bytes: fs.readFileSync(path.join(DEMO_PICTURES_DIR, demoPictureFile(entry, width))),
  }));
  return { hash: entry.hash, width: entry.width, height: entry.height, variants };
}
