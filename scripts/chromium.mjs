// Debian's Chromium, started the way this machine's closed network needs: no sandbox (root),
// no GPU, and none of the background connections to Google's services. Shared by the browser
// journeys (playwright.config.ts), Lighthouse and the bench.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
