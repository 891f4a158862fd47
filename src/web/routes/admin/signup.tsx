import { useState } from 'react';
import { Link } from 'react-router';
import { signupSchema } from '../../../shared/auth';
import { SchemaForm } from '../../admin/schema-form';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Sign Up' }, { name: 'robots', content: 'noindex' }];
}

const FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'email',
    label: 'E-mail (optional)',
    type: 'email',
    autoComplete: 'email',
    optional: true,
  },
] as const;

export default function Signup() {
  const [created, setCreated] = useState<{ message: string; role: string } | null>(null);
  return (
    <AuthShell>
      <h2>Sign Up</h2>
      {created ? (
        <>
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
        </>
      ) : (
        <>
          <p className="auth-lead">Create a staff account.</p>
          <SchemaForm
            schema={signupSchema}
            fields={FIELDS}
            idPrefix="signup"
            submitLabel="Sign Up"
            busyLabel="Signing up…"
            endpoint="/api/auth/signup"
            onDone={(answer) => setCreated(answer as { message: string; role: string })}
          />
          <p className="auth-switch">
            Already have an account? <Link to="/login">Login</Link>
          </p>
        </>
      )}
    </AuthShell>
  );
}
