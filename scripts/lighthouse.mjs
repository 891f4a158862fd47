// Lighthouse (mobile preset) against a running site, in Debian's Chromium.
//   node scripts/lighthouse.mjs http://127.0.0.1:3000/home [more urls...]
// `npm run bench` imports runLighthouse() from here.
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** An audit's measured value, or null when Lighthouse could not measure it in this run. */
function metric(lhr, id, digits = 0) {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? Number(value.toFixed(digits)) : null;
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

/** Bytes transferred per resource type, from Lighthouse's network records. */
function transferByType(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = {};
  for (const item of items) bytes[item.resourceType] = item.transferSize;
  return bytes;
}

/**
 * Audit one page with Lighthouse's default (mobile, simulated throttling) settings.
 * Answers the four category scores, the core timings and what the page transferred.
 */
export async function runLighthouse({ url, chromePath = CHROMIUM_PATH }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result.lhr;
    const failed = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories['best-practices']),
      seo: score(lhr.categories.seo),
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift', 3),
      fcp: metric(lhr, 'first-contentful-paint'),
      transfer: transferByType(lhr),
      failing: {
        performance: failed('performance'),
        accessibility: failed('accessibility'),
        bestPractices: failed('best-practices'),
        seo: failed('seo'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    console.error('Usage: node scripts/lighthouse.mjs <url> [url...]');
    process.exit(2);
  }
  for (const url of urls) console.log(JSON.stringify({ url, ...(await runLighthouse({ url })) }, null, 2));
}
