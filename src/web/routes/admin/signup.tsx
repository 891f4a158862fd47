import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authMessages, signupSchema } from '../../../shared/auth';
import { secretFrom } from '../../../shared/secret-links';
import { SchemaForm } from '../../admin/schema-form';
import type { Route } from './+types/signup';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

export function meta() {
  return [{ title: 'Sign up' }, { name: 'robots', content: 'noindex' }];
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

/**
 * Until an admin exists the first account claims the site and needs the setup code; after that
 * the page offers a form only while the settings let anyone ask for an account (decision 094).
 */
export function loader({ context }: Route.LoaderArgs) {
  return context.site.signupStatus();
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { claimed, signupOpen } = loaderData;
  const [created, setCreated] = useState<{ message: string; role: string } | null>(null);
  const linkCode = secretFrom('setup', useSearchParams()[0]);
  const [typedCode, setTypedCode] = useState('');
  const setupCode = linkCode || typedCode;
  return (
    <AuthShell>
      <h2>Sign up</h2>
      {claimed && !signupOpen ? (
        <>
          <div role="status" className="notice-inline">
            <p>{authMessages.byInvitation}</p>
          </div>
          <p className="auth-switch">
            Already have an account? <Link to="/login">Login</Link>
          </p>
        </>
      ) : created ? (
        <>
          <div role="status" className={created.role === 'admin' ? 'notice-inline success' : 'notice-inline'}>
            <p>{created.message}</p>
          </div>
          <p className="auth-switch">
            {created.role === 'admin' ? (
              <Link to="/login" className="btn btn-primary">
                Go to login
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
          {!claimed ? (
            <div className="notice-inline">
              <p>
                This site has no admin yet: the account you create now becomes the admin.
                {linkCode ? ' The setup code from your link is filled in.' : ''}
              </p>
            </div>
          ) : (
            <p className="auth-lead">Create a staff account.</p>
          )}
          {!claimed && !linkCode && (
            <div className="field setup-code-field">
              <label htmlFor="signup-setup-code">Setup code</label>
              <input
                id="signup-setup-code"
                name="setupCode"
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-describedby="signup-setup-code-hint"
                value={typedCode}
                onChange={(e) => setTypedCode(e.target.value)}
              />
              <p id="signup-setup-code-hint" className="field-hint">
                The server prints it when it starts, in a link ending in /signup?code=…
              </p>
            </div>
          )}
          <SchemaForm
            schema={signupSchema}
            fields={FIELDS}
            idPrefix="signup"
            submitLabel="Sign up"
            busyLabel="Signing up…"
            endpoint="/api/auth/signup"
            extra={setupCode ? { setupCode } : undefined}
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
