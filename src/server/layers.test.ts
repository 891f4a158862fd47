import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.dirname(fileURLToPath(import.meta.url));

/**
 * The floors of `src/server`, lowest first. A file may import from its own floor and the floors
 * below, never from above: the database knows nothing of HTTP, the content mechanism nothing of
 * the modules built on it, and only the application wires everything together. A path not listed
 * here fails the test until it is given a floor.
 */
const LAYERS: { name: string; paths: string[] }[] = [
  {
    name: 'foundation',
    paths: ['env.ts', 'errors.ts', 'paths.ts', 'site-lock.mjs', 'private-files.mjs', 'http/', 'crypto/'],
  },
  { name: 'db', paths: ['db/'] },
  { name: 'content and plugins', paths: ['content/', 'plugins/'] },
  { name: 'modules', paths: ['modules/', 'backup/', 'local-channel/'] },
  {
    name: 'app',
    paths: ['app.ts', 'wiring/', 'server.ts', 'main.ts', 'dev.ts', 'cli/', 'test/', 'security/'],
  },
];

/**
 * The upward imports that remain, each with its reason. Type-only imports count like any other:
 * a type names the floor it comes from as surely as a value does.
 */
const ALLOWED_UPWARD = new Set<string>([]);

function floorOf(relative: string): number {
  const floor = LAYERS.findIndex((layer) =>
    layer.paths.some((p) => (p.endsWith('/') ? relative.startsWith(p) : relative === p)),
  );
  if (floor < 0) throw new Error(`src/server/${relative} is on no floor: add it to LAYERS in layers.test.ts`);
  return floor;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const isSource = /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.d\.mts$/.test(entry.name);
    return isSource && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Relative imports of a file: static, type-only, re-exports, `import()` and `import('…').Type`. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

interface ImportEdge {
  from: string;
  specifier: string;
  /** The imported file relative to the root, or the bare path when no file matches. */
  to: string;
}

/** Every relative import inside `root`, resolved to the file it names (shared/ is left out: a Biome rule guards it). */
function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    for (const specifier of importsOf(file)) {
      const to = path.relative(root, path.resolve(path.dirname(file), specifier));
      if (to.startsWith('..')) continue;
      const toFile = [to, `${to}.ts`, `${to}.tsx`, path.join(to, 'index.ts')].find(
        (candidate) =>
          fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile(),
      );
      edges.push({ from, specifier, to: toFile ?? to });
    }
  }
  return edges;
}

/** Every import in `src/server` that runs from a lower floor to a higher one. */
function upwardImports(root = SERVER): string[] {
  const upward: string[] = [];
  for (const { from, specifier, to } of importGraph(root)) {
    const [fromFloor, toFloor] = [floorOf(from), floorOf(to)];
    if (toFloor > fromFloor)
      upward.push(`${from} (${LAYERS[fromFloor]?.name}) imports ${specifier} (${LAYERS[toFloor]?.name})`);
  }
  return upward;
}

/**
 * The import circles of `src/server`, type-only imports included: each strongly connected group of
 * files (Tarjan's algorithm), written as one path around it, sorted so the answer is stable.
 */
function importCircles(root = SERVER): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of importGraph(root)) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const importsItself = (next.get(file) ?? []).includes(file);
    if (group.length > 1 || importsItself) groups.push(group.sort());
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => group.join(' <-> ')).sort();
}

describe('layers of src/server', () => {
  it('no file imports from a floor above its own, type-only imports included, but the listed few', () => {
    expect(upwardImports().filter((edge) => !ALLOWED_UPWARD.has(edge))).toEqual([]);
    expect(ALLOWED_UPWARD.size).toBeLessThanOrEqual(2);
  });

  it('no import circle, type-only imports included', () => {
    expect(importCircles()).toEqual([]);
  });

  it('finds an import circle, however long and whatever kind its imports are', () => {
    const scratch = fs.mkdtempSync(path.join(SERVER, '..', '..', 'node_modules', '.layers-'));
    try {
      fs.mkdirSync(path.join(scratch, 'db'));
      fs.writeFileSync(
        path.join(scratch, 'db', 'a.ts'),
        "import type { B } from './b';\nexport type A = B;\n",
      );
      fs.writeFileSync(path.join(scratch, 'db', 'b.ts'), "export type { C as B } from './c';\n");
      fs.writeFileSync(path.join(scratch, 'db', 'c.ts'), "export type C = import('./a').A | 1;\n");
      fs.writeFileSync(path.join(scratch, 'db', 'd.ts'), "import './a';\n");
      expect(importCircles(scratch)).toEqual(['db/a.ts <-> db/b.ts <-> db/c.ts']);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('finds an upward import when one is written', () => {
    const scratch = fs.mkdtempSync(path.join(SERVER, '..', '..', 'node_modules', '.layers-'));
    try {
      fs.mkdirSync(path.join(scratch, 'db'));
      fs.mkdirSync(path.join(scratch, 'modules'));
      fs.writeFileSync(path.join(scratch, 'modules', 'mail.ts'), 'export const send = 1;\n');
      fs.writeFileSync(
        path.join(scratch, 'db', 'client.ts'),
        "import type { send } from '../modules/mail';\n",
      );
      expect(upwardImports(scratch)).toEqual(['db/client.ts (db) imports ../modules/mail (modules)']);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});

/**
 * Route files that still run SQL themselves: the health probe's `select 1`, and the audit log,
 * whose store shares a file with its route (being reworked with the write transaction). The list
 * may shrink, never grow: a handler calls a repository.
 */
const ROUTES_WITH_SQL = new Set(['modules/status.ts', 'modules/audit/audit.ts']);
const REGISTERS_ROUTE = /\bapp\.(get|post|put|patch|delete|route)\(/;
const RUNS_SQL = /\b(database|db|tx)\.(query|exec|execute)\b|\bsql`/;

describe('route handlers', () => {
  it('write no SQL: the files that register routes leave it to repositories', () => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return REGISTERS_ROUTE.test(text) && RUNS_SQL.test(text);
      })
      .map((file) => path.relative(SERVER, file))
      .filter((file) => !ROUTES_WITH_SQL.has(file));
    expect(offenders).toEqual([]);
  });
});
