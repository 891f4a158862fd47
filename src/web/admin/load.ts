import { redirect } from 'react-router';
import { redirectTargetOr } from '../../shared/redirect-target';
import { ApiError, api } from '../lib/api';

/** Where the guard sends someone whose session ended: the login page, then back here. */
export function loginRedirect(url: URL) {
  return redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * A read for an admin screen's client loader. A session that ended meanwhile goes to the login
 * page; other failures reach the screen's error boundary with the server's message.
 */
export async function adminRead<T>(path: string, request: Request): Promise<T> {
  try {
    return await api<T>(path, { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(new URL(request.url));
    throw error;
  }
}

/** Like adminRead, but a missing endpoint or a refusal (403) gives null rather than failing the screen. */
export async function optionalRead<T>(path: string, request: Request): Promise<T | null> {
  try {
    return await adminRead<T>(path, request);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/**
 * Where a login goes next: the `next` the guard handed over when it stays on this site (the
 * request's own origin), else `home` (the role's first screen: admin/screens.ts). No open
 * redirect: see shared/redirect-target.
 */
export function safeNext(next: string | null | undefined, origin: string, home = '/dashboard'): string {
  return redirectTargetOr(next, origin, home);
}
