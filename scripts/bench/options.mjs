// What one bench run measures and against which budgets: read once from the command line and the
// environment, shared by every part of the bench.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../chromium.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const argv = new Set(process.argv.slice(2));
export const DURATION = argv.has('--quick') ? 3 : 10;
export const PUBLIC_ONLY = argv.has('--public-only');
export const CONNECTIONS = 50;
// What Chromium sends. The site answers it with its stored brotli copy; the raw server sends
// those same compressed bytes with the same headers, so both put identical bytes on the wire.
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const LIGHTHOUSE_RUNS = 3;
export const INBOX_SIZE = Number(process.env.BENCH_INBOX_SIZE ?? 100_000);
export const CHROMIUM = CHROMIUM_PATH;
export const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
export const BUDGET = {
  homeRatio: 0.8,
  pageRatio: 0.5,
  apiRatio: 0.5,
  inboxP99Ms: 30,
  /** A page of drafted content with each record's status, and a record's 50 versions (decision 109). */
  draftedP99Ms: 30,
  lighthouse: 100,
  lcpMs: 1200,
  homeTotalKb: 300,
  homeJsGzipKb: 25,
  coldStartMs: 3000,
  idleRssMb: 250,
};
// The benchmark claims its fresh site with this code instead of reading it from the banner.
export const BENCH_SETUP_CODE = 'bench-setup-code-0123456789';

export const log = (...parts) => console.error('›', ...parts);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function round(n, digits = 0) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
