// `npm run demo:pictures`: draw the demo pictures and rasterise them into the WebP files shipped
// with the code (src/server/modules/demo/demo-pictures), with the index that names them for the
// seed. Run it after changing a drawing; a test fails until then.
// `npm run demo:pictures -- --check` writes nothing: it fails when the shipped files and index are
// not what this tool would write (names, drawings, and one picture rendered again).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PICTURES_DIR, readDemoPictureIndex } from '../../src/server/modules/demo/pictures';
import { demoArtCatalogue } from './catalogue';
import { drawingKey, indexEntry, renderDrawing, writeDemoPictures } from './render';

/** What differs between the drawings and the shipped index, one line each. */
async function differences(pictures: ReturnType<typeof demoArtCatalogue>): Promise<string[]> {
  const index = readDemoPictureIndex();
  const found: string[] = [];
  const names = new Set<string>(pictures.map(([name]) => name));
  for (const name of Object.keys(index)) if (!names.has(name)) found.push(`${name}: not drawn`);
  for (const [name, svg] of pictures)
    if (index[name]?.file !== drawingKey(svg)) found.push(`${name}: drawing changed or not shipped`);
  // Rasterising is slow: one picture stands for the pipeline (hash, size and widths).
  const [name, svg] = pictures[0]!;
  const shipped = index[name];
  const rendered = indexEntry(svg, await renderDrawing(svg));
  if (shipped?.file === rendered.file && JSON.stringify(shipped) !== JSON.stringify(rendered))
    found.push(`${name}: the upload pipeline now makes ${JSON.stringify(rendered)}`);
  return found;
}

const pictures = demoArtCatalogue();
if (process.argv.includes('--check')) {
  const found = await differences(pictures);
  if (found.length > 0) {
    console.error(`${found.join('\n')}\nThe demo pictures are out of date: run \`npm run demo:pictures\``);
    process.exit(1);
  }
  console.info(`The ${pictures.length} demo pictures are up to date`);
} else {
  await writeDemoPictures(pictures, DEMO_PICTURES_DIR);
  // The index is committed: write it as the linter formats it, so that the lint stays green.
  const indexFile = path.join(DEMO_PICTURES_DIR, 'index.json');
  execFileSync('npx', ['biome', 'format', '--write', indexFile], { stdio: 'ignore' });
  const bytes = fs
    .readdirSync(DEMO_PICTURES_DIR)
    .reduce((sum, name) => sum + fs.statSync(path.join(DEMO_PICTURES_DIR, name)).size, 0);
  console.info(
    `Wrote ${pictures.length} demo pictures (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${path.relative(process.cwd(), DEMO_PICTURES_DIR)}`,
  );
}
