import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What `npm ci` installs, everyone who runs or tests the site downloads and unpacks: the budget
 * holds with every feature's dependencies (docs/decisions/080-first-run.md). Tools fetched later
 * into node_modules/.cache (the benchmark's Lighthouse, other Node versions) are not the install.
 */
const BUDGET_MB = 350;

describe('the install', () => {
  it(`fits in ${BUDGET_MB} MB of node_modules`, () => {
    const root = path.resolve(import.meta.dirname, '..');
    const output = execFileSync('du', ['-sm', '--exclude=node_modules/.cache', 'node_modules'], {
      cwd: root,
      encoding: 'utf8',
    });
    const megabytes = Number(output.split('\t')[0]);
    expect(
      megabytes,
      `node_modules holds ${megabytes} MB after npm ci; the budget is ${BUDGET_MB} MB. ` +
        'A tool only one script needs is installed on first use (see scripts/bench-tools.mjs).',
    ).toBeLessThanOrEqual(BUDGET_MB);
  });
});
