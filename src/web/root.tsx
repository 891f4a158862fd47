import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { settings as settingsDef } from '../shared/content/settings';
import { visibleTo } from '../shared/content/visibility';
import type { Route } from './+types/root';
import './context';
import { TYPEFACE_HEAD_SCRIPT } from './islands/typeface';
import './styles/app.css';

// On every page, admin included: without it the browser asks for /favicon.ico.
const FAVICON = { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' } as const;
// The typeface is not preloaded: it would share a slow phone's first round trips with the HTML
// and delay the first paint; a public page loads it after its first paint (decisions 104, 106).
export const links: Route.LinksFunction = () => [FAVICON];

export async function loader({ context }: Route.LoaderArgs) {
  // Staff-only settings (where messages are e-mailed) never reach the page's HTML, whoever is
  // signed in: pages are cached and replayed to visitors.
  const settings = visibleTo(null, settingsDef, await context.site.settings());
  return {
    settings,
    user: context.user,
    nonce: context.nonce,
    origin: context.origin,
    islandScript: context.preview ? null : context.islandScript,
    preview: context.preview === true,
    previewPages: context.previewPages ?? [],
  };
}

/** The bar across a draft's preview: plain enough to need no stylesheet of the page's. */
const PREVIEW_STYLE =
  '.preview-banner{position:sticky;top:0;z-index:1000;margin:0;padding:.5rem 1rem;background:#7c2d12;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center}.preview-banner a{color:#fff;text-decoration:underline}.preview-banner a[aria-current]{text-decoration:none}';

/**
 * What a route declares about its page. `islands`: the page is served as HTML and never hydrates;
 * its only script is the islands bundle (docs/decisions/067). The public layout says so for every
 * public page; the admin area stays a single-page app.
 */
export interface PageHandle {
  islands?: boolean;
  /**
   * An islands page's stylesheets, as text (Vite `?inline` imports), written into its head: no
   * stylesheet request stands between the HTML and the first paint on a slow phone link.
   */
  styles?: string[];
}

function pageOf(matches: UIMatch[]) {
  const handles = matches.map((match) => (match.handle ?? {}) as PageHandle);
  return {
    islands: handles.some((handle) => handle.islands === true),
    styles: handles.flatMap((handle) => handle.styles ?? []),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { islands, styles } = pageOf(useMatches());
  return (
    // An islands page paints first in the typeface's fallback and takes Inter after (decision 106).
    <html lang="en" data-fonts={islands ? 'later' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data?.preview ? (
          <>
            <meta name="robots" content="noindex, nofollow" />
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours */}
            <style nonce={data.nonce} dangerouslySetInnerHTML={{ __html: PREVIEW_STYLE }} />
          </>
        ) : null}
        {islands ? (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours; the CSP carries its hash */}
            <script nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: TYPEFACE_HEAD_SCRIPT }} />
            <link {...FAVICON} />
            {styles.length > 0 ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheets from the build
              <style nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: styles.join('\n') }} />
            ) : null}
          </>
        ) : (
          <Links />
        )}
      </head>
      <body>
        {data?.preview ? (
          <p className="preview-banner" role="status">
            Preview, not public
            {data.previewPages.length > 0 && (
              <span className="preview-pages">
                {' · '}
                {data.previewPages.map((page, index) => (
                  <span key={page.href}>
                    {index > 0 && ' · '}
                    <a href={page.href} aria-current={page.current ? 'page' : undefined}>
                      {page.label}
                    </a>
                  </span>
                ))}
              </span>
            )}
          </p>
        ) : null}
        {children}
        {islands ? (
          data?.islandScript ? (
            <script type="module" src={data.islandScript} nonce={data.nonce} />
          ) : null
        ) : (
          <>
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Effects run children first: once this is set, every component of the page is interactive.
  // (A public page's islands set the same mark once they are bound.)
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
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
