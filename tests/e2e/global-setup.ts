import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEEDED_DATA_DIR_ENV, START_SCRIPT, startSite } from './support/site';

/**
 * Seeds one site with the demo content, once per run, and stops it: each worker's server starts on
 * a copy of its data folder (fixtures.ts), which is faster than seeding each. Started as `npm start`
 * starts, so a build older than the sources is built here, once, before any worker starts a server.
 * The site stays unclaimed: each worker claims its own copy.
 */
export default async function globalSetup() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-seeded-'));
  const dataDir = path.join(folder, 'data');
  const seeding = await startSite({ dataDir, entry: START_SCRIPT, timeoutMs: 300_000 });
  await seeding.stop();
  // Workers are started after global setup and inherit its environment.
  process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
