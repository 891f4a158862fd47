// Lighthouse (mobile preset) against a running site, in Debian's Chromium.
//   node scripts/lighthouse.mjs http://127.0.0.1:3000/home [more urls...]
// `npm run bench` imports auditPages() from here: one Chromium for every page and run.
import { fileURLToPath } from 'node:url';
import { importBenchTool } from './bench-tools.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

// Not in the site's install: the pinned versions are installed on first use (scripts/bench-tools.mjs).
const chromeLauncher = await importBenchTool('chrome-launcher');
const { default: lighthouse } = await importBenchTool('lighthouse');

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

/** What one audit run answers: the four category scores, the core timings, what failed. */
function summarise(lhr) {
  // A run that could not load or trace the page scores 0; that is a failed run, not a figure.
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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
}

// Lighthouse's default settings are the mobile preset with simulated throttling. The screenshots
// feed no score and cost about a second a run; leaving them out keeps every scored audit.
const FLAGS = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  disableFullPageScreenshot: true,
  skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
};

async function withChromium(chromePath, fn) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    return await fn(chrome.port);
  } finally {
    await chrome.kill();
  }
}

/** Audit one page once with Lighthouse's default (mobile, simulated throttling) settings. */
export async function runLighthouse({ url, chromePath = CHROMIUM_PATH }) {
  return withChromium(chromePath, async (port) => summarise((await lighthouse(url, { ...FLAGS, port })).lhr));
}

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function range(values) {
  const numbers = values.filter((v) => typeof v === 'number');
  return numbers.length ? [Math.min(...numbers), Math.max(...numbers)] : [null, null];
}

/**
 * Audit every page `runs` times, one page after another in one Chromium (Lighthouse opens a
 * fresh tab and clears the cache each run). Answers, per page, the median of each figure, the
 * runs themselves, and the audits that failed in any run.
 */
export async function auditPages({ urls, runs = 3, chromePath = CHROMIUM_PATH, onRun = () => {} }) {
  return withChromium(chromePath, async (port) => {
    const pages = [];
    for (const url of urls) {
      const all = [];
      let error = null;
      let failedRuns = 0;
      // A failed run (a busy machine can time a trace out) is retried, twice at most per page.
      for (let attempt = 0; all.length < runs && attempt < runs + 2; attempt++) {
        try {
          const run = summarise((await lighthouse(url, { ...FLAGS, port })).lhr);
          all.push(run);
          onRun(url, run);
        } catch (e) {
          error = e.message;
          failedRuns++;
        }
      }
      if (all.length === 0) {
        pages.push({ url, error });
        continue;
      }
      const pick = (key) => median(all.map((r) => r[key]));
      const failing = {};
      for (const category of Object.keys(all[0].failing))
        failing[category] = [...new Set(all.flatMap((r) => r.failing[category]))];
      pages.push({
        url,
        runs: all.length,
        failedRuns,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcp: pick('lcp'),
        fcp: pick('fcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        performanceRange: range(all.map((r) => r.performance)),
        lcpRange: range(all.map((r) => r.lcp)),
        failing,
        ...(error ? { error } : {}),
      });
    }
    return pages;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    console.error('Usage: node scripts/lighthouse.mjs <url> [url...]');
    process.exit(2);
  }
  for (const url of urls) console.log(JSON.stringify({ url, ...(await runLighthouse({ url })) }, null, 2));
}
