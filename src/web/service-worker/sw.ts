import { OFFLINE_CONTACT_PATH } from '../../shared/offline-contact';
import { OFFLINE_PATH } from '../../shared/seo/public-pages';
import {
  filesOfPage,
  handlingOf,
  markServerDown,
  mayKeepAsset,
  mayKeepPage,
  notificationOf,
  pageGone,
  pageKey,
  serverUnreachable,
} from './decisions';

/**
 * The public site's service worker (docs/decisions/066): pages the visitor has seen, and the
 * offline page, stay readable when the server cannot be reached. What it handles and keeps is
 * decided in decisions.ts; everything else passes to the network untouched.
 */

// The DOM library's types lack the worker's own events; these are the parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data?: { url?: string } };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  registration: {
    showNotification(
      title: string,
      options: NotificationOptions & { requireInteraction?: boolean },
    ): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

/** The build's hash (scripts/build.mjs): a new deploy gets a new cache and drops the old one. */
declare const BUILD_VERSION: string;

const scope = self as unknown as WorkerScope;
const CACHE_PREFIX = 'public-site-';
const CACHE_NAME = `${CACHE_PREFIX}${BUILD_VERSION}`;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([precacheOfflinePage(), keepPagesInstalledFrom(), keepContact()]).then(() =>
      scope.skipWaiting(),
    ),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(dropOldCaches().then(() => scope.clients.claim()));
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = handlingOf(request, scope.location.origin);
  if (handling === 'page') event.respondWith(networkFirst(event));
  else if (handling === 'asset') event.respondWith(keptFirst(event));
  else if (handling === 'contact') event.respondWith(contactNetworkFirst(event.request));
});

// An urgent request pushed to staff who turned browser notifications on (My account): shown until
// someone acts on it, and one per request (the tag), so a repeat replaces rather than piles up.
scope.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const plan = notificationOf(data, scope.location.origin);
  event.waitUntil(
    scope.registration.showNotification(plan.title, {
      body: plan.body,
      tag: plan.tag,
      requireInteraction: true,
      data: { url: plan.url },
    }),
  );
});

// A click opens the request: in a window already showing it, else in an admin window turned to it,
// else in a new one.
scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/dashboard', scope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
      const turned = open ? await open.navigate(target).catch(() => null) : null;
      if (turned) return turned.focus();
      return scope.clients.openWindow(target);
    })(),
  );
});

/** The offline page and its files, fetched without cookies so that no session can colour them. */
async function precacheOfflinePage() {
  const cache = await caches.open(CACHE_NAME);
  const response = await fetch(OFFLINE_PATH, { credentials: 'omit', cache: 'reload' });
  if (!mayKeepPage(response.url, response)) throw new Error(`${OFFLINE_PATH} answered ${response.status}`);
  const html = await response.clone().text();
  await cache.put(pageKey(response.url), response);
  await cache.addAll(filesOfPage(html));
}

/**
 * The page the visitor landed on, and any other open page of the site: they were loaded before
 * this worker existed, so without this the first page a visitor saw is the one page not kept.
 * Fetched again as the browser would (a signed-in person's answer is `no-store` and is not kept);
 * a page that cannot be kept leaves the install as it is.
 */
async function keepPagesInstalledFrom() {
  const cache = await caches.open(CACHE_NAME);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const origin = scope.location.origin;
  const pages = new Set(
    windows
      .map((client) => pageKey(client.url))
      .filter((url) => handlingOf({ url, method: 'GET', mode: 'navigate', referrer: '' }, origin) === 'page'),
  );
  await Promise.all(
    [...pages].map(async (url) => {
      try {
        const response = await fetch(url);
        if (!mayKeepPage(url, response)) return;
        const html = await response.clone().text();
        await cache.put(url, response);
        await cache.addAll(filesOfPage(html));
      } catch {
        // Offline already, or a file went missing: the page is kept at its next visit.
      }
    }),
  );
}

/**
 * Fetch the company's numbers again and keep them. Revalidated by their ETag, so while the
 * settings stay the same this costs a 304.
 */
async function keepContact(): Promise<Response | null> {
  try {
    const response = await fetch(OFFLINE_CONTACT_PATH, { credentials: 'omit' });
    if (!response.ok) return serverUnreachable(response.status) ? null : response;
    const cache = await caches.open(CACHE_NAME);
    await cache.put(new URL(OFFLINE_CONTACT_PATH, scope.location.origin).href, response.clone());
    return response;
  } catch {
    return null;
  }
}

/** The numbers as the server says them now, else as last kept. */
async function contactNetworkFirst(request: Request): Promise<Response> {
  const fresh = await keepContact();
  if (fresh) return fresh;
  const kept = await (await caches.open(CACHE_NAME)).match(request.url);
  return kept ?? Response.error();
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  const key = pageKey(event.request.url);
  const cache = await caches.open(CACHE_NAME);
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    return servedOffline(cache, key);
  }
  if (serverUnreachable(response.status)) return servedOffline(cache, key, response);
  if (mayKeepPage(event.request.url, response)) {
    // The numbers kept pages show offline follow the settings: checked with each page kept.
    event.waitUntil(Promise.all([cache.put(key, response.clone()), keepContact()]));
  } else if (pageGone(response.status)) event.waitUntil(cache.delete(key));
  return response;
}

/** The kept copy of this page, else the offline page, marked so that its banner shows. */
async function servedOffline(cache: Cache, key: string, failed?: Response): Promise<Response> {
  const kept = (await cache.match(key)) ?? (await cache.match(pageKey(new URL(OFFLINE_PATH, key).href)));
  if (!kept) return failed ?? Response.error();
  const headers = new Headers(kept.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('cache-control', 'no-store');
  return new Response(markServerDown(await kept.text()), { status: 200, headers });
}

async function keptFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (mayKeepAsset(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}
