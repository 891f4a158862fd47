import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { messages } from '../../shared/content/field-checks';
import { fieldErrors } from '../../shared/content/schema';
import { twoFactorEnableSchema, twoFactorMessages } from '../../shared/two-factor';
import { ApiError, api } from '../lib/api';
import { useForm } from '../lib/use-form';
import './two-factor.css';

/** The line under a login form (either step): the server's reason, unless a field already shows it. */
export const describeLoginFailure = (error: unknown) =>
  error instanceof ApiError && Object.keys(error.fields).length > 0
    ? undefined
    : `Login Error: ${error instanceof ApiError ? error.message : 'Please try again.'}`;

type CodeValues = { code: string };
const checkCode = (values: CodeValues) => {
  const parsed = twoFactorEnableSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/**
 * A login's second step, for an account with two-factor sign-in: the code from the app, or a
 * recovery code. An expired ticket goes back to the password with the server's words.
 */
export function TwoFactorLoginStep({
  ticket,
  onRestart,
}: {
  ticket: string;
  onRestart: (why: string) => void;
}) {
  const revalidator = useRevalidator();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<CodeValues>({
    values: { code: '' },
    check: checkCode,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      try {
        await api('/api/auth/2fa/verify', { method: 'POST', body: { ticket, code: values.code } });
      } catch (error) {
        if (error instanceof ApiError && error.message === twoFactorMessages.ticketExpired) {
          onRestart(error.message);
          return undefined;
        }
        throw error;
      }
      // As after a password: every loader runs again and the login page sends the person on.
      await revalidator.revalidate();
      return undefined;
    },
    describeFailure: describeLoginFailure,
  });
  const message = form.errors.code;
  const label = recovery ? 'Recovery code' : 'Authentication code';

  return (
    <>
      <h2>Two-factor sign-in</h2>
      <p className="auth-lead">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
          : 'Enter the six-digit code your authenticator app shows for this site.'}
      </p>
      <p className="auth-switch two-factor-mode">
        <button
          type="button"
          className="auth-switch-button"
          aria-pressed={recovery}
          // Keep focus in the field: its blur would show "enter the code" and shift the centred card
          // under the pointer before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setRecovery((on) => !on);
            form.setValue('code', () => '');
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
      </p>
      <form method="post" noValidate className="auth-form" onSubmit={(event) => void form.submit(event)}>
        <div className="field">
          <label htmlFor="login-code">{label}</label>
          <input
            id="login-code"
            name="code"
            key={recovery ? 'recovery' : 'totp'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoCapitalize="none"
            spellCheck={false}
            required
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, reached by pressing Login
            autoFocus
            value={form.values.code}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'login-code-error' : undefined}
            onChange={(e) => {
              const next = e.target.value;
              form.setValue('code', () => next);
            }}
            onBlur={() => form.touch('code')}
          />
          {message && (
            <p id="login-code-error" className="field-error">
              {message}
            </p>
          )}
        </div>
        <div role="alert" className="form-message">
          {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={form.submitting}>
          {form.submitting ? 'Checking…' : 'Verify'}
        </button>
      </form>
    </>
  );
}
