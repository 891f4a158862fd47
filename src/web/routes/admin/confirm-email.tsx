import { data, Form, Link } from 'react-router';
import { LINK_TOKEN, recoveryMessages } from '../../../shared/recovery';
import { secretFrom } from '../../../shared/secret-links';
import type { Route } from './+types/confirm-email';
import { AuthShell } from './auth-shell';
import '../../admin/admin.css';

/**
 * The page behind the link mailed to an account's new address. Mail scanners open links, so
 * opening it changes nothing: its button's POST (a plain form, no JavaScript needed) does.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = secretFrom('confirmEmail', new URL(request.url).searchParams);
  return { token: LINK_TOKEN.test(token) ? token : '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await context.site.confirmAccountEmail(String(form.get('token') ?? ''));
  return data(outcome, { status: outcome.ok ? 200 : 400 });
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return [{ title: 'Confirm your e-mail address' }, { name: 'robots', content: 'noindex' }];
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthShell>
      <h2>Confirm your e-mail address</h2>
      {actionData ? (
        <>
          <div role="status" className={`notice-inline${actionData.ok ? ' success' : ''}`}>
            <p>{actionData.message}</p>
          </div>
          <p className="auth-switch">
            <Link to="/account">Go to My account</Link>
          </p>
        </>
      ) : loaderData.token ? (
        <>
          <p className="auth-lead">Press the button to make this the e-mail address of your staff account.</p>
          <Form method="post" reloadDocument className="auth-form">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn btn-primary btn-block">
              Confirm address
            </button>
          </Form>
        </>
      ) : (
        <div role="alert" className="notice-inline">
          <p>{recoveryMessages.linkInvalid}</p>
        </div>
      )}
    </AuthShell>
  );
}
