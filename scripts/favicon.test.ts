import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faviconIco } from './favicon.mjs';

const svg = fileURLToPath(new URL('../public/favicon.svg', import.meta.url));

describe('favicon.ico', () => {
  it('is an icon file whose entries are the SVG rendered as 16, 32 and 48 px PNGs', async () => {
    const ico = await faviconIco(svg);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect(png.format).toBe('png');
      expect([png.width, png.height]).toEqual([ico[entry], ico[entry + 1]]);
      sizes.push(png.width ?? 0);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });
});
