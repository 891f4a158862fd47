import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_LINKS } from '../../shared/secret-links';
import { PROJECT_ROOT } from '../app';
import { createTestApp } from '../test/helpers';
import { carriesSecret, isSecretPageUrl } from './secret-urls';

/**
 * The guard of the one list of secret links (src/shared/secret-links.ts): a route or page whose
 * path or query holds something named like a secret is covered by the list, and no code outside
 * the list spells such a link by hand (it builds one with `secretLink`).
 */
const SECRET_NAME = /token|code|secret|key|invit|preview|review/i;
const PARAM = /:([A-Za-z_]\w*)/g;
const { app } = await createTestApp();

const sample = (route: string) => route.replace(PARAM, 'S3cret').replace(/\*$/, 'S3cret');
const secretParams = (route: string) =>
  [...route.matchAll(PARAM)].map((m) => m[1]!).filter((n) => SECRET_NAME.test(n));

function files(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file, keep);
    return keep(file) ? [file] : [];
  });
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const source = (file: string) => /\.(?:ts|tsx|mts|mjs)$/.test(file) && !/\.test\.|\.d\.m?ts$/.test(file);

describe('the list of secret links', () => {
  it('covers every API route whose path holds a parameter named like a secret', () => {
    const routes = app.routeRules.map((rule) => rule.url);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes.filter((url) => secretParams(url).length > 0))
      expect(carriesSecret(sample(route)), route).toBe(true);
  });

  it('covers every API query parameter named like a secret', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const asked = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.values(operations).flatMap((operation) =>
        (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ route, name: p.name })),
      ),
    );
    expect(asked.length).toBeGreaterThan(5);
    for (const { route, name } of asked.filter((query) => SECRET_NAME.test(query.name)))
      expect(carriesSecret(`${route}?${name}=S3cret`), `${route}?${name}=`).toBe(true);
  });

  it('covers every page whose path holds a parameter named like a secret, as a private page', () => {
    const routeFiles = files(path.join(PROJECT_ROOT, 'src/web/routes'), (file) => file.endsWith('routes.ts'));
    const declared = routeFiles.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/route\('([^']*)'/g)].map((m) => `/${m[1]}`),
    );
    expect(declared).toContain('/track/:token');
    for (const page of declared.filter((route) => secretParams(route).length > 0))
      expect(isSecretPageUrl(sample(page)), page).toBe(true);
  });

  it('is where every secret link is spelled: other code builds one with secretLink()', () => {
    const spelled = Object.values(SECRET_LINKS).map((link) =>
      link.secret === 'segment' ? link.path : `${link.path}?${link.secret.query}=`,
    );
    const own = path.join(PROJECT_ROOT, 'src/shared/secret-links.ts');
    const offenders = files(path.join(PROJECT_ROOT, 'src'), source)
      .filter((file) => file !== own)
      .flatMap((file) => {
        // Words may name a link; code may not put a secret into one (`/track/${token}`, `'?token=' + t`).
        const code = fs.readFileSync(file, 'utf8');
        return spelled
          .filter((link) => new RegExp(`${escapeRegExp(link)}(?:\\$\\{|['"\`]\\s*\\+)`).test(code))
          .map((link) => `${path.relative(PROJECT_ROOT, file)}: ${link}`);
      });
    expect(offenders).toEqual([]);
  });
});
