import { useState } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { type LoginInput, loginSchema } from '../../../shared/auth';
import { messages } from '../../../shared/content/field-checks';
import { fieldErrors } from '../../../shared/content/schema';
import { safeNext } from '../../admin/load';
import { describeLoginFailure, TwoFactorLoginStep } from '../../admin/two-factor-login';
import { api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import type { Route } from './+types/login';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

type LoginValues = LoginInput;

export function meta() {
  return [{ title: 'Login' }, { name: 'robots', content: 'noindex' }];
}

/** Someone already signed in goes straight on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) return null;
  const url = new URL(request.url);
  throw redirect(safeNext(url.searchParams.get('next'), url.origin));
}

const checkLogin = (values: LoginValues) => {
  const parsed = loginSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

export default function Login() {
  const revalidator = useRevalidator();
  const [showPassword, setShowPassword] = useState(false);
  // Two-factor sign-in: the password earned a ticket, and the second step asks for a code.
  const [ticket, setTicket] = useState<string | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    values: { username: '', password: '' },
    check: checkLogin,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      const answer = await api<{ twoFactorRequired?: true; ticket?: string }>('/api/auth/login', {
        method: 'POST',
        body: values,
      });
      if (answer.twoFactorRequired && answer.ticket) {
        setRestartReason(null);
        setTicket(answer.ticket);
        return undefined;
      }
      // Every loader runs again with the new session: the header learns who is signed in, and
      // this page's loader sends a signed-in person on to where the guard found them (?next=).
      await revalidator.revalidate();
      return undefined;
    },
    describeFailure: describeLoginFailure,
  });
  const shown = (name: keyof LoginValues) => form.errors[name];
  const busy = form.submitting;

  if (ticket)
    return (
      <AuthShell>
        <TwoFactorLoginStep
          ticket={ticket}
          onRestart={(why) => {
            setTicket(null);
            setRestartReason(why);
          }}
        />
      </AuthShell>
    );

  return (
    <AuthShell>
      <h2>Login</h2>
      <p className="auth-lead">Staff sign in to manage the website.</p>
      <form method="post" noValidate className="auth-form" onSubmit={(event) => void form.submit(event)}>
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            required
            value={form.values.username}
            aria-invalid={shown('username') ? true : undefined}
            aria-describedby={shown('username') ? 'login-username-error' : undefined}
            onChange={(e) => {
              const next = e.target.value;
              form.setValue('username', () => next);
            }}
            onBlur={() => form.touch('username')}
          />
          {shown('username') && (
            <p id="login-username-error" className="field-error">
              {shown('username')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <div className="password-row">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={form.values.password}
              aria-invalid={shown('password') ? true : undefined}
              aria-describedby={shown('password') ? 'login-password-error' : undefined}
              onChange={(e) => {
                const next = e.target.value;
                form.setValue('password', () => next);
              }}
              onBlur={() => form.touch('password')}
            />
            <button
              type="button"
              className="btn btn-light"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              aria-controls="login-password"
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
          {shown('password') && (
            <p id="login-password-error" className="field-error">
              {shown('password')}
            </p>
          )}
        </div>
        <div role="alert" className="form-message">
          {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
          {restartReason && !form.notice && <p className="form-error">{restartReason}</p>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/forgot">Forgot your password?</Link>
      </p>
      <p className="auth-switch">
        No account yet? <Link to="/signup">Sign up</Link>
      </p>
    </AuthShell>
  );
}
