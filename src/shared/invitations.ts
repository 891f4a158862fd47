import { z } from 'zod';
import { accountEmailSchema } from './account-email';
import { signupSchema } from './auth';
import { LINK_TOKEN, LINK_TOKEN_LENGTH } from './recovery';
import { STAFF_ROLES } from './roles';

/** How long an invitation's link works; a resend starts the days again. */
export const INVITATION_DAYS = 7;

/** Words of the invitation screens; the server answers the same ones. */
export const invitationMessages = {
  emailHasAccount: 'An account already has this e-mail address.',
  emailInvited: 'This e-mail address already has an open invitation. Resend it or revoke it first.',
  /** The one answer for a link that is unknown, used, expired or revoked: it tells nobody which. */
  linkEnded: 'This invitation is no longer valid. Ask an admin for a new one.',
  emailTakenMeanwhile:
    'Since you were invited, another account took this e-mail address. Ask an admin for a new invitation.',
} as const;

/** POST /api/invitations: who is invited, as what; never `pending`. */
export const invitationInputSchema = z.object({
  email: accountEmailSchema,
  role: z.enum(STAFF_ROLES, { error: () => 'Choose a role.' }),
  /** Optional (the form leaves an empty box out): the invitee can still change it when they accept. */
  name: signupSchema.shape.name.optional(),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** A row of the open invitations on the Users screen. */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  /** The name of the admin who invited (or sent it again); null once their account is gone. */
  invitedBy: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Past its days: it can be sent again (a new link) or revoked. */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * The answer to an invitation or a resend. Without SMTP the link is answered, once, for the admin
 * to pass on; with SMTP only the mail carries it.
 */
export const invitationSentSchema = z.object({
  invitation: invitationSchema,
  mailedTo: z.string().nullable(),
  link: z.string().optional(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

const tokenSchema = z
  .string({ error: () => invitationMessages.linkEnded })
  .max(LINK_TOKEN_LENGTH, invitationMessages.linkEnded)
  .regex(LINK_TOKEN, invitationMessages.linkEnded);

/** GET /api/auth/invitation?token=: the link's token. */
export const invitationTokenQuerySchema = z.object({ token: tokenSchema });

/** What the page behind the link shows: who is invited, and as what. */
export const publicInvitationSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  roleLabel: z.string(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** POST /api/auth/accept-invite: the sign-up's own rules for the name, username and password. */
export const acceptInviteSchema = signupSchema.pick({ name: true, username: true, password: true }).extend({
  token: tokenSchema,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** The invitation page's form: the fields the person types (the token comes from the link). */
export const acceptInviteFormSchema = acceptInviteSchema.omit({ token: true });
