// Build the web app (React Router + Vite) and bundle the server into build/server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

export async function buildAll() {
  // Build chatter goes to stderr: `npm run bench` keeps stdout for its results.
  execFileSync(bin('react-router'), ['build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(root, 'build/server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(root, 'build/server/migrations'), {
    recursive: true,
  });
  fs.writeFileSync(path.join(root, 'build/.complete'), new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
