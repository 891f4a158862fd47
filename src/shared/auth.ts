import { z } from 'zod';
import { messages } from './content/schema';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: () => messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.tooLong(label, max));

export const loginSchema = z.object({
  username: requiredText('Username', 64),
  // Passwords are never trimmed: spaces are part of them.
  password: z
    .string({ error: () => messages.required('Password') })
    .min(1, messages.required('Password'))
    .max(PASSWORD_MAX),
});

export const signupSchema = z.object({
  name: requiredText('Full name', 120),
  username: requiredText('Username', 64).regex(
    /^[A-Za-z0-9._-]+$/,
    'Username may contain letters, digits, dots, dashes and underscores.',
  ),
  password: z
    .string({ error: () => messages.required('Password') })
    .min(1, messages.required('Password'))
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'editor', 'pending']),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
