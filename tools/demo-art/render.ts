import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DemoPictureName } from '../../src/server/modules/demo/picture-names';
import {
  DEMO_PICTURE_MAX_WIDTH,
  DEMO_PICTURES_INDEX,
  type DemoPictureEntry,
  demoPictureFile,
} from '../../src/server/modules/demo/pictures';
import { loadSharp, type ProcessedImage, processImage } from '../../src/server/modules/media/pipeline';

/** A drawing's files are named by its SVG text: change a drawing and its files change with it. */
export const drawingKey = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 16);

/** Rasterise a drawing through the same pipeline as an upload (PNG first: SVG uploads are refused). */
export async function renderDrawing(svg: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { width = DEMO_PICTURE_MAX_WIDTH } = await sharp(Buffer.from(svg)).metadata();
  // librsvg draws at density / 72 of the SVG's size: shrink while drawing, for crisp edges. Drawn
  // 1200 wide, the scenes are rasterised at most 960 wide (see DEMO_PICTURE_MAX_WIDTH).
  const density = 72 * Math.min(1, DEMO_PICTURE_MAX_WIDTH / width);
  return processImage(await sharp(Buffer.from(svg), { density }).png().toBuffer());
}

export const indexEntry = (svg: string, image: ProcessedImage): DemoPictureEntry => ({
  file: drawingKey(svg),
  hash: image.hash,
  width: image.width,
  height: image.height,
  widths: image.variants.map((v) => v.width),
});

/** Write the named drawings' pictures and their index into `dir`, leaving nothing else there. */
export async function writeDemoPictures(pictures: [DemoPictureName, string][], dir: string): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const index: Record<string, DemoPictureEntry> = {};
  for (const [name, svg] of pictures) {
    const image = await renderDrawing(svg);
    const entry = indexEntry(svg, image);
    for (const variant of image.variants)
      fs.writeFileSync(path.join(dir, demoPictureFile(entry, variant.width)), variant.bytes);
    index[name] = entry;
  }
  fs.writeFileSync(path.join(dir, DEMO_PICTURES_INDEX), `${JSON.stringify(index, null, 1)}\n`);
}
