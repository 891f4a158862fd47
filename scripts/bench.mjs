// `npm run bench`: build, start the production server on fresh databases with the demo content,
// and measure it against the physical limit in one run. Prints a table and one JSON line.
// The parts live in scripts/bench/: options and budgets, the processes it starts, the load against
// a raw server, the public pages and Lighthouse, the inbox at scale, and the report.
//
//   npm run bench                      everything (about 6 minutes on 2 cores)
//   npm run bench -- --quick           3 s per load test instead of 10
//   npm run bench -- --no-lighthouse   skip the browser audits
//   npm run bench -- --no-postgres     skip the PostgreSQL rows
//   npm run bench -- --public-only     only the public-page budgets (issue 13): throughput of the
//                                      public pages, page weight, Lighthouse, click-to-paint
//   npm run bench -- --help            print these lines and measure nothing
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickToPaint, pageWeight } from './bench/browser.mjs';
import { DRAFTED_SIZE, drafted, fillDrafted } from './bench/drafts.mjs';
import { fillInbox, inbox } from './bench/inbox.mjs';
import { GENERATOR } from './bench/load-generator.mjs';
import { argv, BUDGET, INBOX_SIZE, log, PUBLIC_ONLY, round } from './bench/options.mjs';
import { browserMissing, lighthouse, publicPages } from './bench/pages.mjs';
import { lifecycle, rssMb, startSite, stopSite, withPostgresDatabase } from './bench/processes.mjs';
import { machine, report } from './bench/report.mjs';
import { load, versusRaw } from './bench/versus-raw.mjs';

if (argv.has('--help')) {
  // The usage is the comment at the top of this file, so that the two never disagree.
  const source = fs.readFileSync(new URL(import.meta.url), 'utf8');
  const usage = source.split('\n').filter((line) => line.startsWith('//   '));
  console.log(usage.map((line) => line.slice(5)).join('\n'));
  process.exit(0);
}

const results = { machine: machine(), budgets: BUDGET };

async function main() {
  log('building');
  // Lighthouse is installed on first use: before anything is timed, not between two measurements.
  if (!browserMissing()) (await import('./bench-tools.mjs')).ensureBenchTools({ log });
  const { buildAll } = await import('./build.mjs');
  await buildAll();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  try {
    // Embedded PGlite: the laptop case, and the one every budget is set on.
    const { site, ...start } = await lifecycle('pglite', { DATA_DIR: dataDir });
    results.pglite = start;
    try {
      const pages = await publicPages(site);
      results.loadGenerator = GENERATOR;
      log(`load generator: ${GENERATOR}`);
      results.pages = await versusRaw(
        site,
        pages.filter((p) => p === '/home' || p.startsWith('/services')),
      );
      if (!PUBLIC_ONLY) results.api = await versusRaw(site, ['/api/service', '/api/client']);
      const missing = browserMissing();
      if (missing) results.browser = { skipped: missing };
      else {
        results.homeWeightKb = await pageWeight(`${site.base}/home`);
        log(`/home weight: ${JSON.stringify(results.homeWeightKb)}`);
        results.clickToPaint = await clickToPaint({ url: `${site.base}/home`, linkName: 'Services' });
        log(`click to paint: ${JSON.stringify(results.clickToPaint)}`);
        results.lighthouse = await lighthouse(site, pages);
      }
      if (PUBLIC_ONLY) return;
      const contact = await load(`${site.base}/api/contactus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Visitor',
          email: 'visitor@example.com',
          phone: '03001234567',
          message: 'Please call me about a service visit.',
        }),
      });
      results.contactPost = {
        rps: contact.rps,
        p99: contact.p99,
        non2xx: contact.non2xx,
        requests: contact.requests,
      };
      log(`contact POST: ${contact.rps} req/s, ${contact.non2xx} non-2xx`);
      results.pglite.rssAfterLoadMb = round(rssMb(site.child.pid));
    } finally {
      await stopSite(site);
    }
    log(`filling the embedded inbox with ${INBOX_SIZE} messages`);
    await fillInbox({ dataDir }, INBOX_SIZE);
    const inboxSite = await startSite({ env: { DATA_DIR: dataDir } });
    try {
      results.inbox = await inbox(inboxSite);
    } finally {
      await stopSite(inboxSite);
    }
    log(`filling the embedded site with ${DRAFTED_SIZE} drafted services`);
    await fillDrafted({ dataDir }, DRAFTED_SIZE);
    const draftedSite = await startSite({ env: { DATA_DIR: dataDir } });
    try {
      results.drafted = await drafted(draftedSite);
    } finally {
      await stopSite(draftedSite);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (!argv.has('--no-postgres') && !PUBLIC_ONLY) {
    results.postgres = await withPostgresDatabase(async (url) => {
      const { site, ...start } = await lifecycle('postgres', { DATABASE_URL: url });
      await stopSite(site);
      log(`filling the PostgreSQL inbox with ${INBOX_SIZE} messages`);
      await fillInbox({ url }, INBOX_SIZE);
      const inboxSite = await startSite({ env: { DATABASE_URL: url } });
      let inboxRows;
      try {
        inboxRows = await inbox(inboxSite);
      } finally {
        await stopSite(inboxSite);
      }
      log(`filling PostgreSQL with ${DRAFTED_SIZE} drafted services`);
      await fillDrafted({ url }, DRAFTED_SIZE);
      const draftedSite = await startSite({ env: { DATABASE_URL: url } });
      try {
        return { ...start, inbox: inboxRows, drafted: await drafted(draftedSite) };
      } finally {
        await stopSite(draftedSite);
      }
    });
  }
}

await main();
report(results);
