// `npm run typecheck` runs this first: the client journey test is checked against types generated
// from the document the server serves now, on a clean clone too.
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { API_TYPES_FILE, servedApiDocument, writeApiTypes } from './api-types';

const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent' }),
  database,
  logger: false,
  ssr: false,
});
try {
  await writeApiTypes(await servedApiDocument(app));
  console.info(`API types written to ${API_TYPES_FILE}`);
} finally {
  await app.close();
  await database.close();
}
