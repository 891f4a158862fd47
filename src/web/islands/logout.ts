import { api } from '../lib/api';

/** Log out in the public header: end the session on the server, then show the login page. */
export function bindLogout(link: HTMLAnchorElement) {
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // Even when the server cannot be reached, leave; the session cookie expires on its own.
    }
    window.location.assign('/login');
  });
}
