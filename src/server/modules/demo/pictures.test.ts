import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PICTURES_DIR,
  demoPicture,
  demoPictureKey,
  readDemoPictureIndex,
  renderDemoPicture,
} from './pictures';
import { demoDrawings } from './seed';

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
});
