import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventually } from './test/eventually';
import { testDatabaseKind } from './test/helpers';
import { type SiteProcess, setupCodeIn, siteStorage, startSite } from './test/site-process';

const contact = (name: string) => ({
  name,
  email: 'load@example.com',
  phone: '03001234567',
  message: `Message body of ${name}`,
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function staffToken(site: SiteProcess) {
  const { url } = site;
  await post(`${url}/api/auth/signup`, {
    name: 'Owner',
    username: 'owner',
    password: 'a long passphrase',
    setupCode: setupCodeIn(site.output()),
  });
  const res = await post(`${url}/api/auth/login`, { username: 'owner', password: 'a long passphrase' });
  return ((await res.json()) as { token: string }).token;
}

/** Every stored message (spam included), read through the staff API. */
async function inbox(url: string, token: string) {
  const all: { _id: string; name: string; email: string; phone: string; message: string; status: string }[] =
    [];
  for (const spam of ['false', 'true']) {
    for (let page = 1; ; page++) {
      const res = await fetch(`${url}/api/contactus?pageSize=100&page=${page}&spam=${spam}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: typeof all };
      all.push(...body.data);
      if (body.data.length < 100) break;
    }
  }
  return all;
}

describe(`crash safety on ${testDatabaseKind}`, () => {
  it('every acknowledged message survives a SIGKILL mid-stream, and the database opens cleanly', async () => {
    const storage = await siteStorage();
    try {
      const env = { ...storage.env, CONTACT_RATE_LIMIT: '0', SEED_DEMO: 'false' };
      const site = await startSite(env);
      const token = await staffToken(site);
      const acknowledged: string[] = [];
      let failed = 0;
      let n = 0;
      let killed = false;
      const client = async () => {
        while (!killed) {
          const name = `Crash ${++n}`;
          try {
            const res = await post(`${site.url}/api/contactus`, contact(name));
            if (res.status === 201) acknowledged.push(name);
            else failed++;
          } catch {
            failed++;
          }
        }
      };
      const clients = Array.from({ length: 10 }, client);
      await eventually(() => acknowledged.length >= 150, { timeout: 60_000, interval: 10 });
      await site.kill();
      killed = true;
      await Promise.all(clients);

      const again = await startSite(env);
      const status = await fetch(`${again.url}/api/status`);
      expect(status.status).toBe(200);
      const stored = await inbox(again.url, token);
      const names = new Set(stored.map((m) => m.name));
      const missing = acknowledged.filter((name) => !names.has(name));
      console.info(
        `crash (${testDatabaseKind}): ${acknowledged.length} acknowledged before SIGKILL, ${failed} cut off in flight, ` +
          `${stored.length} stored after restart, ${missing.length} acknowledged but missing`,
      );
      expect(missing).toEqual([]);
      // Nothing half-written: every stored message is whole.
      for (const m of stored) expect(m).toMatchObject({ ...contact(m.name), status: 'Pending' });
      // The restarted site takes new messages.
      expect((await post(`${again.url}/api/contactus`, contact('After restart'))).status).toBe(201);
      await again.stop();
    } finally {
      await storage.remove();
    }
  }, 180_000);

  it('SIGTERM lets a request in flight finish before the process exits', async () => {
    const storage = await siteStorage();
    try {
      const env = { ...storage.env, SEED_DEMO: 'false' };
      const site = await startSite(env);
      const token = await staffToken(site);
      const body = JSON.stringify(contact('In flight'));
      const { port } = new URL(site.url);
      const answer = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/contactus',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        // Half the body now, the rest after the shutdown signal.
        req.write(body.slice(0, 20));
        setTimeout(() => {
          site.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(20)), 300);
        }, 300);
      });
      expect(await answer).toBe(201);
      expect(await site.exited).toBe(0);
      const again = await startSite(env);
      const stored = await inbox(again.url, token);
      expect(stored.map((m) => m.name)).toContain('In flight');
      await again.stop();
    } finally {
      await storage.remove();
    }
  }, 180_000);
});

describe(`load on ${testDatabaseKind}`, () => {
  it('1,000 contact posts from 50 clients: each one stored or answered 429, none lost or half-written', async () => {
    const storage = await siteStorage();
    try {
      const site = await startSite({ ...storage.env, TRUST_PROXY: 'true', SEED_DEMO: 'false' });
      const token = await staffToken(site);
      const started = performance.now();
      const stored: string[] = [];
      let limited = 0;
      const other: number[] = [];
      await Promise.all(
        Array.from({ length: 50 }, async (_, client) => {
          for (let i = 0; i < 20; i++) {
            const name = `Load c${client} n${i}`;
            const res = await post(`${site.url}/api/contactus`, contact(name), {
              'x-forwarded-for': `198.51.100.${client + 1}`,
            });
            if (res.status === 201) stored.push(name);
            else if (res.status === 429) limited++;
            else other.push(res.status);
            await res.arrayBuffer();
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `load (${testDatabaseKind}): 1000 posts from 50 clients in ${seconds.toFixed(2)} s ` +
          `(${Math.round(1000 / seconds)} req/s): ${stored.length} stored (201), ${limited} answered 429, ${other.length} other`,
      );
      expect(other).toEqual([]);
      expect(stored.length + limited).toBe(1000);
      // Five per address per ten minutes (CONTACT_RATE_LIMIT's default), exactly.
      expect(stored.length).toBe(250);
      const inDb = await inbox(site.url, token);
      expect(inDb.map((m) => m.name).sort()).toEqual([...stored].sort());
      for (const m of inDb) expect(m).toMatchObject({ ...contact(m.name), status: 'Pending' });
      expect(seconds).toBeLessThan(60);
      await site.stop();
    } finally {
      await storage.remove();
    }
  }, 180_000);
});
