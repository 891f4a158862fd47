import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, type ReceivedMail, startSmtpPeer } from '../../../src/server/test/smtp-peer';
import { BUILT_SERVER, copySeededDataDir, freePort, startSite } from './site';

interface MailingServerOptions {
  /** Start from a copy of the seeded demo site (global setup's) instead of an empty one. */
  demoContent?: boolean;
}

/**
 * A server of the journey file's own, beside a real SMTP peer: for journeys that read the mail the
 * site sends (the worker's server has no SMTP), or that change what every other journey of their
 * worker reads (the go-live journey replaces the demo settings and deletes the demo content).
 * Unclaimed: the journey signs up its own admin with the setup code.
 */
export async function startMailingServer(name: string, { demoContent = false }: MailingServerOptions = {}) {
  // Mails carry links to the site, so it is told its address before it starts.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const peer = await startSmtpPeer();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `site-e2e-${name}-`));
  const dataDir = path.join(folder, 'data');
  if (demoContent) copySeededDataDir(dataDir);
  const server = await startSite({
    dataDir,
    entry: BUILT_SERVER,
    port,
    env: { PUBLIC_URL: origin, SMTP_URL: peer.url, SEED_DEMO: 'false' },
  });
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
      await server.stop();
      await peer.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type MailingServer = Awaited<ReturnType<typeof startMailingServer>>;
