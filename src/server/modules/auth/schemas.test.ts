import { describe, expect, it } from 'vitest';
import { authMessages, changePasswordSchema, signupSchema } from '../../../shared/auth';
import { fieldErrors } from '../../../shared/content/schema';
import { serverChangePasswordSchema, serverSignupSchema } from './schemas';

const verdict = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
  body: unknown,
) => {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
};

/**
 * The server adds exactly one rule to what the forms check: the common-password list. Any other
 * difference means a rule was restated on one side and will drift from the other.
 */
describe('the server extends the shared auth schemas', () => {
  const signups = [
    { name: 'Sara', username: 'sara', password: 'a long passphrase' },
    { name: ' ', username: 'sara', password: 'a long passphrase' },
    { name: 'Sara', username: 'sa ra', password: 'a long passphrase' },
    { name: 'Sara', username: 'sara', password: 'short' },
    { name: 'Sara', username: 'sara', password: 'x'.repeat(129) },
    { name: 'Sara\nBoss', username: 'sara', password: 'a long passphrase' },
    { name: 'Sara', username: 'sara', password: 'a long passphrase', role: 'admin' },
  ];
  it.each(signups)('sign-up %#: the same verdict as the form', (body) => {
    expect(verdict(serverSignupSchema, body)).toEqual(verdict(signupSchema, body));
  });

  const changes = [
    { currentPassword: 'old phrase here', newPassword: 'a brand new phrase' },
    { currentPassword: '', newPassword: 'a brand new phrase' },
    { currentPassword: 'old phrase here', newPassword: 'short' },
    { currentPassword: 'same phrase here', newPassword: 'same phrase here' },
  ];
  it.each(changes)('password change %#: the same verdict as the form', (body) => {
    expect(verdict(serverChangePasswordSchema, body)).toEqual(verdict(changePasswordSchema, body));
  });

  it('the form already says a new password must differ; only the server knows the common ones', () => {
    const same = { currentPassword: 'same phrase here', newPassword: 'same phrase here' };
    expect(verdict(changePasswordSchema, same)).toEqual({ newPassword: authMessages.passwordSame });
    expect(verdict(signupSchema, { name: 'Sara', username: 'sara', password: 'baseball1' })).toEqual({});
    expect(verdict(serverSignupSchema, { name: 'Sara', username: 'sara', password: 'Baseball1' })).toEqual({
      password: authMessages.passwordCommon,
    });
    expect(
      verdict(serverChangePasswordSchema, { currentPassword: 'old phrase here', newPassword: 'baseball1' }),
    ).toEqual({ newPassword: authMessages.passwordCommon });
  });
});
