import { z } from 'zod';

// The setting's choices live apart, without zod: the settings declaration reaches public pages.
export * from './two-factor-policy';

export const twoFactorMessages = {
  codeRequired: 'Enter the code from your authenticator app.',
  codeWrong: 'That code is not right. Check the time on your phone and try the current code.',
  codeReplayed: 'That code was already used. Wait for the next one.',
  recoveryWrong: 'That recovery code is not right or was already used.',
  ticketExpired: 'This sign-in took too long. Log in again.',
  noPendingSetup: 'Start again with "Turn on": no setup is waiting.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  notOnForUser: 'This account does not have two-factor sign-in on.',
  notForYourself: 'Turn off your own two-factor sign-in on My account: it asks for your password and a code.',
  stillRequired:
    'Two-factor sign-in is required for your account by the site settings; it cannot be turned off.',
  setupRequired:
    'Two-factor sign-in is required for your account. Turn it on under My account before doing anything else.',
} as const;

/** Six digits, spaces allowed (apps show "123 456"), or a recovery code (`abcd-efgh-jk`). */
const codeSchema = z
  .string({ error: () => twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .max(40, twoFactorMessages.codeWrong);

export const twoFactorEnableSchema = z.object({ code: codeSchema });
export const twoFactorVerifySchema = z.object({
  ticket: z.string().min(20).max(200),
  code: codeSchema,
});
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: () => 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(128),
  code: codeSchema,
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The site settings ask this person for it (then it cannot be turned off). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A TOTP code as typed: digits only once spaces are gone. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
