import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One way to reach the database (docs/decisions/086-data-access.md): parameterised SQL through
 * `Database.query`, `exec` and `transaction`, written only in the data-access layer, that is
 * `src/server/db/`, files named `store.ts`, `*-store.ts`, `repository.ts`, `*-repository.ts`, and
 * `src/server/content/table.ts`, which renders a content type's table and indexes from its declaration.
 * Handlers and services call those files' typed functions. No Drizzle, and no `as never` in the
 * server, where it would silence the type of whatever a query answers.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['src/server', 'src/shared'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const keyword = (words: string) => words.replaceAll(' ', '\\s+');
/** SQL in lower or upper case, the way it is written; a sentence ("Select one from…") is neither. */
const sqlPattern = (source: string) => [new RegExp(source), new RegExp(source.toUpperCase())];
const SQL_TEXT = [
  `\\b${keyword('select')}\\b[\\s\\S]+?\\bfrom\\b`,
  `\\b${keyword('insert into')}\\b`,
  `\\bupdate\\s+[a-z_"][\\w"]*\\s+set\\b`,
  `\\b${keyword('delete from')}\\b`,
  `\\bcreate\\s+(unique\\s+)?(table|index)\\b`,
  `\\b${keyword('alter table')}\\b`,
  `\\b${keyword('on conflict')}\\b`,
].flatMap(sqlPattern);

interface Violation {
  file: string;
  line: number;
  rule:
    | 'sql outside the data-access layer'
    | 'query call outside the data-access layer'
    | 'drizzle'
    | 'as never';
  text: string;
}

const isTestFile = (file: string) => /\.test\.[a-z]+$/.test(file) || file.startsWith('src/server/test/');

/**
 * The content engine's table definition: its SQL is the DDL a declaration implies (what
 * `npm run migration:print` prints and table.test.ts compares with the migrated database).
 */
const CONTENT_TABLE_DDL = 'src/server/content/table.ts';

function inDataAccessLayer(file: string): boolean {
  if (file.startsWith('src/server/db/') || file === CONTENT_TABLE_DDL) return true;
  return /(^|-)(store|repository)\.ts$/.test(path.basename(file));
}

/** The text of a string or template literal; a template's placeholders become `$`. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' $ ');
  return null;
}

const isSqlText = (text: string) => SQL_TEXT.some((pattern) => pattern.test(text));

/** Text that may break a rule; anything else is not parsed (the scan stays quick). */
const mayBreakRules = (text: string) =>
  /\.(query|exec)\b|drizzle-orm|as never/.test(text) || SQL_TEXT.some((pattern) => pattern.test(text));

/** Every break of the rules in one file's text. */
function violationsIn(file: string, text: string): Violation[] {
  const found: Violation[] = [];
  if (!mayBreakRules(text)) return found;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const add = (node: ts.Node, rule: Violation['rule']) =>
    found.push({ file, line: at(node), rule, text: node.getText(source).slice(0, 80) });
  const checkSql = !isTestFile(file) && !inDataAccessLayer(file);

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('drizzle-orm')
    )
      add(node, 'drizzle');
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      literalText(node.arguments[0])?.startsWith('drizzle-orm')
    )
      add(node, 'drizzle');
    if (
      file.startsWith('src/server/') &&
      ts.isAsExpression(node) &&
      node.type.kind === ts.SyntaxKind.NeverKeyword
    )
      add(node, 'as never');
    if (checkSql) {
      const literal = literalText(node);
      if (literal !== null && isSqlText(literal)) add(node, 'sql outside the data-access layer');
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const { name, expression: receiver } = node.expression;
        const first = node.arguments[0];
        // `query` is only ever a database's; `exec` is also RegExp's, so only SQL text counts.
        const isQuery = name.text === 'query';
        const isExec =
          name.text === 'exec' &&
          receiver.kind !== ts.SyntaxKind.RegularExpressionLiteral &&
          first !== undefined &&
          literalText(first) !== null;
        if (isQuery || isExec) add(node, 'query call outside the data-access layer');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(): string[] {
  return SCANNED.flatMap((folder) =>
    fs
      .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => SOURCE.test(name))
      .map((name) => path.posix.join(folder, name.split(path.sep).join('/'))),
  );
}

const violationsOf = (file: string) => violationsIn(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('data access', () => {
  it('finds each kind of break in a handler, and none in a store', () => {
    const handler = 'src/server/modules/example/routes.ts';
    const rules = (file: string, text: string) => violationsIn(file, text).map((v) => v.rule);
    expect(rules(handler, "await app.database.query('select id from users where id = $1', [id]);")).toEqual([
      'query call outside the data-access layer',
      'sql outside the data-access layer',
    ]);
    expect(
      rules(handler, 'const text = `insert into mail_outbox (id) values ($1) on conflict do nothing`;'),
    ).toEqual(['sql outside the data-access layer']);
    expect(rules(handler, "await tx.exec('vacuum');")).toEqual(['query call outside the data-access layer']);
    expect(rules(handler, "import { sql } from 'drizzle-orm';")).toEqual(['drizzle']);
    expect(rules(handler, 'const x = y as never;')).toEqual(['as never']);
    expect(
      rules(handler, "const m = /(\\d+)/.exec(out); const s = 'Select a service from the list';"),
    ).toEqual([]);
    expect(
      rules('src/server/modules/example/store.ts', "await db.query('delete from users where id = $1');"),
    ).toEqual([]);
    expect(rules('src/server/db/any.ts', "await db.exec('create table t (id int)');")).toEqual([]);
  });

  it('no SQL, query call, Drizzle import or `as never` outside the data-access layer', () => {
    const found = sourceFiles()
      .flatMap(violationsOf)
      .map((v) => `${v.file}:${v.line} ${v.rule}: ${v.text}`);
    expect(found).toEqual([]);
  });
});
