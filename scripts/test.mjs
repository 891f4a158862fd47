// `npm test`: build the site, run the unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in Debian's Chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.info('Installing Debian chromium for the browser tests...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const results = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
/** Wall seconds of each step, printed before the closing line (CI reads them per stage). */
const seconds = {};
const run = (command, args, env = {}, step = path.basename(args[0] ?? command)) => {
  const started = performance.now();
  const status =
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  seconds[step] = Math.round((performance.now() - started) / 1000);
  return status;
};

ensureChromium();
// Quiet, as npm start builds: whatever it prints is a warning, and a test fails on it.
const buildStatus = run(process.execPath, ['scripts/build.mjs', '--quiet'], {}, 'build');
if (buildStatus !== 0) process.exit(buildStatus);

const unitJson = path.join(results, 'vitest.json');
const unitStatus = run(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`],
  {},
  'unit and API (vitest)',
);
const e2eJson = path.join(results, 'playwright.json');
const e2eStatus = run(
  bin('playwright'),
  ['test'],
  { PLAYWRIGHT_JSON: e2eJson },
  'browser journeys (playwright)',
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(unitJson)) {
  const report = JSON.parse(fs.readFileSync(unitJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (fs.existsSync(e2eJson)) {
  const { stats } = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
fs.rmSync(results, { recursive: true, force: true });
const ok = unitStatus === 0 && e2eStatus === 0 && failed === 0;
console.info(
  `\n${Object.entries(seconds)
    .map(([step, s]) => `${step}: ${s} s`)
    .join('; ')}`,
);
console.info(`Tests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
