import type { Database } from '../../db/client';
import { fields, layMail, mailSiteOf, note, paragraph } from '../mail/layout';
import type { MailOutbox } from '../mail/outbox';
import { createSettingsStore } from '../settings/store';
import { deviceLabel } from './device';
import { rememberDevice } from './sessions-store';
import type { SessionOrigin } from './store';

export interface SignedInAccount {
  _id: string;
  username: string;
  email: string | null;
}

/**
 * Inside a sign-in's transaction: remember the device and address it came from and, when the
 * pair is new for an account that had signed in before and has an e-mail, queue a mail to its
 * owner with the mail outbox (sent once the sign-in commits, retried until it is). The first
 * sign-in of an account has nothing to compare with and mails nobody.
 */
export async function noticeNewSignIn(
  tx: Database,
  outbox: Pick<MailOutbox, 'enqueue'> | null,
  account: SignedInAccount,
  from: SessionOrigin,
  site: { origin: string; now?: Date },
): Promise<boolean> {
  const device = deviceLabel(from.userAgent);
  const isNew = await rememberDevice(tx, account._id, device, from.ip);
  if (!isNew || !account.email || !outbox) return false;
  // Read through the transaction: on PGlite the outer handle waits for it to end.
  const settings = await createSettingsStore(tx).get();
  await outbox.enqueue(tx, {
    resource: 'session',
    recordId: account._id,
    to: account.email,
    content: layMail(mailSiteOf(settings), {
      subject: 'New sign-in to your staff account',
      heading: 'New sign-in to your staff account',
      blocks: [
        paragraph(
          `Your staff account ${account.username} was just signed in to from a device or address it had not used before.`,
        ),
        fields([
          ['When', site.now ?? new Date()],
          ['Device', device],
          ['Address', from.ip || 'unknown'],
        ]),
        paragraph('If this was you, there is nothing to do.'),
        note(
          `If it was not you, open My account at ${site.origin}/account, press "Sign out" beside that session (or "Sign out everywhere else"), and change your password there.`,
        ),
      ],
    }),
  });
  return true;
}
