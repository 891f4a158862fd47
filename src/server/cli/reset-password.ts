// `npm run reset-password -- <username> [--turn-off-two-factor]`: print a reset link, for the
// server's operator when no admin can log in; with the flag, also turn the account's two-factor
// sign-in off (a lost phone and lost recovery codes). See README "Recovering access".

import { RESET_LINK_MINUTES } from '../../shared/recovery';
import { createChangeLog } from '../db/change-log';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { loadEnv } from '../env';
import { askSite, ChannelError } from '../local-channel/client';
import { resetLinkOf } from '../modules/auth/recovery-routes';
import { createRecoveryStore } from '../modules/auth/recovery-store';
import { createAuthStore } from '../modules/auth/store';
import { turnOffTwoFactorOf } from '../modules/auth/two-factor';
import { listeningOrigin } from '../plugins/site-origin';
import { acquireSiteLock, type SiteLock, SiteLockedError } from '../site-lock.mjs';

class UsageError extends Error {}

const USAGE = `Usage: npm run reset-password -- <username> [--turn-off-two-factor]
  Prints a link that sets a new password (works once, for ${RESET_LINK_MINUTES} minutes).
  --turn-off-two-factor  also turns the account's two-factor sign-in off and ends its sessions,
                         for someone who lost both their phone and their recovery codes`;
const TURN_OFF_FLAG = '--turn-off-two-factor';

const print = (username: string, link: string, minutes: number) =>
  console.info(`Reset link for ${username} (works once, for ${minutes} minutes):\n${link}`);

/** What `--turn-off-two-factor` did; said before the link. */
function printTwoFactor(username: string, turnedOff: boolean | undefined) {
  // A site started before the option existed makes the link and leaves the rest unanswered.
  if (turnedOff === undefined)
    throw new UsageError('The running site does not know --turn-off-two-factor: restart it, then try again.');
  console.info(
    turnedOff
      ? `Two-factor sign-in of ${username} is now off: its recovery codes are gone and its sessions ended. They sign in with the password alone and can turn it on again on My account.`
      : `${username} did not have two-factor sign-in on; nothing to turn off.`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const turnOff = args.includes(TURN_OFF_FLAG);
  const rest = args.filter((arg) => arg !== TURN_OFF_FLAG);
  const username = rest[0]?.trim();
  if (!username || rest.length > 1 || username.startsWith('-')) throw new UsageError(USAGE);
  const env = loadEnv();
  let lock: SiteLock | null = null;
  if (!env.DATABASE_URL) {
    try {
      lock = acquireSiteLock(env.DATA_DIR, { command: 'reset-password' });
    } catch (error) {
      if (!(error instanceof SiteLockedError) || error.holder.command !== 'site') throw error;
      // The running site holds the embedded database: it makes the link, asked over its socket.
      const { answer } = await askSite(env.DATA_DIR, {
        op: 'reset-link',
        username,
        ...(turnOff ? { turnOffTwoFactor: true } : {}),
      });
      if (!answer.ok) throw new UsageError(answer.error);
      if (turnOff) printTwoFactor(username, answer.twoFactorTurnedOff);
      print(username, answer.link ?? '', answer.expiresInMinutes ?? RESET_LINK_MINUTES);
      return;
    }
  }
  // PostgreSQL (whether or not the site runs), or an embedded site that is stopped: write directly.
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(database);
    const users = createAuthStore(database, { idleHours: 1, maxDays: 1 });
    const user = await users.findUserByUsername(username);
    if (!user) throw new UsageError(`There is no account named "${username}".`);
    let twoFactorTurnedOff: boolean | undefined;
    const token = await createChangeLog(database).write(async (tx) => {
      if (turnOff) twoFactorTurnedOff = await turnOffTwoFactorOf(tx, users.in(tx), user, null);
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
    if (turnOff) printTwoFactor(user.username, twoFactorTurnedOff);
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
