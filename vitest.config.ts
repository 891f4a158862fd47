import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every server test runs against embedded PGlite; with TEST_DATABASE_URL set (CI sets it) the
// database tests run a second time against real PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL;
// Test databases are named after this run so that concurrent runs on one server never collide.
process.env.SITE_TEST_RUN ??= `${process.pid}`;

/**
 * Test files share one module cache per worker (`isolate: false`): importing the app once per
 * worker instead of once per file more than halves the suite's time (decision 105). A file that
 * replaces a module with `vi.mock` would leak its replacement into the files after it, so those
 * run in projects of their own that isolate each file.
 */
const MOCKS_A_MODULE = ['src/server/content/contact-requests.test.ts'];

const project = (name: string, include: string[], env: Record<string, string>) => [
  { extends: true as const, test: { name, include, exclude: MOCKS_A_MODULE, env, isolate: false } },
  { extends: true as const, test: { name: `${name} isolated`, include: MOCKS_A_MODULE, env, isolate: true } },
];

export default defineConfig({
  test: {
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two workers on a 2-core machine: a file's database work and the next file's run overlap.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...project('pglite', ['src/**/*.test.ts', 'scripts/**/*.test.ts'], { TEST_DB: 'pglite' }),
      ...(postgres ? project('postgres', ['src/server/**/*.test.ts'], { TEST_DB: 'postgres' }) : []),
    ],
  },
});
