import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// Each worker runs its own production server on its own fresh embedded database with the demo
// content (the workerSite fixture in tests/e2e/fixtures.ts; docs/decisions/090).
export default defineConfig({
  testDir: 'tests/e2e',
  // Builds the site when it is older than the sources, and seeds the demo site the workers copy.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // A staff screen draws after its page loads and its reads answer, one after the other: with two
  // workers each running a server and a browser on two cores, that took 5-9 s at a load of 15
  // (measured on the dashboard), so waiting 5 s for a screen failed journeys that were right.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
