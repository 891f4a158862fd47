import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app';
import { createTestDatabase } from '../test/helpers';

/**
 * Two guards of decision 010. "One canonical form for every identity": a username or an e-mail
 * address is folded by `canonicalIdentity` (src/shared/identity.ts) and by nothing else, neither
 * SQL's lower() nor a string's own toLowerCase(). "Budgets are spent before a secret is checked":
 * every password or code check runs after a hit on its budget in the same request.
 */

const SERVER = path.join(PROJECT_ROOT, 'src/server');
const MIGRATIONS = path.join(SERVER, 'db/migrations');
/** The migration that replaced the SQL folds of identities; earlier files are history. */
const CANONICAL_SINCE = '0830';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(?:ts|mts)$/.test(entry.name) && !/\.test\.|\.d\.m?ts$/.test(entry.name) ? [file] : [];
  });
}

const parse = (file: string) =>
  ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const relative = (file: string) => path.relative(PROJECT_ROOT, file);
const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  `${relative(source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** SQL that folds an identity column in the database. */
const SQL_FOLD = /\b(?:lower|upper|normalize)\s*\(\s*(?:"?\w+"?\.)?"?(?:username|e?mail|new_email)/i;
/** Receivers whose own case mapping would be an identity folded outside the one function. */
const IDENTITY_NAME = /user(?:name)?|e-?mail|address|login|account|identity/i;
const CASE_MAPPINGS = new Set(['toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase']);
/** Case mappings in auth code that fold no identity, each with its reason. */
const NOT_IDENTITIES: Record<string, string> = {
  'src/server/modules/auth/common-passwords.ts': 'a password against the list of common ones',
  'src/server/modules/auth/two-factor.ts': 'a recovery code as typed, dashes and case ignored',
  'src/server/http/client-network.ts': "an IPv6 client address's hex digits",
};
const AUTH_CODE = ['src/server/modules/auth/', 'src/server/modules/users/', 'src/server/modules/api-keys/'];

describe('one canonical form for every identity', () => {
  it('leaves no SQL fold of a username or an address in the server or in a migration since the canonical columns', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const source = parse(file);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
          if (SQL_FOLD.test(node.getText(source))) found.push(lineOf(source, node));
        } else ts.forEachChild(node, visit);
      };
      visit(source);
    }
    for (const name of fs.readdirSync(MIGRATIONS).filter((n) => n >= CANONICAL_SINCE))
      fs.readFileSync(path.join(MIGRATIONS, name), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!line.trimStart().startsWith('--') && SQL_FOLD.test(line)) found.push(`${name}:${i + 1}`);
        });
    expect(found).toEqual([]);
  });

  it('folds no identity with a case mapping of its own, and none at all in the account code', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const source = parse(file);
      const name = relative(file);
      if (NOT_IDENTITIES[name]) continue;
      const inAuth = AUTH_CODE.some((dir) => name.startsWith(dir));
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          CASE_MAPPINGS.has(node.expression.name.text) &&
          (inAuth || IDENTITY_NAME.test(node.expression.expression.getText(source)))
        )
          found.push(lineOf(source, node));
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });

  it('keeps no index on accounts that folds in SQL', async () => {
    const { database, drop } = await createTestDatabase();
    afterAll(drop);
    const indexes = await database.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename in ('users', 'email_changes')`,
    );
    expect(indexes.filter((i) => /\b(?:lower|upper)\s*\(/i.test(i.indexdef))).toEqual([]);
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/unique index users_username_canonical/i);
  });
});

/** What checks a secret someone could guess: a password, a sign-in code, the setup code. */
const SECRET_CHECKS = new Set(['verifyPassword', 'checkCode', 'confirmSetup', 'sameCode']);
/** What spends from a budget first. */
const BUDGET_SPENDS = new Set(['hit', 'countGuess', 'confirmCurrentPassword']);
/** Checks whose budget is spent elsewhere, before the handler runs, each with its reason. */
const SPENT_BEFORE_THE_HANDLER: Record<string, string> = {
  'src/server/modules/auth/setup-code.ts':
    'the setup code is checked in sign-up, whose per-address write limit is counted before its handler',
};

/** A node whose inside runs only on some paths: a spend there does not cover a check outside it. */
const isBranch = (node: ts.Node) =>
  ts.isIfStatement(node) ||
  ts.isConditionalExpression(node) ||
  ts.isIterationStatement(node, false) ||
  ts.isCatchClause(node) ||
  ts.isCaseClause(node) ||
  (ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
    ].includes(node.operatorToken.kind));

const calleeName = (call: ts.CallExpression) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : '';

describe('budgets are spent before a secret is checked', () => {
  it('has every password and code check come after a hit on its budget, on every path to it', () => {
    const unguarded: string[] = [];
    let checks = 0;
    for (const file of sourceFiles(SERVER)) {
      if (SPENT_BEFORE_THE_HANDLER[relative(file)]) continue;
      const source = parse(file);
      /** A spend on every path to `check`: before it, and in no branch that `check` is not in. */
      const spendsBefore = (fn: ts.Node, check: ts.Node) => {
        const onEveryPath = (spend: ts.Node) => {
          for (let up = spend.parent; up !== fn; up = up.parent)
            if (isBranch(up) && !(up.pos <= check.pos && check.end <= up.end)) return false;
          return true;
        };
        let spent = false;
        const visit = (node: ts.Node) => {
          if (spent || node.getStart() >= check.getStart()) return;
          if (ts.isCallExpression(node) && BUDGET_SPENDS.has(calleeName(node)) && onEveryPath(node))
            spent = true;
          ts.forEachChild(node, visit);
        };
        visit(fn);
        return spent;
      };
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && SECRET_CHECKS.has(calleeName(node))) {
          checks++;
          let guarded = false;
          for (let up: ts.Node | undefined = node.parent; up && !guarded; up = up.parent)
            if (ts.isFunctionLike(up)) guarded = spendsBefore(up, node);
          if (!guarded) unguarded.push(lineOf(source, node));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(unguarded).toEqual([]);
    // The guard sees the checks it is about (login, current password, the 2FA routes).
    expect(checks).toBeGreaterThanOrEqual(6);
  });

  it('offers no way to read a budget without spending from it', async () => {
    const { createRateLimiter } = await import('../plugins/rate-limiter');
    const { database, drop } = await createTestDatabase();
    afterAll(drop);
    const limiter = createRateLimiter(database, { bucket: 'guard', max: 1, windowMs: 60_000 });
    expect(Object.keys(limiter).sort()).toEqual(['forgive', 'hit', 'reset']);
  });
});
