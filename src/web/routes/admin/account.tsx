import { useRouteLoaderData } from 'react-router';
import { changePasswordSchema } from '../../../shared/auth';
import { roleDeclaration } from '../../../shared/permissions';
import { AccountEmail } from '../../admin/account-email';
import { BrowserNotifications } from '../../admin/browser-notifications';
import { useFeedback } from '../../admin/feedback';
import { ScreenHeader } from '../../admin/record-view';
import { SchemaForm } from '../../admin/schema-form';
import { SessionsList } from '../../admin/sessions-list';
import { TwoFactorSection } from '../../admin/two-factor-setup';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: 'My account | Admin' }];
}

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
] as const;

/** The signed-in person's own account: who they are, a password change, sessions, notifications. */
export default function Account() {
  const user = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const feedback = useFeedback();
  return (
    <section className="screen">
      <ScreenHeader title="My account" />
      {user && (
        <p>
          Signed in as <strong>{user.name}</strong> ({user.username}), role {roleDeclaration(user.role).label}
          .
        </p>
      )}
      <div className="account-card">
        <h2>Change password</h2>
        <SchemaForm
          schema={changePasswordSchema}
          fields={FIELDS}
          idPrefix="account"
          submitLabel="Change password"
          busyLabel="Changing…"
          endpoint="/api/auth/password"
          method="PUT"
          onDone={() =>
            feedback.success('Your password was changed. Sessions on other devices were signed out.')
          }
        />
      </div>
      <div className="account-card account-sessions">
        <h2>Sessions</h2>
        <p className="muted">Where your account is signed in. Sign out any you do not recognise.</p>
        <SessionsList path="/api/auth/sessions" own />
      </div>
      <AccountEmail />
      <TwoFactorSection />
      <BrowserNotifications />
    </section>
  );
}
