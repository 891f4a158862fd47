import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { PublicUser } from '../../shared/auth';
import type { SiteSettings } from '../../shared/content/settings';
import { isSiteLink, telHref } from '../../shared/text';
import { Icon } from './icons';
import { BUTTON_WORDS } from './words';

interface HeaderProps {
  settings: SiteSettings;
  user: PublicUser | null;
}

/** The Apps menu, as a nav item: an entry needs a name and an address; with no entry, no menu. */
function AppsMenu({ settings }: { settings: SiteSettings }) {
  const portals = [
    { label: settings.portal1Label, url: settings.portal1Url },
    { label: settings.portal2Label, url: settings.portal2Url },
  ].filter((portal) => portal.label && portal.url && isSiteLink(portal.url));
  if (portals.length === 0) return null;
  return (
    <li>
      <details className="apps-menu" data-island="disclosure">
        <summary className="nav-link">
          Apps <Icon name="chevron" className="icon icon-sm" />
        </summary>
        <ul className="apps-menu-list">
          {portals.map((portal) => (
            <li key={portal.url}>
              <a href={portal.url} target="_blank" rel="noopener">
                {portal.label}
                <Icon name="external" className="icon icon-sm" />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * Log out on a public page: the logout page (its button ends the session) without JavaScript; the
 * logout island ends the session at once and goes to the login page.
 */
function LogoutLink() {
  return (
    <a href="/logout" className="nav-link nav-button" data-island="logout">
      {BUTTON_WORDS.logOut}
    </a>
  );
}

function NavItems({ settings, user, mobile }: HeaderProps & { mobile: boolean }) {
  const link = (to: string, label: string) => (
    <li>
      <NavLink to={to} className="nav-link">
        {label}
      </NavLink>
    </li>
  );
  const items: ReactNode = (
    <>
      {link('/home', 'Home')}
      {link('/services', 'Services')}
      {link('/projects', 'Projects')}
      {link('/serviceCenter', 'Service centers')}
      <AppsMenu settings={settings} />
      {link('/about', 'About')}
      {link('/client', 'Clients')}
      {link('/contact', 'Contact')}
      {user ? (
        <>
          {link('/dashboard', 'Dashboard')}
          <li>
            <LogoutLink />
          </li>
        </>
      ) : mobile ? (
        link('/login', 'Login')
      ) : null}
    </>
  );
  return <ul className="nav-list">{items}</ul>;
}

function MobileMenu(props: HeaderProps) {
  return (
    <details className="mobile-menu" data-island="disclosure">
      <summary className="menu-toggle">
        <Icon name="menu" />
        <span className="visually-hidden">Menu</span>
      </summary>
      <nav aria-label="Main menu" className="mobile-nav">
        <NavItems {...props} mobile />
      </nav>
    </details>
  );
}

export function SiteHeader({ settings, user }: HeaderProps) {
  return (
    <header className={user ? 'site-header is-signed-in' : 'site-header'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container header-inner">
        <Link to="/home" className="brand">
          <Icon name="logo" className="brand-mark" />
          <span className="brand-name">{settings.companyName}</span>
        </Link>
        <nav aria-label="Main" className="desktop-nav">
          <NavItems settings={settings} user={user} mobile={false} />
        </nav>
        <a className="btn btn-primary btn-small header-call" href={telHref(settings.phone)}>
          <Icon name="phone" />
          <span className="header-call-number">{settings.phone}</span>
        </a>
        <MobileMenu settings={settings} user={user} />
      </div>
    </header>
  );
}
