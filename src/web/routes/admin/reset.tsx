import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LINK_TOKEN, recoveryMessages, resetFormSchema } from '../../../shared/recovery';
import { secretFrom } from '../../../shared/secret-links';
import { SchemaForm } from '../../admin/schema-form';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }];
}

// The page's address carries a reset token: nothing may keep it.
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

const FIELDS = [
  { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'repeat', label: 'Repeat the new password', type: 'password', autoComplete: 'new-password' },
] as const;

/** The page behind a reset link: a new password, twice. The link works once, for 30 minutes. */
export default function Reset() {
  const [params] = useSearchParams();
  const token = secretFrom('reset', params);
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthShell>
      <h2>Choose a new password</h2>
      {done ? (
        <>
          <div role="status" className="notice-inline success">
            <p>{done}</p>
          </div>
          <p className="auth-switch">
            <Link to="/login" className="btn btn-primary">
              Go to login
            </Link>
          </p>
        </>
      ) : LINK_TOKEN.test(token) ? (
        <>
          <p className="auth-lead">At least 8 characters. Every session of your account is signed out.</p>
          <SchemaForm
            schema={resetFormSchema}
            fields={FIELDS}
            idPrefix="reset"
            submitLabel="Set new password"
            busyLabel="Saving…"
            endpoint="/api/auth/reset"
            body={(values) => ({ token, password: values.password })}
            onDone={(answer) => setDone((answer as { message: string }).message)}
          />
          <p className="auth-switch">
            Link expired or used? <Link to="/forgot">Ask for a new one</Link>
          </p>
        </>
      ) : (
        <>
          <div role="alert" className="notice-inline">
            <p>{recoveryMessages.linkInvalid}</p>
          </div>
          <p className="auth-switch">
            <Link to="/forgot">Ask for a new link</Link>
          </p>
        </>
      )}
    </AuthShell>
  );
}
