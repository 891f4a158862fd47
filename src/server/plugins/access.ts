import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, apiKeyMessages, type RouteKeyScope, scopesOf } from '../../shared/api-keys';
import {
  type AccessRule,
  mayCall,
  NEVER_BY_KEY,
  PERMISSIONS,
  resourceOf,
  rightsOf,
  roleDeclaration,
  scopesWithin,
} from '../../shared/permissions';
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
     * `API key "<name>"` (the audit log's actor), with the limited staff member's id and role, or
     * the key's own id and the office's role for an unlimited key; the route's `keyScope` and,
     * for a limited key, its person's role decide the rest.
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
    const name = `Route ${String(route.method)} ${route.url}`;
    if (!isAccessRule(access)) throw new Error(`${name} declares no access rule`);
    const stream = route.config?.stream === true;
    const keyScope = route.config?.keyScope;
    // A key never does an admin's work (keys, users, settings' operations, backups): refused at start.
    const adminsOnly = rightsOf(access).filter((right) => NEVER_BY_KEY.has(resourceOf(right)));
    if (keyScope && (access === 'account' || adminsOnly.length > 0))
      throw new Error(`${name} needs ${adminsOnly.join(', ') || 'a person'} and cannot take an API key`);
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
    authorize(request, request.routeOptions.config.access ?? PERMISSIONS);
  });
}

const KNOWN_RIGHTS: ReadonlySet<string> = new Set(PERMISSIONS);

/** Whether a route's rule names who may call it in words the declaration knows. */
function isAccessRule(rule: unknown): rule is AccessRule {
  if (rule === 'public' || rule === 'account') return true;
  const rights = typeof rule === 'string' ? [rule] : Array.isArray(rule) ? rule : [];
  return rights.length > 0 && rights.every((right) => KNOWN_RIGHTS.has(right));
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
 * after the key, with the id and the current role of the staff member it is limited to (their
 * `me`), or the key's own id and the office's role when it is limited to nobody. A limited key's
 * scopes narrow to what its person's role holds, read afresh with every request, so a demotion
 * narrows the key at once (and a deactivated or deleted person's key is unknown).
 */
async function identifyKey(request: FastifyRequest, secret: string, keys: ApiKeyLookup | undefined) {
  request.authMethod = 'bearer';
  const key = (await keys?.identify(secret)) ?? null;
  if (!key) {
    if (request.is404) return;
    throw new HttpError(401, apiKeyMessages.unknownKey);
  }
  const role = key.userId ? key.userRole : 'office';
  request.apiKey = key.userId ? { ...key, scopes: scopesWithin(role, key.scopes) } : key;
  const label = `API key "${key.name}"`;
  request.user = { _id: key.userId ?? key.id, name: label, username: label, role: role ?? 'pending' };
}

/**
 * Deny by default: a key calls only routes that name a scope it holds, never an admin's, and a key
 * limited to a person only what that person's role may call.
 */
function authorizeKey(request: FastifyRequest) {
  const { access = PERMISSIONS, keyScope } = request.routeOptions.config;
  const needed = scopesOf(keyScope);
  const key = request.apiKey!;
  const roleAllows = !key.userId || mayCall(request.user?.role, access);
  if (roleAllows && needed.some((scope) => key.scopes.includes(scope))) return;
  // A public route is open to anyone: a key that may not call it as itself calls it as a visitor,
  // and sees and may do only what a visitor does.
  if (access === 'public') {
    request.user = null;
    request.apiKey = null;
    return;
  }
  if (!roleAllows)
    throw new HttpError(403, apiKeyMessages.personMayNot(roleDeclaration(request.user!.role).label));
  throw new HttpError(403, apiKeyMessages.noScope(needed));
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

function authorize(request: FastifyRequest, rule: AccessRule) {
  if (rule === 'public') return;
  const { user } = request;
  if (!user) {
    if (request.csrfFailed)
      throw new HttpError(403, 'Missing or invalid anti-forgery token. Reload the page and try again.');
    throw new HttpError(401, 'Please log in.');
  }
  if (user.role === 'pending') throw new HttpError(403, 'Your account is waiting for approval.');
  if (!mayCall(user.role, rule)) throw new HttpError(403, notForYourRole(user.role));
}

/** What a person is told when their role does not reach a route. */
export const notForYourRole = (role: SessionUser['role']) =>
  `This is not for your role (${roleDeclaration(role).label}). Ask an admin if you need it.`;
