import { defineConfig } from 'vitest/config';

// Every server test runs against embedded PGlite; with TEST_DATABASE_URL set (CI sets it) the
// database tests run a second time against real PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL;
// Test databases are named after this run so that concurrent runs on one server never collide.
process.env.SITE_TEST_RUN ??= `${process.pid}`;

export default defineConfig({
  test: {
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: ['src/server/**/*.test.ts'], env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
