import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { askSite } from '../local-channel/client';
import { type ChannelRequest, socketPath } from '../local-channel/protocol';
import { runScript, setupCodeIn, siteStorage, startSite } from '../test/site-process';

/** `npm run reset-password -- <username>` as the operator types it (without npm's banner). */
function resetPassword(username: string, env: Record<string, string>, ...flags: string[]) {
  return runScript('src/server/cli/reset-password.ts', [username, ...flags], {
    env: { LOG_LEVEL: 'silent', ...env },
  });
}

const post = (url: string, body: unknown, authorization?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

const linkIn = (output: string) => output.match(/https?:\/\/\S+\/reset\?token=[\w-]{43}/)?.[0];

describe('npm run reset-password', () => {
  it('prints a link that sets a new password on a running site, and ends its sessions', async () => {
    const storage = await siteStorage();
    try {
      // The operator runs the command with the site's configuration.
      const env = {
        ...storage.env,
        PUBLIC_URL: 'https://site.example.test',
        SECRET_KEY: 'a test key of at least thirty-two characters',
      };
      // A socket file left by a site that was killed is replaced at start.
      if (storage.kind === 'pglite') fs.writeFileSync(socketPath(storage.env.DATA_DIR!), 'stale');
      const site = await startSite(env);
      await post(`${site.url}/api/auth/signup`, {
        name: 'Owner',
        username: 'owner',
        password: 'a long passphrase',
        setupCode: setupCodeIn(site.output()),
      });
      const { token: session } = (await (
        await post(`${site.url}/api/auth/login`, { username: 'owner', password: 'a long passphrase' })
      ).json()) as { token: string };

      if (storage.kind === 'pglite') {
        // The embedded site answers on its socket, which only its owner may open.
        const socket = socketPath(storage.env.DATA_DIR!);
        expect(fs.statSync(socket).isSocket()).toBe(true);
        expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
        // Fields are checked strictly: a flag that is not a boolean is no request.
        const odd = { op: 'reset-link', username: 'owner', turnOffTwoFactor: 'yes' };
        const { answer, rest } = await askSite(storage.env.DATA_DIR!, odd as unknown as ChannelRequest);
        rest.destroy();
        expect(answer).toEqual({ ok: false, error: 'Unknown request.' });
      }
      // The owner lost the phone and the recovery codes: the operator turns the second factor off too.
      const { secret } = (await (
        await post(`${site.url}/api/auth/2fa/setup`, {}, `Bearer ${session}`)
      ).json()) as { secret: string };
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      expect((await post(`${site.url}/api/auth/2fa/enable`, { code }, `Bearer ${session}`)).status).toBe(200);
      expect((await resetPassword('owner', env, '--turn-off-too')).output).toContain('Usage:');

      const printed = await resetPassword('OWNER', env, '--turn-off-two-factor');
      expect(printed.code, printed.output).toBe(0);
      expect(printed.output).toMatch(/Two-factor sign-in of owner is now off/i);
      const link = linkIn(printed.output);
      expect(link?.startsWith('https://site.example.test/reset?token=')).toBe(true);
      const nobody = await resetPassword('nobody', env);
      expect(nobody.code).toBe(1);
      expect(nobody.output).toContain('There is no account named "nobody"');

      const token = new URL(link!).searchParams.get('token');
      const reset = await post(`${site.url}/api/auth/reset`, { token, password: 'chosen by the owner' });
      expect(reset.status).toBe(200);
      const me = await fetch(`${site.url}/api/current-user`, {
        headers: { authorization: `Bearer ${session}` },
      });
      expect(me.status).toBe(401);
      const login = await post(`${site.url}/api/auth/login`, {
        username: 'owner',
        password: 'chosen by the owner',
      });
      expect(login.status).toBe(200);
      // The password alone signs in: a token, not a ticket for a second step.
      expect(await login.json()).toMatchObject({ token: expect.any(String) });
      await site.stop();

      if (storage.kind === 'pglite') {
        // Stopped: the socket is gone and the command opens the data folder itself.
        expect(fs.existsSync(socketPath(storage.env.DATA_DIR!))).toBe(false);
        const offline = await resetPassword('owner', env, '--turn-off-two-factor');
        expect(offline.code, offline.output).toBe(0);
        expect(offline.output).toContain('owner did not have two-factor sign-in on');
        expect(linkIn(offline.output)).toBeTruthy();
      }
    } finally {
      await storage.remove();
    }
  }, 180_000);
});
