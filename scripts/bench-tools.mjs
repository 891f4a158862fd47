// Tools only the benchmark uses, installed on first use instead of with the site: Lighthouse and
// what it pulls in (OpenTelemetry, Sentry, Puppeteer, chromium-bidi) are about 180 MB that nobody
// who only runs or tests the site needs (docs/decisions/080-first-run.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Exact versions: a benchmark compares runs, so its tools never move on their own. */
export const BENCH_TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' };

/** Under node_modules/.cache, so that `npm ci` starts it over and the size budget leaves it out. */
export const BENCH_TOOLS_DIR = path.join(root, 'node_modules/.cache/bench-tools');

function installed(dir) {
  return Object.entries(BENCH_TOOLS).every(([name, version]) => {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    return fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).version === version;
  });
}

/** Install the pinned tools into their folder once (a minute with an empty npm cache). */
export function ensureBenchTools({ log = (line) => console.error(line) } = {}) {
  if (installed(BENCH_TOOLS_DIR)) return BENCH_TOOLS_DIR;
  const specs = Object.entries(BENCH_TOOLS).map(([name, version]) => `${name}@${version}`);
  log(
    `Installing the benchmark's tools once into ${path.relative(root, BENCH_TOOLS_DIR)}: ${specs.join(' ')}`,
  );
  fs.mkdirSync(BENCH_TOOLS_DIR, { recursive: true });
  // A package of its own, so that npm installs here and never touches the site's package.json.
  fs.writeFileSync(
    path.join(BENCH_TOOLS_DIR, 'package.json'),
    `${JSON.stringify({ name: 'bench-tools', private: true }, null, 1)}\n`,
  );
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    { cwd: BENCH_TOOLS_DIR, stdio: ['ignore', process.stderr, 'inherit'] },
  );
  return BENCH_TOOLS_DIR;
}

/** One of the tools' module namespace, from its folder, installing the tools first when needed. */
export async function importBenchTool(name) {
  if (!(name in BENCH_TOOLS)) throw new Error(`${name} is not one of the benchmark's tools`);
  const dir = ensureBenchTools();
  // A module inside the folder resolves the bare name from the folder's own node_modules.
  const shim = path.join(dir, `import-${name}.mjs`);
  if (!fs.existsSync(shim)) fs.writeFileSync(shim, `export * as namespace from '${name}';\n`);
  return (await import(pathToFileURL(shim).href)).namespace;
}
