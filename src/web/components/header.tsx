import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { PublicUser } from '../../shared/auth';
import type { SiteSettings } from '../../shared/content/settings';
import { isSiteLink, telHref } from '../../shared/text';
import { api } from '../lib/api';
import { Icon } from './icons';

interface HeaderProps {
  settings: SiteSettings;
  user: PublicUser | null;
}

/**
 * Close a <details> disclosure on Escape (focus back on its summary), on a click outside it and
 * after navigation. Without JavaScript the disclosure still opens and closes by itself.
 */
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a new location means
  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [location.pathname]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    const onPointer = (event: Event) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener('keydown', onKey);
    document.addEventListener('click', onPointer);
    return () => {
      details.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onPointer);
    };
  }, []);
  return ref;
}

function AppsMenu({ settings }: { settings: SiteSettings }) {
  const ref = useDisclosure();
  const portals = [
    { label: settings.portal1Label, url: settings.portal1Url },
    { label: settings.portal2Label, url: settings.portal2Url },
  ].filter((portal) => portal.label && portal.url && isSiteLink(portal.url));
  return (
    <details className="apps-menu" ref={ref}>
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
  );
}

function LogoutButton() {
  const navigate = useNavigate();
  async function logout() {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } finally {
      navigate('/login');
    }
  }
  return (
    <button type="button" className="nav-link nav-button" onClick={logout}>
      LogOut
    </button>
  );
}

function NavItems({ settings, user, mobile }: HeaderProps & { mobile: boolean }) {
  const link = (to: string, label: string) => (
    <li>
      <NavLink to={to} className="nav-link" prefetch="intent">
        {label}
      </NavLink>
    </li>
  );
  const items: ReactNode = (
    <>
      {link('/home', 'Home')}
      {link('/services', 'Services')}
      {link('/serviceCenter', 'Service Center')}
      <li>
        <AppsMenu settings={settings} />
      </li>
      {link('/about', 'About')}
      {link('/client', 'Clients')}
      {link('/contact', 'Contact')}
      {user ? (
        <>
          {link('/dashboard', 'Dashboard')}
          <li>
            <LogoutButton />
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
  const ref = useDisclosure();
  return (
    <details className="mobile-menu" ref={ref}>
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
