import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, apiKeyMessages, type RouteKeyScope, scopesOf } from '../../shared/api-keys';
import type { AccessRule } from '../../shared/content/define';
import { HttpError, tooManyRequests } from '../errors';
import type { ApiKeyIdentity, SessionUser } from '../http/identity';
import { headerValue, SAFE_METHODS } from '../http/request-reading';
import { createRateLimiter } from './rate-limiter';
import { tryAgainIn } from './write-limits';
import type { XsrfTokens } from './xsrf';

export const SESSION_COOKIE = 'session';
export const SECURE_SESSION_COOKIE = '__Host-session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const SECURE_XSRF_COOKIE = '__Host-XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';

/** How a session token becomes its user (the auth module's store, handed in by app.ts). */
export interface SessionLookup {
  userForToken(token: string): Promise<SessionUser | null>;
}

/** How an API key's secret becomes its key (modules/api-keys, handed in by app.ts). */
export interface ApiKeyLookup {
  identify(secret: string): Promise<ApiKeyIdentity | null>;
}

/** One registered route and who may call it. */
export interface RouteRule {
  method: string;
  url: string;
  access: AccessRule;
  /** The answer never ends (`config.stream`): tests read its head and hang up. */
  stream: boolean;
  /** The scope an API key needs to call it (or several, any one of which); none means no key may. */
  keyScope?: RouteKeyScope;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its rule, in registration order (the access-matrix test walks it). */
    routeRules: RouteRule[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** How the request proved who it is. */
    authMethod: 'cookie' | 'bearer' | null;
    /**
     * Set when the request came with an API key. `user` then stands for the key: named
     * `API key "<name>"` (the audit log's actor), with the limited staff member's id, or the key's
     * own id for an unlimited key, and the role editor; the route's `keyScope` decides the rest.
     */
    apiKey: ApiKeyIdentity | null;
    /** A cookie-authenticated write without a matching anti-forgery header. */
    csrfFailed: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares one; see registerAccessControl. */
    access?: AccessRule;
    /** The answer is an endless stream (Server-Sent Events): a client reads its head, then events. */
    stream?: boolean;
    /**
     * The scope an API key needs to call the route, or several any one of which lets it in (the
     * route then checks what each reaches); without one, no key may (shared/api-keys.ts).
     */
    keyScope?: RouteKeyScope;
  }
}

/**
 * Deny by default. Every route names who may call it in `config.access`; a route that names
 * nobody refuses to register, so a forgotten rule fails at startup and in every test.
 */
export function registerAccessControl(
  app: FastifyInstance,
  store: SessionLookup,
  xsrf: XsrfTokens,
  keys?: ApiKeyLookup,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('csrfFailed', false);
  app.decorate('routeRules', [] as RouteRule[]);

  app.addHook('onRoute', (route) => {
    // The API documentation pages are public by nature; their plugin registers them itself.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (access !== 'public' && access !== 'staff' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    const stream = route.config?.stream === true;
    const keyScope = route.config?.keyScope;
    // A key never does an admin's work (keys, users, settings, backups): refused at start.
    if (keyScope && access === 'admin')
      throw new Error(`Route ${String(route.method)} ${route.url} is admin-only and cannot take an API key`);
    for (const method of [route.method].flat())
      app.routeRules.push({ method, url: route.url, access, stream, keyScope });
  });

  // Keys have a budget of their own, per key, shared by every instance through the database.
  const keyLimiter =
    keys &&
    createRateLimiter(app.database, {
      bucket: 'api-key',
      max: app.env.API_KEY_MAX_PER_MINUTE,
      windowMs: 60_000,
    });

  // Who is asking and may they, decided before the body is read: an anonymous upload or an
  // oversized body to a staff route is refused without being received.
  app.addHook('onRequest', async function checkAccess(request, reply) {
    const secret = bearerOf(request);
    if (secret?.startsWith(API_KEY_PREFIX)) {
      await identifyKey(request, secret, keys);
      if (request.is404) return;
      const keyId = request.apiKey!.id;
      authorizeKey(request);
      const budget = await keyLimiter?.hit(keyId);
      if (budget && !budget.allowed)
        throw tooManyRequests(
          `Too many requests with this API key. ${tryAgainIn(budget.retryAfter)}`,
          budget.retryAfter,
        );
      return;
    }
    await identify(request, reply, store, xsrf);
    // Unknown paths have no route and no rule: they answer 404 to everyone.
    if (request.is404) return;
    authorize(request, reply, request.routeOptions.config.access ?? 'admin');
  });
}

/**
 * The browser cookies' names for this request, the one place they are chosen for setting, reading
 * and clearing. Over HTTPS (directly or through a proxy trusted by TRUST_PROXY) only the
 * `__Host-` names: a browser takes such a cookie only from this very host over HTTPS, with no
 * Domain, so a sibling subdomain or a plain-HTTP answer on the way cannot plant one. The plain
 * names are then not read at all. Over HTTP only the plain names exist.
 */
export function browserCookies(request: FastifyRequest) {
  return request.protocol === 'https'
    ? {
        secure: true,
        session: SECURE_SESSION_COOKIE,
        xsrf: SECURE_XSRF_COOKIE,
        // Not read here, but a browser may still hold them from before the site moved to HTTPS
        // (or from a planted answer): logging out clears them too.
        unread: [SESSION_COOKIE, XSRF_COOKIE],
      }
    : { secure: false, session: SESSION_COOKIE, xsrf: XSRF_COOKIE, unread: [] };
}

/** The XSRF cookie: readable by our pages' scripts, which echo it; other sites cannot read it. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  const { xsrf, secure } = browserCookies(request);
  reply.setCookie(xsrf, value, { httpOnly: false, sameSite: 'lax', path: '/', secure, maxAge });
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * A key stands in as a user so created_by, `assignee=me` and the audit log work unchanged: named
 * after the key, with the id of the staff member it is limited to (their `me`), or the key's own
 * id when it is limited to nobody, and the editor role: what it may do is its scopes' business.
 */
async function identifyKey(request: FastifyRequest, secret: string, keys: ApiKeyLookup | undefined) {
  request.authMethod = 'bearer';
  const key = (await keys?.identify(secret)) ?? null;
  if (!key) {
    if (request.is404) return;
    throw new HttpError(401, apiKeyMessages.unknownKey);
  }
  request.apiKey = key;
  const label = `API key "${key.name}"`;
  request.user = { _id: key.userId ?? key.id, name: label, username: label, role: 'editor' };
}

/** Deny by default: a key calls only routes that name a scope it holds, and never an admin's. */
function authorizeKey(request: FastifyRequest) {
  const { access, keyScope } = request.routeOptions.config;
  const needed = scopesOf(keyScope);
  if (access !== 'admin' && needed.some((scope) => request.apiKey!.scopes.includes(scope))) return;
  // A public route is open to anyone: a key that may not call it as itself calls it as a visitor,
  // and sees and may do only what a visitor does.
  if (access === 'public') {
    request.user = null;
    request.apiKey = null;
    return;
  }
  throw new HttpError(403, apiKeyMessages.noScope(access === 'admin' ? [] : needed));
}

async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  store: SessionLookup,
  xsrf: XsrfTokens,
) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    request.authMethod = 'bearer';
    request.user = await store.userForToken(header.slice(7).trim());
    return;
  }
  const token = request.cookies[browserCookies(request).session];
  if (!token) return;
  request.authMethod = 'cookie';
  // A browser sends cookies with cross-site form posts too: a write must prove it came from our
  // pages by echoing the token derived from this very session (the cookie itself proves nothing).
  const safe = SAFE_METHODS.has(request.method);
  if (!safe && !xsrf.matches(token, headerValue(request, XSRF_HEADER))) {
    request.csrfFailed = true;
    return;
  }
  request.user = await store.userForToken(token);
  // A browser holding a token that is not this session's (issued before the key changed, or
  // planted) gets the right one on its next read, so its next write works.
  if (safe && request.user && request.cookies[browserCookies(request).xsrf] !== xsrf.tokenFor(token))
    setXsrfCookie(request, reply, xsrf.tokenFor(token), request.server.env.SESSION_MAX_DAYS * 86_400);
}

/** The session token the request carries (bearer first, then the cookie), if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[browserCookies(request).session];
}

function authorize(request: FastifyRequest, _reply: FastifyReply | undefined, rule: AccessRule) {
  if (rule === 'public') return;
  const { user } = request;
  if (!user) {
    if (request.csrfFailed)
      throw new HttpError(403, 'Missing or invalid anti-forgery token. Reload the page and try again.');
    throw new HttpError(401, 'Please log in.');
  }
  if (user.role === 'pending') throw new HttpError(403, 'Your account is waiting for approval.');
  if (rule === 'admin' && user.role !== 'admin') throw new HttpError(403, 'Only an admin can do this.');
}
