import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './app';
import { requireWebBuild, testDatabaseKind } from './test/helpers';
import { siteStorage, startSite as start } from './test/site-process';

/**
 * A line a newcomer would read as something wrong: a warning from the bundler, React Router, npm or
 * Node, or a log line at warn level or above. Informational lines (the assumed public address) pass.
 */
const WARNING = /\bwarn(ing)?s?\b|EBADENGINE|deprecat|⚠|Rollup|empty chunk|"level":[4-6]0/i;
const warningsIn = (output: string) => output.split('\n').filter((line) => WARNING.test(line));

describe(`npm start on a fresh ${testDatabaseKind} database`, () => {
  it('says one short line per step and a ready line, and warns about nothing', async () => {
    // The build npm start would make, as the test run made it (scripts/test.mjs builds first).
    const build = path.join(PROJECT_ROOT, 'build/build-output.txt');
    requireWebBuild();
    expect(warningsIn(fs.readFileSync(build, 'utf8'))).toEqual([]);
    const storage = await siteStorage();
    try {
      // As a person starts it: info-level logs, pretty at a terminal (the default there).
      const site = await start({ ...storage.env, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
      expect((await fetch(`${site.url}/home`)).status).toBe(200);
      await site.stop();
      const lines = site.output().trim().split('\n');
      expect(warningsIn(site.output())).toEqual([]);
      // A test PostgreSQL database is a copy of a migrated template: there is nothing to create.
      const steps = storage.kind === 'pglite' ? ['Creating the database...'] : [];
      steps.push('Adding demo content (SEED_DEMO=false starts empty)...');
      expect(lines.slice(0, steps.length + 2)).toEqual([
        ...steps,
        expect.stringMatching(/^Site ready at http:\/\/localhost:\d+ .*Ctrl\+C stops it\)$/),
        expect.stringMatching(/^ {2}Claim this site: open http:\/\/\S+\/signup\?code=/),
      ]);
      // No line per request at a terminal.
      expect(site.output()).not.toMatch(/GET \/home|incoming request|"reqId"/);
    } finally {
      await storage.remove();
    }
  }, 120_000);

  it('seeds the demo content, serves it over HTTP, and keeps data across a restart', async () => {
    const storage = await siteStorage();
    const { env } = storage;
    const cleanup = storage.remove;
    try {
      const first = await start(env);
      // Without PUBLIC_URL the ready line says which origin links will name, as information.
      expect(first.output()).toMatch(
        /Public address: http:\/\/127\.0\.0\.1:\d+ \(assumed: PUBLIC_URL is not set/,
      );
      const services = (await (await fetch(`${first.url}/api/service`)).json()) as {
        serviceName: string;
        description: string;
        images: string[];
      }[];
      expect(new Set(services.map((s) => s.serviceName))).toEqual(
        new Set(['refrigerator', 'electric', 'cctv', 'paint', 'air_c_m']),
      );
      for (const s of services) {
        const words = s.description.split(/\s+/).length;
        expect(words).toBeGreaterThanOrEqual(30);
        expect(words).toBeLessThanOrEqual(80);
      }
      const image = await fetch(`${first.url}${services[0]!.images[0]}`);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const counts = await Promise.all(
        ['client', 'department', 'servicecenter', 'aboutus', 'team', 'testimonial', 'gallery'].map(
          async (type) => ((await (await fetch(`${first.url}/api/${type}`)).json()) as unknown[]).length,
        ),
      );
      expect(counts).toEqual([5, 4, 3, 3, 8, 5, 2]);
      const home = await (await fetch(`${first.url}/home`)).text();
      expect(home).toContain(services.length > 0 ? 'Our services' : '');
      // The page's one script (its islands) arrives compressed at build time, brotli for browsers
      // that take it.
      const script = home.match(/\/assets\/islands-[\w-]+\.js/)?.[0];
      expect(script).toBeDefined();
      const brotli = await fetch(`${first.url}${script}`, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(brotli.headers.get('cache-control')).toContain('immutable');
      const stored = fs.statSync(path.join(PROJECT_ROOT, 'build/web/client', `${script}.br`)).size;
      expect(Number(brotli.headers.get('content-length'))).toBe(stored);

      // The common-password list is a data file: the bundle must find it (a 400, not a 500).
      const common = await fetch(`${first.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Owner', username: 'owner', password: 'Baseball' }),
      });
      expect(common.status).toBe(400);
      expect(((await common.json()) as { fields: Record<string, string> }).fields.password).toMatch(
        /too common/,
      );

      // The fresh site prints the link that claims it; the code in it makes the admin.
      const link = /Claim this site: open http:\/\/\S+\/signup\?code=([\w.~-]+)/.exec(first.output());
      expect(link).not.toBeNull();
      // A change survives a restart, and the restart does not seed again.
      const claimed = await fetch(`${first.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Owner',
          username: 'owner',
          password: 'a long passphrase',
          setupCode: link![1],
        }),
      });
      expect(((await claimed.json()) as { role: string }).role).toBe('admin');
      await first.stop();
      const second = await start(env);
      // Once claimed, the banner names only the login.
      expect(second.output()).not.toMatch(/code=|Claim this site/);
      expect(second.output()).toMatch(/Staff area: http:\/\/localhost:\d+\/login/);
      const again = (await (await fetch(`${second.url}/api/service`)).json()) as unknown[];
      expect(again).toHaveLength(services.length);
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner', password: 'a long passphrase' }),
      });
      expect(login.status).toBe(200);
      await second.stop();
    } finally {
      await cleanup();
    }
  }, 240_000);
});
