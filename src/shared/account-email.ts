import { z } from 'zod';
import { messages } from './content/schema';
import { EMAIL_PATTERN } from './text';

const EMAIL_MAX = 254;

/** An account's e-mail address, by the same rule as every other e-mail field of the site. */
export const accountEmailSchema = z
  .string({ error: () => messages.required('E-mail') })
  .trim()
  .min(1, messages.required('E-mail'))
  .max(EMAIL_MAX, { error: messages.tooLong('E-mail', EMAIL_MAX), abort: true })
  .regex(EMAIL_PATTERN, 'Invalid email address.');

/** The sign-up form's optional address: empty means none. */
export const optionalAccountEmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: messages.tooLong('E-mail', EMAIL_MAX), abort: true })
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Invalid email address.')
  .optional();
