import { useEffect, useState } from 'react';
import { type AccountEmailState, emailChangeSchema } from '../../shared/recovery';
import { api } from '../lib/api';
import { SchemaForm } from './schema-form';

const FIELDS = [
  { name: 'email', label: 'New e-mail address', type: 'email', autoComplete: 'email' },
  { name: 'currentPassword', label: 'Your password', type: 'password', autoComplete: 'current-password' },
] as const;

/**
 * My account's e-mail section: where reset links go. A new address counts once the link mailed
 * to it is opened, so a typo cannot lock anyone out of recovery.
 */
export function AccountEmail() {
  const [state, setState] = useState<AccountEmailState | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    api<AccountEmailState>('/api/auth/email')
      .then(setState)
      .catch(() => setState({ email: null, pendingEmail: null }));
  }, []);
  return (
    <div className="account-card">
      <h2>E-mail</h2>
      <p>
        {state === null
          ? 'Loading…'
          : state.email
            ? `Reset links and notices go to ${state.email}.`
            : 'Your account has no e-mail address: if you forget your password, only an admin can help.'}
      </p>
      {state?.pendingEmail && !sent && (
        <p className="muted">Waiting for confirmation: {state.pendingEmail} (open the link we sent there).</p>
      )}
      {sent && (
        <div role="status" className="notice-inline success">
          <p>{sent}</p>
        </div>
      )}
      <SchemaForm
        schema={emailChangeSchema}
        fields={FIELDS}
        idPrefix="account-email"
        submitLabel="Change e-mail"
        busyLabel="Sending…"
        endpoint="/api/auth/email"
        method="PUT"
        onDone={(answer) => setSent((answer as { message: string }).message)}
      />
    </div>
  );
}
