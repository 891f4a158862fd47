import { z } from 'zod';
import { accountEmailSchema } from './account-email';
import { changePasswordSchema, newPasswordSchema } from './auth';
import { messages } from './content/schema';

const EMAIL_MAX = 254;

/** How long a mailed reset link works. */
export const RESET_LINK_MINUTES = 30;
/** How long the link that confirms a new e-mail address works. */
export const EMAIL_LINK_HOURS = 24;
/** The tokens in mailed links: 32 random bytes, base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The tokens' length, stated as a maximum too: an anonymous body's size is read from its schema. */
export const LINK_TOKEN_LENGTH = 43;

/** Words of the forgot, reset and e-mail screens; the server answers the same ones. */
export const recoveryMessages = {
  forgotSent:
    'If an account with an e-mail address matches, we sent it a link to choose a new password. The link works for 30 minutes.',
  forgotWhich: 'Enter your username or your e-mail address.',
  resetDone:
    'Your password was changed and every session of your account was signed out. You can log in now.',
  linkInvalid: 'This link is not valid. Ask for a new one.',
  linkUsed: 'This link was already used. Ask for a new one if you still need it.',
  linkExpired: 'This link has expired. Ask for a new one.',
  passwordsDiffer: 'The two passwords differ.',
  emailTaken: 'This e-mail address belongs to another account.',
  emailSame: 'This is already the address of your account.',
  emailSent: (address: string) => `We sent a link to ${address}. The change takes effect once you open it.`,
  emailConfirmed: 'Your e-mail address is confirmed. Reset links and notices now go there.',
} as const;

/** POST /api/auth/forgot: a username or an e-mail address (one box on the page). */
export const forgotSchema = z
  .object({
    username: z.string().trim().max(EMAIL_MAX).optional(),
    email: z.string().trim().max(EMAIL_MAX).optional(),
  })
  .refine((value) => Boolean(value.username || value.email), {
    error: recoveryMessages.forgotWhich,
    path: ['username'],
  });

/** The forgot page's one box: a name or an address, told apart by its `@`. */
export const forgotFormSchema = z.object({
  account: z
    .string({ error: () => recoveryMessages.forgotWhich })
    .trim()
    .min(1, recoveryMessages.forgotWhich)
    .max(EMAIL_MAX, { error: messages.tooLong('Username or e-mail', EMAIL_MAX), abort: true }),
});
export const forgotBody = (account: string) =>
  account.includes('@') ? { email: account.trim() } : { username: account.trim() };

/** POST /api/auth/reset: the token from the link and a new password (the sign-up rules). */
export const resetSchema = z.object({
  token: z
    .string()
    .max(LINK_TOKEN_LENGTH, recoveryMessages.linkInvalid)
    .regex(LINK_TOKEN, recoveryMessages.linkInvalid),
  password: newPasswordSchema('New password'),
});

/** The reset page: the new password twice. */
export const resetFormSchema = z
  .object({
    password: resetSchema.shape.password,
    repeat: z.string(),
  })
  .refine((value) => value.password === value.repeat, {
    error: recoveryMessages.passwordsDiffer,
    path: ['repeat'],
  });

/** PUT /api/auth/email: a new address, with the current password. */
export const emailChangeSchema = z.object({
  email: accountEmailSchema,
  currentPassword: changePasswordSchema.shape.currentPassword,
});

export const confirmEmailSchema = z.object({
  token: z
    .string()
    .max(LINK_TOKEN_LENGTH, recoveryMessages.linkInvalid)
    .regex(LINK_TOKEN, recoveryMessages.linkInvalid),
});

/** GET /api/auth/email: the account's confirmed address and one waiting for its link. */
export const accountEmailStateSchema = z.object({
  email: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});
export type AccountEmailState = z.infer<typeof accountEmailStateSchema>;

/** POST /api/users/:id/reset-link: the link, shown to the admin once, and where it was mailed. */
export const adminResetLinkSchema = z.object({
  link: z.string(),
  mailedTo: z.string().nullable(),
  expiresInMinutes: z.number(),
});
export type AdminResetLink = z.infer<typeof adminResetLinkSchema>;
