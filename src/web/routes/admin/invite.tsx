import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  acceptInviteFormSchema,
  invitationMessages,
  type PublicInvitation,
} from '../../../shared/invitations';
import { ROLE_DECLARATIONS } from '../../../shared/permissions';
import { LINK_TOKEN } from '../../../shared/recovery';
import { secretFrom } from '../../../shared/secret-links';
import { Spinner } from '../../admin/feedback';
import { SchemaForm } from '../../admin/schema-form';
import { api } from '../../lib/api';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Accept your invitation' }, { name: 'robots', content: 'noindex' }];
}

// The page's address carries the invitation's token: nothing may keep it.
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

const FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

/**
 * The page behind an invitation's link: who is invited and as what, then a name, a username and a
 * password. Accepting makes the account and signs it in, and the person lands on the dashboard.
 */
export default function Invite() {
  const [params] = useSearchParams();
  const token = secretFrom('invitation', params);
  const navigate = useNavigate();
  const wellFormed = LINK_TOKEN.test(token);
  // undefined while asking; null when the link cannot be accepted (unknown, used, expired, revoked).
  const [invitation, setInvitation] = useState<PublicInvitation | null | undefined>(
    wellFormed ? undefined : null,
  );
  useEffect(() => {
    if (!wellFormed) return;
    api<PublicInvitation>(`/api/auth/invitation?token=${encodeURIComponent(token)}`).then(setInvitation, () =>
      setInvitation(null),
    );
  }, [token, wellFormed]);

  return (
    <AuthShell>
      <h2>Accept your invitation</h2>
      {invitation === undefined ? (
        <Spinner />
      ) : invitation === null ? (
        <>
          <div role="alert" className="notice-inline">
            <p>{invitationMessages.linkEnded}</p>
          </div>
          <p className="auth-switch">
            Have an account already? <Link to="/login">Login</Link>
          </p>
        </>
      ) : (
        <>
          <div className="notice-inline invitation-for">
            <p>
              <strong>{invitation.email}</strong> is invited as <strong>{invitation.roleLabel}</strong>.
            </p>
            <p className="muted">{ROLE_DECLARATIONS[invitation.role].summary}</p>
          </div>
          <p className="auth-lead">Choose how you sign in. The password needs at least 8 characters.</p>
          <SchemaForm
            schema={acceptInviteFormSchema}
            fields={FIELDS}
            idPrefix="invite"
            submitLabel="Create my account"
            busyLabel="Creating your account…"
            endpoint="/api/auth/accept-invite"
            initial={{ name: invitation.name ?? '' }}
            body={(values) => ({ ...values, token })}
            // Signed in by the answer's cookie: the dashboard's loaders see the new session.
            onDone={() => void navigate('/dashboard', { replace: true })}
          />
        </>
      )}
    </AuthShell>
  );
}
