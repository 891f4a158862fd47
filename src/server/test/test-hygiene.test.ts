import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/**
 * Tests own their world (docs/decisions/089-tests-own-their-world.md): they wait on events, not
 * on guessed times, and a missing build fails them instead of skipping them. This reads every
 * test file, and every helper beside the tests, for the two habits that creep back in.
 */

/** The one place that may wait on a timer: the documented waiting helpers. */
const WAITING_HELPER = 'src/server/test/eventually.ts';

/** Test code that may pause for a time, each with the reason it is not a wait for an event. */
const PAUSES_ALLOWED: Record<string, string> = {
  // A second thread polls the server at a steady pace to measure how long answers take while
  // pictures are resized: the pause sets the load it puts on the server, it waits for nothing.
  'src/server/modules/media/upload-limits.test.ts': 'a load generator paces its requests',
};

const SLEEPS: [RegExp, string][] = [
  [/new Promise\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\b/, 'a setTimeout sleep'],
  [/\b(sleep|delay)\(/, 'a sleep() or delay() call'],
  [/\bwaitForTimeout\(/, 'waitForTimeout'],
  [/['"](node:)?timers\/promises['"]/, 'a timers/promises sleep'],
];

const SKIPS_ON_BUILD: [RegExp, string][] = [
  [/\.(skipIf|runIf)\([^)]*\b(build|Build|withPages|site)\b/, 'a test skipped when the build is missing'],
  [/\.skip\([^)]*(existsSync|hasWebBuild|build\/)/, 'a test skipped when the build is missing'],
  [/\bhasWebBuild\(/, 'a test that behaves differently without the build (use requireWebBuild)'],
];

/** Test files and the helpers beside them, as paths from the project root. */
function testCode(): string[] {
  const found: string[] = [];
  const walk = (dir: string, everyFile: boolean) => {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative, everyFile || relative === 'src/server/test');
      } else if (
        /\.(ts|tsx|mts|mjs)$/.test(entry.name) &&
        (everyFile || /\.(test|spec)\./.test(entry.name))
      ) {
        found.push(relative);
      }
    }
  };
  walk('src', false);
  walk('scripts', false);
  walk('tests/e2e', true);
  return found;
}

function offences(file: string, rules: [RegExp, string][]): string[] {
  const lines = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    rules.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${file}:${index + 1}: ${what}`),
  );
}

const files = testCode().filter(
  (file) => file !== WAITING_HELPER && file !== 'src/server/test/test-hygiene.test.ts',
);

describe('test code', () => {
  it('reads the test files of src/, scripts/ and tests/e2e/', () => {
    expect(files).toContain('src/server/test/helpers.ts');
    expect(files.some((file) => file.startsWith('tests/e2e/'))).toBe(true);
    expect(files.some((file) => file.startsWith('scripts/'))).toBe(true);
  });

  it('never sleeps: it waits on the event, with eventually() or a clock (src/server/test/eventually.ts)', () => {
    const found = files.filter((file) => !(file in PAUSES_ALLOWED)).flatMap((file) => offences(file, SLEEPS));
    expect(found).toEqual([]);
  });

  it('pauses only where a pause is the point, and the list of those names no file that no longer does', () => {
    for (const file of Object.keys(PAUSES_ALLOWED)) expect(offences(file, SLEEPS), file).not.toEqual([]);
  });

  it('fails without the build instead of skipping (requireWebBuild in src/server/test/helpers.ts)', () => {
    // requireWebBuild itself asks whether the build is there.
    const checked = files.filter((file) => file !== 'src/server/test/helpers.ts');
    expect(checked.flatMap((file) => offences(file, SKIPS_ON_BUILD))).toEqual([]);
  });
});
