import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, type ReceivedMail, startSmtpPeer } from '../../../src/server/test/smtp-peer';
import { E2E_SETUP_CODE } from '../setup-code';

/**
 * A server of the journey's own, beside a real SMTP peer, on a fresh embedded database: for
 * journeys that read the mail the site sends (the shared e2e server has no SMTP). Each journey
 * file takes its own port offset from E2E_PORT, so files never share a server.
 */
export async function startMailingServer(portOffset: number, name: string, env: Record<string, string> = {}) {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  const origin = `http://127.0.0.1:${port}`;
  const peer = await startSmtpPeer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-e2e-${name}-`));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SMTP_URL: peer.url,
      SEED_DEMO: 'false',
      SETUP_CODE: E2E_SETUP_CODE,
      LOG_LEVEL: 'warn',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  await eventually(async () => (await fetch(`${origin}/api/status`)).ok, 150_000);
  return {
    origin,
    peer,
    /** The `n`th mail (from 0) to `to`, quoted-printable undone. */
    async mailTo(to: string, n = 0): Promise<string> {
      const mail: ReceivedMail = await eventually(
        () => peer.received.filter((m) => m.to.includes(to))[n],
        20_000,
      );
      return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) =>
        server.exitCode === null ? server.once('exit', resolve) : resolve(null),
      );
      await peer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type MailingServer = Awaited<ReturnType<typeof startMailingServer>>;
