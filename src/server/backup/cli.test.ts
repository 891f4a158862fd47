import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript, setupCodeIn, siteStorage, startSite } from '../test/site-process';

/** `npm run backup|restore -- <file>` as a person types it (the same script, without npm's banner). */
function run(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return runScript('src/server/backup/cli.ts', [command, file], { env: { LOG_LEVEL: 'silent', ...env } });
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('npm run backup / npm run restore', () => {
  it('back up a running site and restore it into an empty database', async () => {
    const source = await siteStorage();
    const target = await siteStorage();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-backup-'));
    const file = path.join(dir, 'site.jsonl.gz');
    try {
      const site = await startSite(source.env);
      await post(`${site.url}/api/auth/signup`, {
        name: 'Owner',
        username: 'owner',
        password: 'a long passphrase',
        setupCode: setupCodeIn(site.output()),
      });
      const { token } = (await (
        await post(`${site.url}/api/auth/login`, { username: 'owner', password: 'a long passphrase' })
      ).json()) as { token: string };
      await post(`${site.url}/api/contactus`, {
        name: 'Backed Up',
        email: 'b@example.com',
        phone: '03001234567',
        message: 'Keep me',
      });

      if (source.kind === 'pglite') {
        // The embedded database is in use: the running site writes the backup, asked over its
        // local channel (no token), and the admin API still serves one to a token.
        const viaChannel = await run('backup', file, source.env);
        expect(viaChannel.code, viaChannel.output).toBe(0);
        expect(viaChannel.output).toContain('by the site running on');
        const viaSite = await run('backup', `${file}.api`, {
          ...source.env,
          SITE_URL: site.url,
          SITE_TOKEN: token,
        });
        expect(viaSite.code, viaSite.output).toBe(0);
        // Every way of writing a backup leaves a file only its owner can read.
        expect(fs.statSync(`${file}.api`).mode & 0o777).toBe(0o600);
      } else {
        const direct = await run('backup', file, source.env);
        expect(direct.code, direct.output).toBe(0);
      }
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      await site.stop();

      const restored = await run('restore', file, target.env);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored \d+ rows/);
      const again = await run('restore', file, target.env);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty/);

      // The restored site has the message and the account.
      const copy = await startSite({ ...target.env, SEED_DEMO: 'false' });
      const login = await post(`${copy.url}/api/auth/login`, {
        username: 'owner',
        password: 'a long passphrase',
      });
      const { token: token2 } = (await login.json()) as { token: string };
      const inbox = (await (
        await fetch(`${copy.url}/api/contactus`, { headers: { authorization: `Bearer ${token2}` } })
      ).json()) as { data: { name: string }[] };
      expect(inbox.data.map((m) => m.name)).toContain('Backed Up');
      const services = (await (await fetch(`${copy.url}/api/service`)).json()) as unknown[];
      expect(services.length).toBeGreaterThan(0);
      await copy.stop();
    } finally {
      await source.remove();
      await target.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
