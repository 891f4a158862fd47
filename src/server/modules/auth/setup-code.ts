import { createHash, timingSafeEqual } from 'node:crypto';
import type { SignupStatus } from '../../../shared/site-data';
import type { Database } from '../../db/client';
import { forgetServerSecret, serverSecret } from '../../db/server-secrets';
import { HttpError } from '../../errors';
import type { SettingsStore } from '../settings/store';
import { hasAdmin } from './store';

/** The server_secrets row that holds the generated code while the site has no admin. */
const SETUP_CODE_SECRET = 'setup-code';

export const setupCodeMessages = {
  refused:
    "This site is not set up yet. Use the setup link printed in the server's log when it started (or the SETUP_CODE you set).",
};

/**
 * The code that claims this site, or null once an admin exists. Every instance answers the same
 * one: the environment's SETUP_CODE, else the code stored in the database by whichever instance
 * asked first. A code left behind by a claim is removed here.
 */
export async function currentSetupCode(
  database: Database,
  override: string | undefined,
): Promise<string | null> {
  if (await hasAdmin(database)) {
    await voidSetupCode(database);
    return null;
  }
  if (override) return override;
  return (await serverSecret(database, SETUP_CODE_SECRET, { bytes: 15 })).toString('base64url');
}

/** Whether the site has an admin (the code is void then): the sign-up page asks. */
export const isClaimed = hasAdmin;

/** What the sign-up page offers: the claim while the site has no admin, else a request if open. */
export async function signupStatus(
  database: Database,
  settings: Pick<SettingsStore, 'get'>,
): Promise<SignupStatus> {
  const claimed = await isClaimed(database);
  return { claimed, signupOpen: claimed && (await settings.get()).signupOpen === true };
}

export async function voidSetupCode(database: Database): Promise<void> {
  await forgetServerSecret(database, SETUP_CODE_SECRET);
}

/** Equal codes, compared in constant time (hashes first, so lengths leak nothing either). */
export function sameCode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The check for an account about to become the first admin, run under the sign-up lock inside
 * the sign-up's transaction: the right code claims the site and is spent with the claim; any
 * other answer is a 403 that says where the code is.
 */
export function claimWithSetupCode(given: string | undefined, override: string | undefined) {
  return async (tx: Database): Promise<void> => {
    const expected = override ?? (await currentSetupCode(tx, undefined));
    if (!given || !expected || !sameCode(given, expected))
      throw new HttpError(403, setupCodeMessages.refused);
    await voidSetupCode(tx);
  };
}
