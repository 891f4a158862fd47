import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type DemoPictureName, PROJECT_STAGES, PROJECT_VARIANTS, projectPicture } from './picture-names';
import {
  DEMO_PICTURE_MAX_WIDTH,
  DEMO_PICTURES_DIR,
  DEMO_PICTURES_INDEX,
  demoPicture,
  demoPictureFile,
  readDemoPictureIndex,
} from './pictures';
import { writeDemoRecords } from './seed';
import { demoServices } from './services';

/** The shipped folder may hold at most this much: the repository and the first start stay small. */
const FOLDER_BUDGET_BYTES = 3 * 1024 * 1024;
/**
 * Two pictures whose 48x32 thumbnails differ by less than this on average (0..255 per channel)
 * look alike to a visitor. Before and after of one project keep their framing and still differ
 * by more than 7; a redrawn copy or a recoloured twin differs by 1 or 2.
 */
const ALIKE_BELOW = 5;

const index = readDemoPictureIndex();

async function thumbnail(file: string): Promise<Buffer> {
  return sharp(path.join(DEMO_PICTURES_DIR, `${file}-320.webp`))
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

/** The pictures the seed stores, by name, in the order it stores them. */
async function seededPictureNames(): Promise<DemoPictureName[]> {
  const names: DemoPictureName[] = [];
  await writeDemoRecords(
    async () => undefined,
    async (name) => {
      names.push(name);
      return '';
    },
  );
  return names;
}

describe('the shipped demo pictures', () => {
  it('include every picture the demo records show, as files in the folder', async () => {
    const names = await seededPictureNames();
    expect(names.filter((name) => !index[name])).toEqual([]);
    for (const name of names) {
      const picture = demoPicture(name);
      expect(picture.variants.length, name).toBeGreaterThan(0);
      for (const variant of picture.variants) expect(variant.bytes.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('are each named in the index, and the index names no missing file', () => {
    const files = fs.readdirSync(DEMO_PICTURES_DIR).filter((name) => name !== DEMO_PICTURES_INDEX);
    const named = Object.values(index).flatMap((entry) => entry.widths.map((w) => demoPictureFile(entry, w)));
    expect(files.sort()).toEqual(named.sort());
  });

  it('are what `npm run demo:pictures` draws and rasterises today', () => {
    // The drawing tool lives outside the server: run its check, which writes nothing.
    const check = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'tools/demo-art/main.ts', '--check'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(check()).toMatch(/up to date/);
  });

  it('fit the budget together: at most 3 MB, none wider than the widest slot needs', () => {
    const bytes = fs
      .readdirSync(DEMO_PICTURES_DIR)
      .reduce((sum, name) => sum + fs.statSync(path.join(DEMO_PICTURES_DIR, name)).size, 0);
    expect(bytes, `${(bytes / 1024 / 1024).toFixed(2)} MB`).toBeLessThanOrEqual(FOLDER_BUDGET_BYTES);
    for (const entry of Object.values(index)) expect(entry.width).toBeLessThanOrEqual(DEMO_PICTURE_MAX_WIDTH);
  });

  it('are all different drawings, and no two look alike once rasterised', async () => {
    const names = Object.keys(index);
    const files = names.map((name) => index[name]!.file);
    expect(new Set(files).size, 'two names share a drawing').toBe(files.length);
    const thumbs = await Promise.all(files.map(thumbnail));
    const alike: string[] = [];
    for (let i = 0; i < thumbs.length; i++)
      for (let j = i + 1; j < thumbs.length; j++) {
        const difference = meanDifference(thumbs[i]!, thumbs[j]!);
        if (difference < ALIKE_BELOW)
          alike.push(`${names[i]} and ${names[j]} differ by ${difference.toFixed(1)}`);
      }
    expect(alike).toEqual([]);
  });

  it('include a before, an after and a detail for two projects of every demo service', () => {
    for (const { art } of demoServices)
      for (const variant of PROJECT_VARIANTS)
        for (const stage of PROJECT_STAGES)
          expect(index).toHaveProperty([projectPicture(art, variant, stage)]);
  });
});
