import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { PRIVATE_UMASK } from './private-files.mjs';

/**
 * The server's entry. Opening the embedded database takes most of a restart, about half of it
 * spent waiting for PGlite's WebAssembly to compile and its extension to unpack; it begins here,
 * before the rest of the server (Fastify, React, every route) is loaded, so the two overlap. The
 * build keeps the rest in a chunk of its own, loaded by the `import()` below.
 */
async function main() {
  // Everything this process creates (PGlite writes its own files in DATA_DIR) is its owner's alone;
  // what existed before is tightened when the data folder is taken (private-files.mjs).
  process.umask(PRIVATE_UMASK);
  // React and the libraries below read process.env.NODE_ENV itself, not the parsed environment:
  // unset, they would load their development builds (slower, and with checks meant for a
  // developer). Set before the server's chunk, and with it React, is loaded.
  process.env.NODE_ENV ??= 'production';
  const env = loadEnv();
  const database = env.DATABASE_URL ? undefined : openDatabase({ dataDir: env.DATA_DIR });
  // Awaited by startServer; until then a failure must not count as unhandled.
  database?.catch(() => undefined);
  const { startServer } = await import('./server');
  await startServer({ env, database });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
