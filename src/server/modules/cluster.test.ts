import { describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { testDatabaseKind } from '../test/helpers';
import { setupCodeIn, siteStorage, startSite } from '../test/site-process';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe.skipIf(testDatabaseKind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('share sessions, and a write through one shows on the other within a second', async () => {
    const storage = await siteStorage();
    try {
      const a = await startSite(storage.env);
      const b = await startSite({ ...storage.env, SEED_DEMO: 'false' });
      expect(a.url).not.toBe(b.url);
      // Both print the one setup code kept in the database: either instance's link claims the site.
      expect(setupCodeIn(a.output())).toBeDefined();
      expect(setupCodeIn(b.output())).toBe(setupCodeIn(a.output()));

      // A visitor's read on A is now remembered by A's response cache.
      const before = (await (await fetch(`${a.url}/api/service`)).json()) as { _id: string; title: string }[];
      const target = before[0]!;

      // Sign in on A, write through B with the same session.
      await fetch(
        `${a.url}/api/auth/signup`,
        json({
          name: 'Owner',
          username: 'owner',
          password: 'a long passphrase',
          setupCode: setupCodeIn(b.output()),
        }),
      );
      const login = await fetch(
        `${a.url}/api/auth/login`,
        json({ username: 'owner', password: 'a long passphrase' }),
      );
      const { token } = (await login.json()) as { token: string };
      const put = await fetch(`${b.url}/api/service/${target._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: 'Changed on the other instance' }),
      });
      expect(put.status).toBe(200);
      const written = Date.now();

      const { seenAfter } = await eventually(
        async () => {
          const list = (await (await fetch(`${a.url}/api/service`)).json()) as {
            _id: string;
            title: string;
          }[];
          const seen = list.find((s) => s._id === target._id)?.title === 'Changed on the other instance';
          return seen && { seenAfter: Date.now() - written };
        },
        { timeout: 3000, interval: 25 },
      );
      console.info(`change written on B was read on A after ${seenAfter} ms`);
      expect(seenAfter).toBeLessThan(1000);

      // Logging out on B ends the session on A too.
      await fetch(`${b.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const after = await fetch(`${a.url}/api/trash`, { headers: { authorization: `Bearer ${token}` } });
      expect(after.status).toBe(401);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await storage.remove();
    }
  }, 120_000);
});
