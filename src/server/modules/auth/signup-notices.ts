import { ROLE_DECLARATIONS } from '../../../shared/permissions';
import type { StaffRole } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { action, layMail, type MailSite, note, paragraph } from '../mail/layout';
import type { MailOutbox } from '../mail/outbox';

type Outbox = Pick<MailOutbox, 'enqueue'>;

/** Who the mails speak for (name, phone, time zone) and where its site is. */
export interface NoticeSite extends MailSite {
  origin: string;
}

/**
 * The mails of a sign-up on request (decision 094), each queued inside the transaction of the
 * change it announces, so that a mail goes out exactly when the change is kept.
 */

/** A new account waits for approval: every admin who can act on it hears of it. */
export async function noticeAdminsOfSignup(
  tx: Database,
  outbox: Outbox,
  adminAddresses: readonly string[],
  account: { _id: string; name: string; username: string },
  site: NoticeSite,
): Promise<boolean> {
  for (const to of adminAddresses)
    await outbox.enqueue(tx, {
      resource: 'users',
      recordId: account._id,
      to,
      content: layMail(site, {
        subject: `${account.name} asks for a staff account at ${site.companyName}`,
        heading: `${account.name} asks for a staff account`,
        blocks: [
          paragraph(`${account.name} signed up as "${account.username}" and waits for approval.`),
          action('Approve with a role, or delete the account, in Users', `${site.origin}/users`),
          note(
            'You get this mail because anyone may ask for an account (Settings, Sign-in). Turn that off to take staff by invitation only.',
          ),
        ],
      }),
    });
  return adminAddresses.length > 0;
}

/**
 * A sign-up named a username that is taken. Its answer is a new account's, so that nobody learns
 * which usernames exist; the address it gave, if any, is told the truth instead, which only its
 * owner reads.
 */
export async function noticeUsernameTaken(
  tx: Database,
  outbox: Outbox,
  email: string,
  existing: { _id: string; username: string },
  site: NoticeSite,
): Promise<void> {
  await outbox.enqueue(tx, {
    resource: 'users',
    recordId: existing._id,
    to: email,
    content: layMail(site, {
      subject: `About your sign-up at ${site.companyName}`,
      heading: 'That username is taken',
      blocks: [
        paragraph(
          `Someone, hopefully you, asked for a staff account at ${site.companyName} with the username "${existing.username}", and an account with that username already exists, so no new account was made.`,
        ),
        paragraph(
          `If it is yours, log in at ${site.origin}/login, or choose a new password at ${site.origin}/forgot.\nIf it is not yours, sign up again with another username at ${site.origin}/signup.`,
        ),
        note('If you did not ask for an account, ignore this e-mail.'),
      ],
    }),
  });
}

/** An admin approved a waiting account: its owner hears it at their confirmed address. */
export async function noticeApproval(
  tx: Database,
  outbox: Outbox,
  account: { _id: string; username: string; email: string },
  role: StaffRole,
  site: NoticeSite,
): Promise<void> {
  const { label, summary } = ROLE_DECLARATIONS[role];
  await outbox.enqueue(tx, {
    resource: 'users',
    recordId: account._id,
    to: account.email,
    content: layMail(site, {
      subject: `Your staff account at ${site.companyName} is approved`,
      heading: 'Your staff account is approved',
      blocks: [
        paragraph(
          `An admin of ${site.companyName} approved your account "${account.username}" as ${label}: ${summary}`,
        ),
        action('Log in', `${site.origin}/login`),
      ],
    }),
  });
}
