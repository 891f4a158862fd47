import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB = path.dirname(new URL(import.meta.url).pathname);
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The modules a file loads at run time (type-only imports are erased), static and `import()`. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
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
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of ['', ...SOURCE_EXTENSIONS]) {
    const candidate = base + extension;
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return null;
}

/** Every package a page's code can load in the browser, with the chain of files that brings it in. */
function packagesReachedFrom(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier);
        if (target) walk(target, [...chain, path.relative(WEB, target)]);
      } else if (!packages.has(specifier)) packages.set(specifier, chain);
    }
  };
  for (const entry of entries) walk(entry, [path.relative(WEB, entry)]);
  return packages;
}

const publicPages = [
  path.join(WEB, 'root.tsx'),
  ...fs
    .readdirSync(path.join(WEB, 'routes/public'))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .map((name) => path.join(WEB, 'routes/public', name)),
];

describe('one form mechanism', () => {
  it('sends visitors no zod and no form library: public forms check with plain field rules', () => {
    const reached = packagesReachedFrom(publicPages);
    const heavy = [...reached].filter(([name]) =>
      /^(zod|@conform-to|react-hook-form|formik)(\/|$)/.test(name),
    );
    expect(
      heavy.map(([name, chain]) => `${name} via ${chain.join(' -> ')}`),
      'a public page loads a validation library',
    ).toEqual([]);
  });

  it('every form with its own submit handler runs on useForm', () => {
    const files = fs
      .readdirSync(WEB, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => path.join(WEB, name));
    const handBuilt = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      // Plain forms (search boxes, the logout and subscription buttons) submit without a handler.
      return (
        /<form\b/i.test(text) && /\bonSubmit=\{/.test(text) && !/from '[./]*(lib\/)?use-form'/.test(text)
      );
    });
    expect(
      handBuilt.map((file) => path.relative(WEB, file)),
      'keep values, touched fields and messages in useForm (lib/use-form.ts)',
    ).toEqual([]);
  });
});
