// `npm run demo:pictures`: rasterise the demo content's drawings, and the demo projects' before,
// after and detail pictures, into the WebP files shipped with the code
// (src/server/modules/demo/demo-pictures). Run it after changing a drawing or the demo records;
// a test fails until then, and another when the folder is over its 3 MB budget.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PICTURES_DIR, writeDemoPictures } from '../modules/demo/pictures';
import { demoDrawings } from '../modules/demo/seed';

const svgs = await demoDrawings();
await writeDemoPictures(svgs);
// The index is committed: write it as the linter formats it, so that the lint stays green.
execFileSync('npx', ['biome', 'format', '--write', path.join(DEMO_PICTURES_DIR, 'index.json')], {
  stdio: 'ignore',
});
const bytes = fs
  .readdirSync(DEMO_PICTURES_DIR)
  .reduce((sum, name) => sum + fs.statSync(path.join(DEMO_PICTURES_DIR, name)).size, 0);
console.info(
  `Wrote ${new Set(svgs).size} demo pictures (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${path.relative(process.cwd(), DEMO_PICTURES_DIR)}`,
);
