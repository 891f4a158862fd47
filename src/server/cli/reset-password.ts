// `npm run reset-password -- <username>`: print a reset link, for the server's operator when no
// admin can log in. See README "Recovering access".

import { RESET_LINK_MINUTES } from '../../shared/recovery';
import { createChangeLog } from '../db/change-log';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { loadEnv } from '../env';
import { askSite, ChannelError } from '../local-channel/client';
import { resetLinkOf } from '../modules/auth/recovery-routes';
import { createRecoveryStore } from '../modules/auth/recovery-store';
import { createAuthStore } from '../modules/auth/store';
import { listeningOrigin } from '../plugins/site-origin';
import { acquireSiteLock, type SiteLock, SiteLockedError } from '../site-lock.mjs';

class UsageError extends Error {}

const print = (username: string, link: string, minutes: number) =>
  console.info(`Reset link for ${username} (works once, for ${minutes} minutes):\n${link}`);

async function main() {
  const username = process.argv[2]?.trim();
  if (!username || process.argv.length > 3)
    throw new UsageError('Usage: npm run reset-password -- <username>');
  const env = loadEnv();
  let lock: SiteLock | null = null;
  if (!env.DATABASE_URL) {
    try {
      lock = acquireSiteLock(env.DATA_DIR, { command: 'reset-password' });
    } catch (error) {
      if (!(error instanceof SiteLockedError) || error.holder.command !== 'site') throw error;
      // The running site holds the embedded database: it makes the link, asked over its socket.
      const { answer } = await askSite(env.DATA_DIR, { op: 'reset-link', username });
      if (!answer.ok) throw new UsageError(answer.error);
      print(username, answer.link ?? '', answer.expiresInMinutes ?? RESET_LINK_MINUTES);
      return;
    }
  }
  // PostgreSQL (whether or not the site runs), or an embedded site that is stopped: write directly.
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(database);
    const user = await createAuthStore(database, { idleHours: 1, maxDays: 1 }).findUserByUsername(username);
    if (!user) throw new UsageError(`There is no account named "${username}".`);
    const token = await createChangeLog(database).write(async (tx) => {
      const created = await createRecoveryStore(tx).createReset(user._id);
      await tx.record({
        resource: 'users',
        id: user._id,
        action: 'update',
        actor: null,
        name: user.username,
        fields: [{ field: 'reset link' }],
      });
      return created;
    });
    const origin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : listeningOrigin(env.HOST, env.PORT);
    print(user.username, resetLinkOf(origin, token), RESET_LINK_MINUTES);
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError || error instanceof ChannelError || error instanceof SiteLockedError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
