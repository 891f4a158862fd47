import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type SignupInput, signupSchema } from '../../../shared/auth';
import { fieldErrors } from '../../../shared/content/schema';
import { ApiError, api } from '../../lib/api';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Sign Up' }, { name: 'robots', content: 'noindex' }];
}

const FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

export default function Signup() {
  const [values, setValues] = useState<SignupInput>({ name: '', username: '', password: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ message: string; role: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useMemo(() => {
    const parsed = signupSchema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, [values]);
  const invalid = Object.keys(errors).length > 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (invalid || busy) {
      setTouched({ name: true, username: true, password: true });
      setError('Please fill all fields correctly.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await api<{ message: string; role: string }>('/api/auth/signup', {
        method: 'POST',
        body: values,
      });
      setCreated(user);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setServerFields(failure.fields);
        setError(Object.keys(failure.fields).length ? 'Please fill all fields correctly.' : failure.message);
      } else setError('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (created)
    return (
      <AuthShell>
        <h2>Sign Up</h2>
        <div role="status" className={created.role === 'admin' ? 'notice-inline success' : 'notice-inline'}>
          <p>{created.message}</p>
        </div>
        <p className="auth-switch">
          {created.role === 'admin' ? (
            <Link to="/login" className="btn btn-primary">
              Go to Login
            </Link>
          ) : (
            <>
              An admin will approve your account. <Link to="/login">Login</Link> once they have.
            </>
          )}
        </p>
      </AuthShell>
    );

  return (
    <AuthShell>
      <h2>Sign Up</h2>
      <p className="auth-lead">Create a staff account.</p>
      <form method="post" noValidate className="auth-form" onSubmit={submit}>
        {FIELDS.map(({ name, label, type, autoComplete }) => {
          const message = serverFields[name] ?? (touched[name] ? errors[name] : undefined);
          return (
            <div className="field" key={name}>
              <label htmlFor={`signup-${name}`}>{label}</label>
              <input
                id={`signup-${name}`}
                name={name}
                type={type}
                autoComplete={autoComplete}
                autoCapitalize={name === 'name' ? undefined : 'none'}
                required
                value={values[name]}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `signup-${name}-error` : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [name]: e.target.value }));
                  setServerFields(({ [name]: _gone, ...rest }) => rest);
                }}
                onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
              />
              {message && (
                <p id={`signup-${name}-error`} className="field-error">
                  {message}
                </p>
              )}
            </div>
          );
        })}
        <div role="alert" className="form-message">
          {error && <p className="form-error">{error}</p>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={invalid || busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthShell>
  );
}
