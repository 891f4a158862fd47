// The bench's measurements in Chromium (playwright-core): what /home weighs as a phone loads it,
// and how long a click on a header link takes to paint the next page.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n) => Math.round(n * 10) / 10;

async function withBrowser(fn) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

function kind(type, mime) {
  if (type === 'Document') return 'html';
  if (type === 'Stylesheet') return 'css';
  // Module preloads are fetched as 'Other' or 'Script' depending on the Chromium version.
  if (type === 'Script' || /javascript|ecmascript/.test(mime)) return 'js';
  if (type === 'Image') return 'image';
  if (type === 'Font') return 'font';
  return 'other';
}

/**
 * Bytes on the wire (encoded, headers included) of every response /home causes on a 390 px phone
 * at 3x density: the first load, then every picture that loads lazily while the page is scrolled
 * to the bottom. Answers KB per kind, the total, and the scripts by name.
 */
export async function pageWeight(url) {
  return withBrowser(async (browser) => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map();
    const totals = { html: 0, css: 0, js: 0, image: 0, font: 0, other: 0 };
    const scripts = [];
    cdp.on('Network.responseReceived', (e) =>
      responses.set(e.requestId, { type: e.type, mime: e.response.mimeType, url: e.response.url }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      const r = responses.get(e.requestId);
      if (!r) return;
      const key = kind(r.type, r.mime);
      totals[key] += e.encodedDataLength;
      if (key === 'js')
        scripts.push({ url: new URL(r.url).pathname, kb: round1(e.encodedDataLength / 1024) });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Scroll a screen at a time, so that every lazy picture comes into view and loads.
    for (;;) {
      const atBottom = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      await sleep(150);
      if (atBottom) break;
    }
    await page.waitForLoadState('networkidle');
    await sleep(500);
    const kb = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, round1(v / 1024)]));
    kb.total = round1(Object.values(totals).reduce((a, b) => a + b, 0) / 1024);
    return { ...kb, scripts };
  });
}

// Runs in every document of the page. The click's time is sent to the bench before the document
// goes away; same-document (single-page app) navigations report the first frame after the URL
// changed, since they paint no new document.
const CLICK_PROBE = `(() => {
  document.addEventListener('click', (event) => {
    const from = location.pathname;
    window.__benchReport('click', performance.timeOrigin + event.timeStamp);
    const watch = () => {
      if (location.pathname === from) return requestAnimationFrame(watch);
      requestAnimationFrame(() => setTimeout(() => window.__benchReport('same-document-paint', performance.timeOrigin + performance.now())));
    };
    requestAnimationFrame(watch);
  }, true);
})();`;

/** Take <script type="speculationrules"> out of HTML, and the header that can carry rules too. */
async function withoutSpeculationRules(route) {
  const response = await route.fetch();
  const headers = { ...response.headers() };
  delete headers['speculation-rules'];
  delete headers['content-length'];
  delete headers['content-encoding'];
  const type = headers['content-type'] ?? '';
  if (!type.startsWith('text/html')) return route.fulfill({ response, headers });
  const html = await response.text();
  const body = html.replace(/<script\b[^>]*type=["']?speculationrules["']?[^>]*>[\s\S]*?<\/script>/gi, '');
  return route.fulfill({ response, headers, body });
}

/**
 * One click from `url` on the header link named `linkName`: hover for `hoverMs` (long enough for
 * speculation rules with moderate eagerness, and for a router's prefetch on intent), click, and
 * time the click to the next page's first paint. A new document's paint is its first contentful
 * paint, or for a prerendered page the later of that and its activation; a single-page app's is
 * the first frame after its URL changed.
 */
async function clickOnce(browser, { url, linkName, blockRules, hoverMs }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const events = {};
    await context.exposeBinding('__benchReport', (_source, name, at) => {
      events[name] ??= at;
    });
    await context.addInitScript(CLICK_PROBE);
    if (blockRules) await context.route((u) => u.pathname === new URL(url).pathname, withoutSpeculationRules);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const before = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      rules: document.querySelectorAll('script[type="speculationrules"]').length,
    }));
    const link = page.getByRole('banner').getByRole('link', { name: linkName, exact: true }).first();
    await link.hover();
    await sleep(hoverMs);
    const target = new URL(await link.evaluate((a) => a.href));
    await link.click();
    await page.waitForURL((u) => u.pathname === target.pathname);
    await page.waitForLoadState('load');
    let after;
    for (let i = 0; i < 50; i++) {
      after = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          timeOrigin: performance.timeOrigin,
          fcp: fcp?.startTime ?? null,
          activationStart: nav?.activationStart ?? 0,
          deliveryType: nav?.deliveryType ?? '',
        };
      });
      if (after.timeOrigin === before.timeOrigin || after.fcp !== null) break;
      await sleep(50);
    }
    if (events.click === undefined) throw new Error('the click was not seen by the page');
    let paintAt;
    let mode;
    if (after.timeOrigin === before.timeOrigin) {
      for (let i = 0; i < 50 && events['same-document-paint'] === undefined; i++) await sleep(20);
      paintAt = events['same-document-paint'];
      mode = 'same document';
    } else {
      paintAt = after.timeOrigin + Math.max(after.fcp ?? 0, after.activationStart);
      mode =
        after.activationStart > 0
          ? 'prerendered'
          : after.deliveryType === 'navigational-prefetch'
            ? 'prefetched'
            : 'new document';
    }
    if (paintAt === undefined || (after.fcp === null && mode !== 'same document'))
      throw new Error('no paint of the next page was seen');
    return { ms: paintAt - events.click, mode, rules: before.rules };
  } finally {
    await context.close();
  }
}

/**
 * Click-to-paint from `url` over the header link `linkName`, `runs` times with the page's
 * speculation rules and `runs` times with them taken out. Answers the median of each and the
 * navigation kinds seen.
 */
export async function clickToPaint({ url, linkName = 'Services', runs = 5, hoverMs = 400 }) {
  return withBrowser(async (browser) => {
    const result = {};
    for (const [key, blockRules] of [
      ['withRules', false],
      ['withoutRules', true],
    ]) {
      const samples = [];
      for (let i = 0; i < runs; i++)
        samples.push(await clickOnce(browser, { url, linkName, blockRules, hoverMs }));
      const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
      result[key] = {
        medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
        minMs: Math.round(sorted[0]),
        maxMs: Math.round(sorted.at(-1)),
        modes: [...new Set(samples.map((s) => s.mode))],
        rulesOnPage: samples[0].rules,
      };
    }
    return result;
  });
}
