// Build the web app (React Router + Vite) and bundle the server into build/server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { faviconIco } from './favicon.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/**
 * The public site's service worker, at the root of the client build so that it is served as
 * /sw.js with scope /. Its cache is named by a hash of the build's asset names: a deploy with any
 * changed script or style replaces every kept copy (docs/decisions/066).
 */
async function buildServiceWorker() {
  const client = path.join(root, 'build/web/client');
  const names = fs.readdirSync(path.join(client, 'assets')).sort().join('\n');
  const version = createHash('sha256').update(names).digest('hex').slice(0, 12);
  await build({
    entryPoints: [path.join(root, 'src/web/service-worker/sw.ts')],
    outfile: path.join(client, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    define: { BUILD_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Scripts and styles never change under their hashed names: compress them once, as hard as
 * brotli and gzip go, and let the server send the smaller file (docs/decisions/050). The files are
 * compressed side by side on libuv's threads: on two cores that halves the wait of a first start.
 */
async function precompressAssets(dir) {
  const names = fs.readdirSync(dir).filter((name) => /\.(js|css|svg|json)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const source = fs.readFileSync(file);
      if (source.length < 1024) return;
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      };
      const [br, gz] = await Promise.all([brotli(source, { params }), gzip(source, { level: 9 })]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}

/**
 * Public pages do not hydrate: their one script is the islands bundle, plain TypeScript with no
 * framework (docs/decisions/067). Its hashed name goes to islands.json for the server to link.
 */
async function buildIslands() {
  const result = await build({
    entryPoints: { islands: path.join(root, 'src/web/islands/public.ts') },
    outdir: path.join(root, 'build/web/client/assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'warning',
  });
  const [output] = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
  const script = `/assets/${path.basename(output)}`;
  // What went into it, so that a test can see that no package (React, zod) slipped in.
  const inputs = Object.keys(result.metafile.outputs[output].inputs);
  fs.writeFileSync(path.join(root, 'build/web/islands.json'), JSON.stringify({ script, inputs }, null, 1));
}

/** What the bundler printed at the last build, kept for the test that no build prints a warning. */
export const BUILD_OUTPUT = path.join(root, 'build/build-output.txt');

/** `quiet`: print only warnings and errors (npm start), not the bundler's list of every file. */
export async function buildAll({ quiet = false } = {}) {
  const bundled = spawnSync(bin('react-router'), ['build', ...(quiet ? ['--logLevel', 'warn'] : [])], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = `${bundled.stdout ?? ''}${bundled.stderr ?? ''}`;
  // Build chatter goes to stderr: `npm run bench` keeps stdout for its results.
  process.stderr.write(output);
  if (bundled.status !== 0)
    throw new Error(`react-router build failed (${bundled.status ?? bundled.signal})`);
  fs.mkdirSync(path.dirname(BUILD_OUTPUT), { recursive: true });
  fs.writeFileSync(BUILD_OUTPUT, output);
  // Chunks are named by their content: an earlier build's must not linger beside the new ones.
  const serverOut = path.join(root, 'build/server');
  for (const file of fs.existsSync(serverOut) ? fs.readdirSync(serverOut) : [])
    if (/\.js(\.map)?$/.test(file)) fs.rmSync(path.join(serverOut, file));
  await build({
    // main.js starts opening the embedded database, then loads the rest of the server from a
    // chunk beside it (src/server/main.ts); beside, not in a folder, since modules find their data
    // files (migrations, demo pictures) next to themselves.
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir: serverOut,
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await buildIslands();
  await precompressAssets(path.join(root, 'build/web/client/assets'));
  fs.writeFileSync(
    path.join(root, 'build/web/client/favicon.ico'),
    await faviconIco(path.join(root, 'public/favicon.svg')),
  );
  // Copied folders are replaced, never merged: a renamed or removed migration must not linger in an
  // earlier build and run again beside its new name.
  copyFolder('src/server/db/migrations', 'build/server/migrations');
  // The demo content's pictures, rasterised ahead of time (npm run demo:pictures).
  copyFolder('src/server/modules/demo/demo-pictures', 'build/server/demo-pictures');
  // Data files the server reads beside its own module, as it does from src/ under tsx.
  fs.copyFileSync(
    path.join(root, 'src/server/modules/auth/common-passwords.txt'),
    path.join(root, 'build/server/common-passwords.txt'),
  );
  await buildServiceWorker();
  fs.writeFileSync(path.join(root, 'build/.complete'), new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildAll({ quiet: process.argv.includes('--quiet') });

/** `to` becomes an exact copy of `from` (both relative to the project's root). */
function copyFolder(from, to) {
  fs.rmSync(path.join(root, to), { recursive: true, force: true });
  fs.cpSync(path.join(root, from), path.join(root, to), { recursive: true });
}
