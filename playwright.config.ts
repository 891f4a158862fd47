import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { E2E_SETUP_CODE } from './tests/e2e/setup-code';

const port = Number(process.env.E2E_PORT ?? 3210);
// Each run starts the production server on a fresh embedded database with the demo content.
const dataDir = path.join(os.tmpdir(), `site-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  // Signs up the first (admin) account on the fresh server and saves its session: see fixtures.ts.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/status`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '1000',
      SUBSCRIBE_RATE_LIMIT: '1000',
      PAGE_POST_RATE_LIMIT: '1000',
      SIGNUP_MAX_PER_IP: '1000',
      // Global setup claims the fresh site with this code (the claim journey reads its own from stdout).
      SETUP_CODE: E2E_SETUP_CODE,
      // As in the unit tests: on a busy CI machine the first cold page took over 500 ms of event
      // loop and was shed with a 503, which the journeys' error check rightly reports. Load
      // shedding has its own test (src/server/plugins/load-shedding.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
