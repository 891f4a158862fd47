import { z } from 'zod';
import { optionalAccountEmailSchema } from './account-email';
import { messages } from './content/schema';
import type { Permission } from './permissions';
import { ROLES } from './roles';
import { isSingleLine } from './text';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Messages the sign-up, password and users screens show; the server answers the same words. */
export const authMessages = {
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  /** Checked on the server against the shipped list of common passwords (too big for the page). */
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordSame: 'The new password must differ from the current one.',
  currentPasswordWrong: 'The current password is not correct.',
  usernameTaken: 'This username is taken.',
  usernameChars: 'Username may contain letters, digits, dots, dashes and underscores.',
  pending: 'Your account is waiting for approval.',
  lastAdmin: 'The site needs at least one admin. Make another user an admin first.',
  /** Sign-up while the settings do not let anyone ask for an account: the same for every username. */
  byInvitation: "Accounts are by invitation: ask the company's admin to invite you.",
  deactivated: 'This account is deactivated. Ask an admin to reactivate it.',
  deactivateSelf: 'You cannot deactivate your own account. Ask another admin.',
  nothingToChange: 'Send a new role or name.',
} as const;

/** A one-line name: its length is checked first, and a too-long value goes no further. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: () => messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, { error: messages.tooLong(label, max), abort: true })
    .refine(isSingleLine, { error: messages.oneLine(label), abort: true });

/** A new password: 8–128 characters, never trimmed (spaces are part of it). */
export const newPasswordSchema = (label = 'Password') =>
  z
    .string({ error: () => messages.required(label) })
    .min(1, messages.required(label))
    .min(PASSWORD_MIN, authMessages.passwordShort)
    .max(PASSWORD_MAX, { error: authMessages.passwordLong, abort: true });

export const loginSchema = z.object({
  username: requiredText('Username', 64),
  // Passwords are never trimmed: spaces are part of them.
  password: z
    .string({ error: () => messages.required('Password') })
    .min(1, messages.required('Password'))
    .max(PASSWORD_MAX, { error: authMessages.passwordLong, abort: true }),
});

/** Sign-up takes no role: anything else sent is dropped (the server decides the role). */
export const signupSchema = z.object({
  name: requiredText('Full name', 120),
  username: requiredText('Username', 64).regex(/^[A-Za-z0-9._-]+$/, authMessages.usernameChars),
  password: newPasswordSchema(),
  /** The one-time code that claims a fresh site; needed only while the site has no admin. */
  setupCode: z.string().trim().max(200).optional(),
  /** Optional; it becomes the account's address once the link mailed to it is opened. */
  email: optionalAccountEmailSchema,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: () => messages.required('Current password') })
      .min(1, messages.required('Current password'))
      .max(PASSWORD_MAX, { error: authMessages.passwordLong, abort: true }),
    newPassword: newPasswordSchema('New password'),
  })
  // A rule the form can check as well as the server: said under the field before anything is sent.
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: authMessages.passwordSame,
    path: ['newPassword'],
  });

/** PUT /api/users/:id: a new role (approve, promote, demote, or `pending` to suspend) and/or name. */
export const userUpdateSchema = z
  .object({
    role: z
      .enum(ROLES, { error: () => `Choose ${ROLES.slice(0, -1).join(', ')} or ${ROLES.at(-1)}.` })
      .optional(),
    name: requiredText('Full name', 120).optional(),
  })
  .refine((value) => value.role !== undefined || value.name !== undefined, {
    message: authMessages.nothingToChange,
    path: ['role'],
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** The settings require two-factor sign-in of this person and it is not on yet (My account). */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * What a sign-up after the site's claim answers: that the account waits, and the name and username
 * as they were sent. It is the same whether the username was free or taken (decision 094).
 */
export const signupRequestSchema = z.object({
  name: z.string(),
  username: z.string(),
  role: z.literal('pending'),
  message: z.string(),
});

/** A row of the admin's Users list. */
export const userListItemSchema = publicUserSchema.extend({
  createdAt: z.string(),
  /** Two-factor sign-in is on; an admin can turn it off for someone who lost both phone and codes. */
  twoFactorEnabled: z.boolean(),
  /** When the account was deactivated (it signs in nowhere until reactivated); null while active. */
  deactivatedAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Every account with its role (the Users screen), and the staff by name (an assignee picker). */
export const USERS_ACCESS = { list: 'users:manage', staff: 'users:read' } as const satisfies Record<
  string,
  Permission
>;

/** An approved staff member as a choice (a request's assignee): who, by name, and nothing else. */
export const staffMemberSchema = z.object({ _id: z.string(), name: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;
