import { useState } from 'react';
import { Link } from 'react-router';
import { forgotBody, forgotFormSchema } from '../../../shared/recovery';
import { SchemaForm } from '../../admin/schema-form';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Forgot your password?' }, { name: 'robots', content: 'noindex' }];
}

const FIELDS = [
  { name: 'account', label: 'Username or e-mail', type: 'text', autoComplete: 'username' },
] as const;

/** Ask for a reset link. The answer is the same whether or not the account exists. */
export default function Forgot() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <AuthShell>
      <h2>Forgot your password?</h2>
      {sent ? (
        <div role="status" className="notice-inline success">
          <p>{sent}</p>
        </div>
      ) : (
        <>
          <p className="auth-lead">
            Enter your username or e-mail address. If your account has an e-mail address, we send it a link to
            choose a new password.
          </p>
          <SchemaForm
            schema={forgotFormSchema}
            fields={FIELDS}
            idPrefix="forgot"
            submitLabel="Send reset link"
            busyLabel="Sending…"
            endpoint="/api/auth/forgot"
            body={(values) => forgotBody(values.account)}
            onDone={(answer) => setSent((answer as { message: string }).message)}
          />
        </>
      )}
      <p className="auth-switch">
        No e-mail address on your account? Ask an admin for a reset link.{' '}
        <Link to="/login">Back to login</Link>
      </p>
    </AuthShell>
  );
}
