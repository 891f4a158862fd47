// The public pages a bench run measures, and Lighthouse on each of them.
import fs from 'node:fs';
import path from 'node:path';
import { argv, CHROMIUM, LIGHTHOUSE_RUNS, log, root, round } from './options.mjs';

/** Lighthouse on every public page, `LIGHTHOUSE_RUNS` times each, in one Chromium. */
export async function lighthouse(site, pages) {
  const modulePath = path.join(root, 'scripts/lighthouse.mjs');
  if (!fs.existsSync(modulePath)) return { skipped: 'scripts/lighthouse.mjs not present' };
  const { auditPages } = await import(modulePath);
  const started = performance.now();
  const rows = await auditPages({
    urls: pages.map((p) => site.base + p),
    runs: LIGHTHOUSE_RUNS,
    chromePath: CHROMIUM,
    onRun: (url, r) =>
      log(`lighthouse ${new URL(url).pathname}: performance ${r.performance}, LCP ${r.lcp} ms`),
  });
  const seconds = round((performance.now() - started) / 1000, 1);
  log(`lighthouse: ${pages.length} pages × ${LIGHTHOUSE_RUNS} runs in ${seconds} s`);
  return {
    seconds,
    runs: LIGHTHOUSE_RUNS,
    pages: rows.map(({ url, ...r }) => ({ path: new URL(url).pathname, ...r })),
  };
}

/**
 * Every public page: the fixed pages as the sitemap lists them (it reads the one list of them,
 * src/shared/seo/public-pages.ts), and the first record page of each kind it lists (a service, a
 * center, a project), each after its list page.
 */
export async function publicPages(site) {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // Every page of its own, and one record page of each kind (a service, a center, a project):
  // records of one kind share one template, so a second one measures nothing new.
  const kinds = new Set();
  return paths.filter((p) => {
    const kind = p.split('/')[1];
    if (p.split('/').length <= 2) return true;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}

/** Why the browser measurements cannot run here, or null when they can. */
export function browserMissing() {
  if (argv.has('--no-lighthouse')) return 'skipped (--no-lighthouse)';
  if (!fs.existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`;
  return null;
}
