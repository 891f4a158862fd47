import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectDemoDrawings, projectScene } from './art';
import { demoServices } from './demo';
import {
  DEMO_PICTURE_MAX_WIDTH,
  DEMO_PICTURES_DIR,
  demoPicture,
  demoPictureKey,
  readDemoPictureIndex,
  renderDemoPicture,
} from './pictures';
import { demoDrawings } from './seed';

/** The shipped folder may hold at most this much: the repository and the first start stay small. */
const FOLDER_BUDGET_BYTES = 3 * 1024 * 1024;
/**
 * Two pictures whose 48x32 thumbnails differ by less than this on average (0..255 per channel)
 * look alike to a visitor. Before and after of one project keep their framing and still differ
 * by more than 7; a redrawn copy or a recoloured twin differs by 1 or 2.
 */
const ALIKE_BELOW = 5;

async function thumbnail(key: string): Promise<Buffer> {
  return sharp(path.join(DEMO_PICTURES_DIR, `${key}-320.webp`))
    .resize(48, 32, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('the shipped demo pictures', () => {
  it('cover every drawing of the demo content, and nothing else (else: npm run demo:pictures)', async () => {
    const keys = new Set((await demoDrawings()).map(demoPictureKey));
    const index = readDemoPictureIndex();
    expect(new Set(Object.keys(index)), 'run `npm run demo:pictures` and commit the files').toEqual(keys);
    const files = fs.readdirSync(DEMO_PICTURES_DIR).filter((name) => name.endsWith('.webp'));
    const expected = Object.entries(index).flatMap(([key, entry]) =>
      entry.widths.map((w) => `${key}-${w}.webp`),
    );
    expect(files.sort()).toEqual(expected.sort());
  });

  it('are what the upload pipeline makes of the drawing: same hash, size and widths', async () => {
    const [svg] = await demoDrawings();
    const shipped = await demoPicture(svg!);
    const rendered = await renderDemoPicture(svg!);
    expect({ ...shipped, variants: shipped.variants.map((v) => v.width) }).toEqual({
      ...rendered,
      variants: rendered.variants.map((v) => v.width),
    });
    for (const variant of shipped.variants) expect(variant.bytes.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('fit the budget together: at most 3 MB, none wider than the widest slot needs', () => {
    const bytes = fs
      .readdirSync(DEMO_PICTURES_DIR)
      .reduce((sum, name) => sum + fs.statSync(path.join(DEMO_PICTURES_DIR, name)).size, 0);
    expect(bytes, `${(bytes / 1024 / 1024).toFixed(2)} MB`).toBeLessThanOrEqual(FOLDER_BUDGET_BYTES);
    for (const entry of Object.values(readDemoPictureIndex()))
      expect(entry.width).toBeLessThanOrEqual(DEMO_PICTURE_MAX_WIDTH);
  });

  it('are all different drawings, and no two look alike once rasterised', async () => {
    const svgs = await demoDrawings();
    expect(new Set(svgs).size, 'two records share a drawing').toBe(svgs.length);
    const keys = svgs.map(demoPictureKey);
    const thumbs = await Promise.all(keys.map(thumbnail));
    const alike: string[] = [];
    for (let i = 0; i < thumbs.length; i++)
      for (let j = i + 1; j < thumbs.length; j++) {
        const difference = meanDifference(thumbs[i]!, thumbs[j]!);
        if (difference < ALIKE_BELOW) alike.push(`drawings ${i} and ${j} differ by ${difference.toFixed(1)}`);
      }
    expect(alike).toEqual([]);
  });

  it('include a before, an after and a detail for two projects of every demo service', () => {
    const shipped = new Set(projectDemoDrawings());
    for (const [i] of demoServices.entries())
      for (const variant of [0, 1])
        for (const stage of ['before', 'after', 'detail'] as const)
          expect(shipped.has(projectScene(i, stage, variant)), `service ${i} ${stage} ${variant}`).toBe(true);
    expect(() => projectScene(demoServices.length, 'before', 0)).toThrow();
  });
});
