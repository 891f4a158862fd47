import { useEffect, useState } from 'react';
import {
  Form,
  Link,
  NavLink,
  Outlet,
  redirect,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import { roleDeclaration } from '../../../shared/permissions';
import { FeedbackProvider } from '../../admin/feedback';
import { readTimesIn } from '../../admin/format';
import { loginRedirect } from '../../admin/load';
import { NotForYourRole } from '../../admin/not-for-role';
import { ScreenError } from '../../admin/screen-error';
import { DASHBOARD_PATH, screensFor } from '../../admin/screens';
import { forgetSignedIn, refusedScreen, rememberSignedIn } from '../../admin/signed-in';
import { ServerStatusBanner } from '../../components/app-shell';
import { BUTTON_WORDS } from '../../components/words';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/layout';
import '../../admin/admin.css';

/** The guard of the whole staff area: no approved session, no admin page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  // The settings require two-factor sign-in of this person and it is off: My account until it is on.
  if (context.user.twoFactorSetupRequired && new URL(request.url).pathname !== '/account')
    throw redirect('/account#two-factor');
  return { user: context.user };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A new screen closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // The screens' loaders read the person from here once the layout is drawn (admin/signed-in.ts).
  rememberSignedIn(user);
  useEffect(() => forgetSignedIn, []);
  // Every date on every screen is read in the site's time zone, whatever the browser's is.
  readTimesIn(root?.settings.timeZone);
  const screens = screensFor(user.role);
  // A screen the role may not open is refused here, in the layout; its loader asked nothing.
  const refused = refusedScreen(user.role, location.pathname);
  const loading = navigation.state === 'loading' && navigation.location?.pathname !== location.pathname;

  return (
    <div className="admin-shell">
      <FeedbackProvider>
        <a className="skip-link" href="#admin-main">
          Skip to content
        </a>
        <header className="admin-header">
          <Link to="/home" className="admin-brand">
            {root?.settings.companyName ?? 'Website'}
            {/* The signed-in person's role, so nobody is told they are an admin. */}
            <span className="admin-brand-tag">{roleDeclaration(user.role).label}</span>
          </Link>
          <button
            type="button"
            className="btn btn-light btn-small-above-phone admin-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <nav className="admin-header-links" aria-label="Account">
            <NavLink to={DASHBOARD_PATH} end>
              Dashboard
            </NavLink>
            <NavLink to="/account" className="admin-user" title={`Signed in as ${user.username}`}>
              {user.name}
            </NavLink>
            <Form method="post" action="/logout">
              <button type="submit" className="btn btn-light btn-small-above-phone">
                {BUTTON_WORDS.logOut}
              </button>
            </Form>
          </nav>
        </header>
        <div className="admin-body">
          <nav
            id="admin-nav"
            className={menuOpen ? 'admin-nav open' : 'admin-nav'}
            aria-label="Admin screens"
          >
            <ul>
              <li>
                <NavLink to={DASHBOARD_PATH} end>
                  Dashboard
                </NavLink>
              </li>
              {screens.map((screen) => (
                <li key={screen.path}>
                  <NavLink to={screen.path}>{screen.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="admin-main" className="admin-main" aria-busy={loading}>
            {loading && <div className="route-progress" role="progressbar" aria-label="Loading" />}
            {refused ? <NotForYourRole role={user.role} screen={refused} /> : <Outlet />}
          </main>
        </div>
        <ServerStatusBanner />
      </FeedbackProvider>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main className="admin-main">
      <ScreenError />
    </main>
  );
}
