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
    paths: ['env.ts', 'errors.ts', 'paths.ts', 'types.ts', 'site-lock.mjs', 'http/', 'crypto/'],
  },
  { name: 'db', paths: ['db/'] },
  { name: 'content and plugins', paths: ['content/', 'plugins/'] },
  { name: 'modules', paths: ['modules/', 'backup/', 'local-channel/'] },
  { name: 'app', paths: ['app.ts', 'server.ts', 'main.ts', 'dev.ts', 'cli/', 'test/', 'security/'] },
];

/**
 * `types.ts` declares what Fastify instances and requests carry (the repositories, the mail outbox),
 * so it names types from every floor; its imports are type-only and vanish from the build.
 */
const TYPE_ONLY_HUBS = new Set(['types.ts']);

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

/** Relative imports of a file (static, type-only, re-exports and `import()`), with whether each is type-only. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? Boolean(node.importClause?.isTypeOnly)
        : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((entry) => entry.specifier.startsWith('.'));
}

/** Every import in `src/server` that runs from a lower floor to a higher one. */
function upwardImports(root = SERVER): string[] {
  const upward: string[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = path.resolve(path.dirname(file), specifier);
      const to = path.relative(root, target);
      if (to.startsWith('..')) continue; // shared/: its own boundary is a Biome rule
      if (typeOnly && TYPE_ONLY_HUBS.has(from)) continue;
      const toFile = [to, `${to}.ts`, `${to}.tsx`, path.join(to, 'index.ts')].find(
        (candidate) =>
          fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile(),
      );
      const [fromFloor, toFloor] = [floorOf(from), floorOf(toFile ?? to)];
      if (toFloor > fromFloor)
        upward.push(`${from} (${LAYERS[fromFloor]?.name}) imports ${specifier} (${LAYERS[toFloor]?.name})`);
    }
  }
  return upward;
}

describe('layers of src/server', () => {
  it('no file imports from a floor above its own', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('finds an upward import when one is written', () => {
    const scratch = fs.mkdtempSync(path.join(SERVER, '..', '..', 'node_modules', '.layers-'));
    try {
      fs.mkdirSync(path.join(scratch, 'db'));
      fs.mkdirSync(path.join(scratch, 'modules'));
      fs.writeFileSync(path.join(scratch, 'modules', 'mail.ts'), 'export const send = 1;\n');
      fs.writeFileSync(path.join(scratch, 'db', 'client.ts'), "import { send } from '../modules/mail';\n");
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
