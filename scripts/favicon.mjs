// /favicon.ico from public/favicon.svg. Pages link the SVG, but browsers, crawlers and link
// previews still ask for /favicon.ico by name; without one each of them got a 404.
import fs from 'node:fs';
import sharp from 'sharp';

const SIZES = [16, 32, 48];

/**
 * An ICO file holding one PNG per size (PNG entries are valid ICO since Windows Vista and in every
 * browser): a 6-byte header, a 16-byte directory entry per image, then the images.
 */
export async function faviconIco(svgPath) {
  const svg = fs.readFileSync(svgPath);
  const images = await Promise.all(
    SIZES.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()),
  );
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map((image, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(SIZES[i] % 256, 0); // width (0 would mean 256)
    entry.writeUInt8(SIZES[i] % 256, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}
