import { authMessages, changePasswordSchema, signupSchema } from '../../../shared/auth';
import { isCommonPassword } from './common-passwords';

/**
 * The shared sign-up and password schemas, extended with the one rule only the server can check:
 * the list of common passwords (30 KB the pages need not download). Everything else (lengths,
 * characters, a new password that differs from the current one) is the shared rule, unchanged.
 */
const uncommon = <S extends typeof signupSchema.shape.password>(password: S) =>
  password.refine((value) => !isCommonPassword(value), { error: authMessages.passwordCommon });

export const serverSignupSchema = signupSchema.extend({ password: uncommon(signupSchema.shape.password) });

export const serverChangePasswordSchema = changePasswordSchema.safeExtend({
  newPassword: uncommon(changePasswordSchema.shape.newPassword),
});
