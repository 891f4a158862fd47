import type { FastifyInstance } from 'fastify';
import { authMessages } from '../../../shared/auth';
import {
  type AcceptInviteInput,
  INVITATION_DAYS,
  type Invitation,
  type InvitationSent,
  invitationMessages,
  type PublicInvitation,
} from '../../../shared/invitations';
import { ROLE_DECLARATIONS } from '../../../shared/permissions';
import type { StaffRole } from '../../../shared/roles';
import { secretLink } from '../../../shared/secret-links';
import type { ChangeTransaction } from '../../db/change-log';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../http/identity';
import { hashPassword } from '../auth/passwords';
import { publicUser } from '../auth/sign-in';
import type { UserRow } from '../auth/store';
import { action, layMail, type MailSite, mailSiteOf, note, paragraph } from '../mail/layout';
import { createInvitationStore } from './store';

const emailTaken = () =>
  new HttpError(409, invitationMessages.emailHasAccount, {
    fields: { email: invitationMessages.emailHasAccount },
  });
const alreadyInvited = () =>
  new HttpError(409, invitationMessages.emailInvited, { fields: { email: invitationMessages.emailInvited } });
const usernameTaken = () =>
  new HttpError(409, authMessages.usernameTaken, { fields: { username: authMessages.usernameTaken } });
/** Unknown, used, expired or revoked: one answer, so that it tells nobody which. */
const linkEnded = () => new HttpError(410, invitationMessages.linkEnded);

function invitationMail(site: MailSite, inviter: string, role: StaffRole, link: string) {
  const { label, summary } = ROLE_DECLARATIONS[role];
  return layMail(site, {
    subject: `${inviter} invited you to ${site.companyName}`,
    heading: `${inviter} invited you to the staff of ${site.companyName}`,
    blocks: [
      paragraph(`You are invited as ${label.toLowerCase()}: ${summary}`),
      paragraph(`Open the link within ${INVITATION_DAYS} days and choose a username and a password.`),
      action('Create your account', link),
      note(
        'The link works once. If you did not expect this invitation, ignore this e-mail: no account is made.',
      ),
    ],
  });
}

/**
 * Staff invitations (docs/decisions/093): an admin invites an address with a role, the link goes
 * out by mail (or to the admin, once, when the site cannot send mail), and whoever opens it makes
 * the approved account, its address confirmed. Each change and its audit row are one transaction,
 * with the mail queued in it.
 */
export function invitationService(app: FastifyInstance) {
  const linkOf = (token: string) => secretLink('invitation', token, app.siteOrigin());

  /** Queue the invitation's mail in `tx` when the site can send mail; answers what the admin is told. */
  async function send(
    tx: ChangeTransaction,
    made: { invitation: Invitation; token: string },
    actor: SessionUser,
    site: MailSite,
  ): Promise<InvitationSent> {
    const { invitation, token } = made;
    const link = linkOf(token);
    const outbox = app.mailOutbox;
    if (!outbox) return { invitation, mailedTo: null, link };
    await outbox.enqueue(tx, {
      resource: 'invitation',
      recordId: invitation._id,
      to: invitation.email,
      content: invitationMail(site, actor.name, invitation.role, link),
      carriesSecret: true,
    });
    return { invitation, mailedTo: invitation.email };
  }

  const mailSite = async () => mailSiteOf(await app.settingsStore.get());

  return {
    list: () => createInvitationStore(app.database).listOpen(),

    async invite(input: { email: string; role: StaffRole; name?: string }, actor: SessionUser) {
      const site = await mailSite();
      try {
        const sent = await app.changes.write(async (tx) => {
          const invitations = createInvitationStore(tx);
          if (await invitations.accountHasEmail(input.email)) throw emailTaken();
          if (await invitations.hasLiveInvitation(input.email)) throw alreadyInvited();
          const made = await invitations.create({ ...input, invitedBy: actor._id });
          await tx.record({
            resource: 'invitations',
            id: made.invitation._id,
            action: 'invite',
            actor,
            // The address and name are personal: the log names the fields, not their values.
            fields: [
              { field: 'email' },
              ...(input.name ? [{ field: 'name' }] : []),
              { field: 'role', after: input.role },
            ],
          });
          return send(tx, made, actor, site);
        });
        app.mailOutbox?.nudge();
        return sent;
      } catch (error) {
        // Two admins inviting one address at once: the unique index decides, clearly.
        if (isUniqueViolation(error)) throw alreadyInvited();
        throw error;
      }
    },

    /** A new link for an open invitation (expired or not): the earlier link ends. */
    async resend(id: string, actor: SessionUser) {
      const site = await mailSite();
      const sent = await app.changes.write(async (tx) => {
        const made = await createInvitationStore(tx).renew(id, actor._id);
        if (!made) throw notFound('Invitation');
        await tx.record({
          resource: 'invitations',
          id: made.invitation._id,
          action: 'resend',
          actor,
          fields: [{ field: 'link' }],
        });
        return send(tx, made, actor, site);
      });
      app.mailOutbox?.nudge();
      return sent;
    },

    async revoke(id: string, actor: SessionUser) {
      await app.changes.write(async (tx) => {
        const revoked = await createInvitationStore(tx).revoke(id);
        if (!revoked) throw notFound('Invitation');
        await tx.record({ resource: 'invitations', id: revoked._id, action: 'revoke', actor });
      });
    },

    /** Who a link invites, as what; null for any link that cannot be accepted now. */
    async lookup(token: string): Promise<PublicInvitation | null> {
      const invitation = await createInvitationStore(app.database).live(token);
      if (!invitation) return null;
      const { email, name, role } = invitation;
      return { email, name, role, roleLabel: ROLE_DECLARATIONS[role].label };
    },

    /**
     * Spend the link: the approved account with the invited role and the invited address,
     * confirmed, and the invitation marked accepted, in one transaction. Answers the account.
     */
    async accept(input: AcceptInviteInput): Promise<UserRow> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await app.changes.write(async (tx) => {
          const invitations = createInvitationStore(tx);
          const invitation = await invitations.accept(input.token);
          if (!invitation) throw linkEnded();
          const users = app.authStore.in(tx);
          if (await users.findUserByUsername(input.username)) throw usernameTaken();
          if (await invitations.accountHasEmail(invitation.email))
            throw new HttpError(409, invitationMessages.emailTakenMeanwhile);
          const user = await users.createInvitedUser({
            name: input.name,
            username: input.username,
            passwordHash,
            role: invitation.role,
            email: invitation.email,
          });
          await invitations.acceptedBy(invitation._id, user._id);
          const actor = publicUser(user);
          await tx.record({
            resource: 'users',
            id: user._id,
            action: 'create',
            actor,
            name: user.username,
            fields: [
              { field: 'name' },
              { field: 'username' },
              { field: 'email' },
              { field: 'role', after: user.role },
            ],
          });
          await tx.record({ resource: 'invitations', id: invitation._id, action: 'accept', actor });
          return user;
        });
      } catch (error) {
        // Someone took the name between the check and the insert: the unique index decides.
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
