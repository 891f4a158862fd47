import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/**
 * Where the API's TypeScript types are generated from the served document, as an integrating app
 * would generate them: outside src (the tests that read every source file pass it by), ignored by git, written by the client journey test and by `npm run
 * typecheck` (src/server/test/generate-api-types.ts) before tsc checks that test against them.
 */
export const API_TYPES_FILE = path.resolve(import.meta.dirname, '../../../.generated/api.d.ts');

/** The document the app serves at /api/openapi.json, as any client fetches it. */
export async function servedApiDocument(app: FastifyInstance): Promise<OpenAPI3> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  return res.json();
}

/** Generate the types of `document` into API_TYPES_FILE; rewritten only when they changed. */
export async function writeApiTypes(document: OpenAPI3): Promise<void> {
  const source = `// Generated from /api/openapi.json by openapi-typescript; do not edit.\n${astToString(
    await openapiTS(document),
  )}`;
  if (fs.existsSync(API_TYPES_FILE) && fs.readFileSync(API_TYPES_FILE, 'utf8') === source) return;
  fs.mkdirSync(path.dirname(API_TYPES_FILE), { recursive: true });
  // Both database projects may write at once: each writes its own file and renames it into place.
  const temporary = `${API_TYPES_FILE}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temporary, source);
  fs.renameSync(temporary, API_TYPES_FILE);
}
