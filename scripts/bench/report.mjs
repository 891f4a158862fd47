// The bench's answer: a table with PASS or FAIL against each budget, then every figure as one JSON line.
import os from 'node:os';
import { DRAFTED_SIZE } from './drafts.mjs';
import { ACCEPT_ENCODING, BUDGET, CONNECTIONS, DURATION, INBOX_SIZE, round } from './options.mjs';

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim()}`,
    memoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    date: new Date().toISOString(),
  };
}

export function report(results) {
  const lines = [];
  const mark = (ok) => (ok ? 'PASS' : 'FAIL');
  lines.push(
    `Machine: ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}`,
  );
  lines.push('');
  lines.push(
    `Load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  lines.push(
    `Throughput (${results.loadGenerator}${results.loadGenerator === 'wrk' ? ', 1 thread' : ''}, ${CONNECTIONS} connections, ${DURATION} s, Accept-Encoding: ${ACCEPT_ENCODING}) vs raw node:http sending the same bytes and headers`,
  );
  for (const r of [...(results.pages ?? []), ...(results.api ?? [])]) {
    const budget =
      r.path === '/home' ? BUDGET.homeRatio : r.path.startsWith('/api') ? BUDGET.apiRatio : BUDGET.pageRatio;
    lines.push(
      `  ${mark(r.ratio >= budget)} ${r.path.padEnd(36)} ${String(r.rps).padStart(7)} req/s p99 ${String(r.p99).padStart(4)} ms | raw ${String(r.rawRps).padStart(7)} req/s | ratio ${r.ratio} (≥ ${budget}) | ${r.bytes} B ${r.encoding}`,
    );
    if (r.cpuUs !== null)
      lines.push(
        `       main-thread CPU per request: site ${r.cpuUs} µs, raw ${r.rawCpuUs} µs (raw/site ${round(r.rawCpuUs / r.cpuUs, 2)}); load average ${r.loadAverage}`,
      );
  }
  if (results.contactPost)
    lines.push(
      `       contact POST ${results.contactPost.rps} req/s, p99 ${results.contactPost.p99} ms, ${results.contactPost.non2xx} non-2xx`,
    );
  for (const [label, rows] of [
    ['PGlite', results.inbox],
    ['PostgreSQL', results.postgres?.inbox],
  ]) {
    if (!rows) continue;
    lines.push(`Inbox at ${INBOX_SIZE} messages (${label}), one request at a time`);
    for (const r of rows)
      lines.push(
        `  ${mark(r.p99 <= BUDGET.inboxP99Ms)} ${r.query.padEnd(28)} p50 ${r.p50} ms p99 ${r.p99} ms (${r.totalCount} match; 10 at once: p99 ${r.p99At10} ms, ${r.rpsAt10} req/s)`,
      );
  }
  for (const [label, rows] of [
    ['PGlite', results.drafted],
    ['PostgreSQL', results.postgres?.drafted],
  ]) {
    if (!rows) continue;
    lines.push(`Drafted content at ${DRAFTED_SIZE} services (${label}), staff reads, one request at a time`);
    for (const r of rows)
      lines.push(
        `  ${mark(r.p99 <= BUDGET.draftedP99Ms)} ${r.query.padEnd(28)} p50 ${r.p50} ms p99 ${r.p99} ms (${r.totalCount}; 10 at once: p99 ${r.p99At10} ms, ${r.rpsAt10} req/s)`,
      );
  }
  if (results.browser?.skipped) lines.push(`Browser measurements: ${results.browser.skipped}`);
  if (results.homeWeightKb) {
    const w = results.homeWeightKb;
    lines.push(
      `/home as Chromium loads it on a 390 px phone at 3x, scrolled to the bottom (transferred KB): html ${w.html} css ${w.css} js ${w.js} images ${w.image} fonts ${w.font} other ${w.other}`,
    );
    lines.push(
      `  ${mark(w.js <= BUDGET.homeJsGzipKb)} JavaScript /home ${w.js} KB compressed, ${w.scripts.length} files (≤ ${BUDGET.homeJsGzipKb} KB)`,
    );
    lines.push(
      `  ${mark(w.total <= BUDGET.homeTotalKb)} page weight /home ${w.total} KB (≤ ${BUDGET.homeTotalKb} KB)`,
    );
  }
  if (results.clickToPaint) {
    const c = results.clickToPaint;
    lines.push(
      "Click on Services in the header of /home to the next page's first paint (Chromium, 1280 px, median of 5)",
    );
    lines.push(
      `       with the page's speculation rules (${c.withRules.rulesOnPage} on the page): ${c.withRules.medianMs} ms (${c.withRules.minMs}–${c.withRules.maxMs}; ${c.withRules.modes.join(', ')})`,
    );
    lines.push(
      `       speculation rules taken out:          ${c.withoutRules.medianMs} ms (${c.withoutRules.minMs}–${c.withoutRules.maxMs}; ${c.withoutRules.modes.join(', ')})`,
    );
  }
  if (results.lighthouse?.pages) {
    const l = results.lighthouse;
    lines.push(
      `Lighthouse 12, mobile preset, median of ${l.runs} runs per page (${l.pages.length} pages in ${l.seconds} s, one Chromium)`,
    );
    for (const r of l.pages) {
      if (r.performance === undefined) {
        lines.push(`  FAIL ${r.path.padEnd(28)} Lighthouse failed: ${r.error}`);
        continue;
      }
      const scores = [r.performance, r.accessibility, r.bestPractices, r.seo];
      const failing = Object.values(r.failing).flat();
      lines.push(
        `  ${mark(scores.every((s) => s >= BUDGET.lighthouse))} ${r.path.padEnd(28)} performance ${r.performance} (${r.performanceRange.join('–')}) accessibility ${r.accessibility} best practices ${r.bestPractices} SEO ${r.seo} (each ≥ ${BUDGET.lighthouse})${failing.length ? ` | failing: ${failing.join(', ')}` : ''}${r.failedRuns ? ` | ${r.failedRuns} failed run(s) retried: ${r.error}` : ''}`,
      );
      lines.push(
        `  ${mark(r.lcp <= BUDGET.lcpMs)} ${''.padEnd(28)} LCP ${r.lcp} ms (${r.lcpRange.join('–')}; ≤ ${BUDGET.lcpMs}) FCP ${r.fcp} ms TBT ${r.tbt} ms CLS ${r.cls}`,
      );
    }
  } else if (results.lighthouse) lines.push(`Lighthouse: ${results.lighthouse.skipped}`);
  for (const [label, r] of [
    ['PGlite', results.pglite],
    ['PostgreSQL', results.postgres],
  ]) {
    if (!r || r.skipped) {
      if (r?.skipped) lines.push(`${label}: ${r.skipped}`);
      continue;
    }
    lines.push(
      `${label}: first start (migrate + seed) ${r.firstStartMs} ms; ${mark(r.coldStartMs <= BUDGET.coldStartMs)} cold start ${r.coldStartMs} ms; ${label === 'PGlite' ? mark(r.idleRssMb <= BUDGET.idleRssMb) : '   '} idle RSS ${r.idleRssMb} MB${r.rssAfterLoadMb ? `, after load ${r.rssAfterLoadMb} MB` : ''}`,
    );
  }
  console.log(lines.join('\n'));
  console.log(JSON.stringify(results));
}
