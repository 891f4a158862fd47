import { OFFLINE_CONTACT_PATH } from '../../shared/offline-contact';
import { isPublicPagePath, OFFLINE_PATH } from '../../shared/seo/public-pages';

/**
 * What the service worker does with a request, as pure functions so that tests can ask them
 * without a browser. The worker (sw.ts) only carries these decisions out.
 */

/** The facts of a fetch the worker decides on (a subset of `Request`). */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  /** The page that asked for a file; '' when the browser does not say. */
  referrer: string;
}

/** The facts of an answer the worker may keep (a subset of `Response`). */
export interface ResponseFacts {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * 'page': network first, then the kept copy or the offline page. 'asset': kept file first.
 * 'contact': the company's numbers (shared/offline-contact.ts), network first, then the kept copy.
 */
export type Handling = 'page' | 'asset' | 'contact' | 'network';

/** Styles, scripts, fonts and icons under hashed names: a name never changes its content. */
const ASSET_PATH = /^\/assets\/[\w.-]+\.(?:css|js|woff2?|svg|png|webp|avif)$/;

const isKnownPage = (pathname: string) => isPublicPagePath(pathname) || pathname === OFFLINE_PATH;

/**
 * The worker handles navigations to the public pages it knows and the files those pages load;
 * everything else (admin screens, /login, /api, other sites, any write) goes to the network untouched.
 */
export function handlingOf(request: RequestFacts, origin: string): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return isKnownPage(url.pathname) ? 'page' : 'network';
  if (url.pathname === OFFLINE_CONTACT_PATH) return 'contact';
  if (!ASSET_PATH.test(url.pathname) || !request.referrer) return 'network';
  const from = new URL(request.referrer, origin);
  return from.origin === origin && isKnownPage(from.pathname) ? 'asset' : 'network';
}

/** Where a page's copy is kept: the path alone, so a query string never finds or makes a copy. */
export const pageKey = (url: string) => {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
};

/**
 * Whether an answer to a page navigation may be kept for offline use: a plain 200 HTML page for
 * an address without a query string, sent to nobody in particular. The browser hides the session
 * cookie from the worker, so "nobody in particular" is read from the answer: the server marks
 * everything it sends to a signed-in request `no-store` (security-headers.ts), and a response
 * that sets a cookie starts or ends a session.
 */
export function mayKeepPage(url: string, response: ResponseFacts): boolean {
  const { pathname, search } = new URL(url);
  if (search !== '' || !isKnownPage(pathname)) return false;
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (response.headers.get('set-cookie') !== null) return false;
  return !/no-store|private/i.test(response.headers.get('cache-control') ?? '');
}

/** A file under a hashed name is kept when it arrived whole. */
export const mayKeepAsset = (response: ResponseFacts) =>
  response.status === 200 && response.type === 'basic' && !response.redirected;

/**
 * The server says the page is no more (a record taken off the site or deleted, decision 109): its
 * kept copy is dropped, so it is not shown offline either.
 */
export const pageGone = (status: number) => status === 404 || status === 410;

/** A proxy's answer when the server behind it is down: show the kept copy instead. */
export const serverUnreachable = (status: number) => status === 502 || status === 503 || status === 504;

/** The styles and scripts a page loads (not its modulepreload hints), for the install's precache. */
export function filesOfPage(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    const href = /\shref="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (href && /\srel="stylesheet"/.test(tag)) files.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="(\/assets\/[^"]+)"/gi))
    files.add(match[1] as string);
  return [...files].filter((file) => ASSET_PATH.test(file));
}

/**
 * A kept page served while the server cannot be reached says so before any script runs: the
 * `<html>` element gets `data-server-down`, the attribute the server-status island sets, on which
 * the stylesheet shows the page's server-down banner (its text, the company's phone and WhatsApp).
 */
export function markServerDown(html: string): string {
  if (/<html\b[^>]*\sdata-server-down\b/i.test(html)) return html;
  return html.replace(/<html\b/i, '<html data-server-down="offline"');
}

/** A notification as the worker shows it, from a pushed message (shared/push.ts `PushMessage`). */
export interface NotificationPlan {
  title: string;
  body: string;
  tag: string;
  /** The page of this site a click opens. */
  url: string;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/**
 * What to show for a pushed message. Only our server can push to a subscription (the message is
 * encrypted for it and signed with our key), yet the page a click opens is still held to a path
 * of this site, never another origin: an odd message opens the dashboard instead.
 */
export function notificationOf(data: unknown, origin: string): NotificationPlan {
  const message = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  let url = '/dashboard';
  const path = text(message.url, 500);
  if (path.startsWith('/') && !path.startsWith('//')) {
    const resolved = new URL(path, origin);
    if (resolved.origin === origin) url = resolved.pathname + resolved.search;
  }
  return {
    title: text(message.title, 120) || 'Urgent request',
    body: text(message.body, 300),
    tag: text(message.tag, 100) || 'urgent',
    url,
  };
}
