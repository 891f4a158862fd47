import { type ChangeEvent, useState } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { type LoginInput, loginSchema } from '../../../shared/auth';
import { messages } from '../../../shared/content/field-checks';
import { fieldErrors } from '../../../shared/content/schema';
import { safeNext } from '../../admin/load';
import { PasswordInput } from '../../admin/password-input';
import { homeFor } from '../../admin/screens';
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
  // A technician starts the day on My jobs, the others on the dashboard.
  throw redirect(safeNext(url.searchParams.get('next'), url.origin, homeFor(context.user.role)));
}

const checkLogin = (values: LoginValues) => {
  const parsed = loginSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

export default function Login() {
  const revalidator = useRevalidator();
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
  /** What both boxes share: their value, their message's wiring and their edits. */
  const bound = (name: keyof LoginValues) => ({
    name,
    required: true,
    value: form.values[name],
    'aria-invalid': shown(name) ? true : undefined,
    'aria-describedby': shown(name) ? `login-${name}-error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = e.target.value;
      form.setValue(name, () => next);
    },
    onBlur: () => form.touch(name),
  });

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
          <input id="login-username" autoComplete="username" autoCapitalize="none" {...bound('username')} />
          {shown('username') && (
            <p id="login-username-error" className="field-error">
              {shown('username')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <PasswordInput id="login-password" autoComplete="current-password" {...bound('password')} />
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
