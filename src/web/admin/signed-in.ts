import { data } from 'react-router';
import type { PublicUser } from '../../shared/auth';
import { mayCall } from '../../shared/permissions';
import { adminRead } from './load';
import { type AdminScreen, screenAt } from './screens';

/**
 * Who is signed in, for the staff screens' client loaders: they run beside the layout's loader,
 * not after it, so they cannot read its data. The layout hands its person over as it draws; only
 * the first screen of a page load, before the layout has drawn, asks the server once.
 */
let known: Promise<PublicUser> | null = null;
let knownUser: PublicUser | null = null;

/** The layout's person, for the next loaders (called as the layout draws). */
export function rememberSignedIn(user: PublicUser) {
  // The server draws the layout for every person: it keeps nobody.
  if (typeof window === 'undefined') return;
  if (knownUser?._id === user._id && knownUser.role === user.role) return;
  knownUser = user;
  known = Promise.resolve(user);
}

/** Forget the person when the staff area closes: whoever signs in next is someone else. */
export function forgetSignedIn() {
  known = null;
  knownUser = null;
}

export function signedIn(request: Request): Promise<PublicUser> {
  // Shared by every loader of the page load: not tied to one navigation's signal, so a navigation
  // that is cancelled cannot fail (or hold up) the next one waiting on the same answer.
  known ??= adminRead<PublicUser>('/api/auth/current-user', new Request(request.url)).catch(
    (error: unknown) => {
      known = null;
      throw error;
    },
  );
  return known;
}

/** What a refused screen's loader throws; the layout shows "not for your role" in its place. */
export interface NotForRole {
  screen: AdminScreen;
}

/** The screen at this address when the role may not open it. */
export function refusedScreen(role: PublicUser['role'], pathname: string): AdminScreen | undefined {
  const screen = screenAt(pathname);
  return screen && !mayCall(role, screen.access) ? screen : undefined;
}

/**
 * The first step of every staff screen's client loader: the person signed in, or a refusal before
 * the screen asks the server anything its role may not have (no 403 in the console).
 */
export async function openScreen(request: Request): Promise<PublicUser> {
  const user = await signedIn(request);
  const screen = refusedScreen(user.role, new URL(request.url).pathname);
  if (screen) throw data({ screen } satisfies NotForRole, { status: 403 });
  return user;
}
