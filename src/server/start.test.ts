import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './app';
import { createTestDatabase, testDatabaseKind } from './test/helpers';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Start the site exactly as `npm start` does and wait for its "ready" line. */
function start(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/start.mjs')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Site ready at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!.replace('localhost', '127.0.0.1'),
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe(`npm start on a fresh ${testDatabaseKind} database`, () => {
  it('seeds the demo content, serves it over HTTP, and keeps data across a restart', async () => {
    let env: Record<string, string>;
    let cleanup = async () => {};
    if (testDatabaseKind === 'postgres') {
      const db = await createTestDatabase();
      await db.database.close();
      env = { DATABASE_URL: db.url! };
      cleanup = db.drop;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-start-'));
      env = { DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    try {
      const first = await start(env);
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
      expect(counts).toEqual([5, 4, 3, 3, 3, 5, 2]);
      const home = await (await fetch(`${first.url}/home`)).text();
      expect(home).toContain(services.length > 0 ? 'OUR SERVICES' : '');

      // A change survives a restart, and the restart does not seed again.
      await fetch(`${first.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Owner', username: 'owner', password: 'a long passphrase' }),
      });
      await first.stop();
      const second = await start(env);
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
