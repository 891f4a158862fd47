import { useMemo, useState } from 'react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { loginSchema } from '../../../shared/auth';
import { fieldErrors } from '../../../shared/content/schema';
import { safeNext } from '../../admin/load';
import { ApiError, api } from '../../lib/api';
import type { Route } from './+types/login';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Login' }, { name: 'robots', content: 'noindex' }];
}

/** Someone already signed in goes straight on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) return null;
  const url = new URL(request.url);
  throw redirect(safeNext(url.searchParams.get('next'), url.origin));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const parsed = loginSchema.safeParse({ username: form.get('username'), password: form.get('password') });
  if (!parsed.success) return { fields: fieldErrors(parsed.error), error: null };
  try {
    await api('/api/auth/login', { method: 'POST', body: parsed.data });
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : 'Please try again.';
    return { fields: error instanceof ApiError ? error.fields : {}, error: `Login Error: ${reason}` };
  }
  // A redirect from an action makes every loader run again: the header learns who is signed in.
  return redirect(safeNext(String(form.get('next') ?? ''), new URL(request.url).origin));
}

export default function Login() {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const errors = useMemo(() => {
    const parsed = loginSchema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, [values]);
  const shown = (name: 'username' | 'password') =>
    touched[name] || submitted ? (errors[name] ?? result?.fields?.[name]) : undefined;
  const busy = navigation.state === 'submitting';

  return (
    <AuthShell>
      <h2>Login</h2>
      <p className="auth-lead">Staff sign in to manage the website.</p>
      <Form
        method="post"
        noValidate
        className="auth-form"
        onSubmit={(event) => {
          setSubmitted(true);
          if (Object.keys(errors).length > 0) event.preventDefault();
        }}
      >
        <input type="hidden" name="next" value={params.get('next') ?? ''} />
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            required
            value={values.username}
            aria-invalid={shown('username') ? true : undefined}
            aria-describedby={shown('username') ? 'login-username-error' : undefined}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
            onBlur={() => setTouched((t) => ({ ...t, username: true }))}
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
              value={values.password}
              aria-invalid={shown('password') ? true : undefined}
              aria-describedby={shown('password') ? 'login-password-error' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
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
          {result?.error && <p className="form-error">{result.error}</p>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </Form>
      <p className="auth-switch">
        No account yet? <Link to="/signup">Sign up</Link>
      </p>
    </AuthShell>
  );
}
