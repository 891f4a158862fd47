import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The keys of the configuration schema, read from its source: each is a line `  NAME: z…` in env.ts. */
function variablesTheServerReads(): string[] {
  const source = fs.readFileSync(path.join(root, 'src/server/env.ts'), 'utf8');
  const schema = source.slice(source.indexOf('const schema = z.object({'));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string);
}

/** The variables named in the first column of the README's configuration table. */
function variablesTheReadmeDocuments(): Set<string> {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const firstCells = [...table.matchAll(/^\| ([^|]+) \|/gm)].map((match) => match[1] as string);
  return new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string)),
  );
}

describe("the README's configuration table", () => {
  it('documents every environment variable the server reads at start', () => {
    const read = variablesTheServerReads();
    expect(read.length).toBeGreaterThan(30);
    const documented = variablesTheReadmeDocuments();
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });
});
