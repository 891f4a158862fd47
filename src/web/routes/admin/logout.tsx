import { Form, redirect } from 'react-router';
import { BUTTON_WORDS } from '../../components/words';
import { api } from '../../lib/api';

/** Log out: end the session on the server (not just in this tab), then show the login page. */
export async function clientAction() {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch {
    // Even when the server cannot be reached, leave the staff area; the cookie expires on its own.
  }
  return redirect('/login');
}

export function meta() {
  return [{ title: 'Log out' }];
}

export default function Logout() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Log out</h1>
        <Form method="post">
          <button type="submit" className="btn btn-primary">
            {BUTTON_WORDS.logOut}
          </button>
        </Form>
      </div>
    </main>
  );
}
