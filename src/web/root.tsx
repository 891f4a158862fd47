import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { settings as settingsDef } from '../shared/content/settings';
import { visibleTo } from '../shared/content/visibility';
import type { Route } from './+types/root';
import './context';
import './styles/app.css';

// On every page, admin included: without it the browser asks for /favicon.ico, which is a 404.
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  // Staff-only settings (where messages are e-mailed) never reach the page's HTML, whoever is
  // signed in: pages are cached and replayed to visitors.
  const settings = visibleTo(null, settingsDef, await context.site.settings());
  return {
    settings,
    user: context.user,
    nonce: context.nonce,
    origin: context.origin,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Effects run children first: once this is set, every component of the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="page-error">
      <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{status === 404 ? 'The page you asked for does not exist.' : 'Please try again in a moment.'}</p>
      <a href="/home">Go to the home page</a>
    </main>
  );
}
