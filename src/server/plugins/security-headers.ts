import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { carriesSecret, isSecretPageUrl } from '../http/secret-urls';

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce the page being rendered gives its inline scripts (set by the SSR handler). */
    cspNonce: string | null;
  }
}

export interface PageCspOptions {
  /** Inline scripts carrying this nonce may run (a freshly rendered page). */
  nonce?: string | null;
  /** Inline scripts with these hashes may run (a stored page replayed to many visitors), 'sha256-…'. */
  scriptHashes?: string[];
  /** Inline stylesheets with these hashes apply (a replayed page), 'sha256-…'. */
  styleHashes?: string[];
  /** Development: Vite's client and React refresh need inline code and a WebSocket. */
  dev?: boolean;
}

const quoted = (hash: string) => `'${hash.replace(/^'|'$/g, '')}'`;

/**
 * The Content-Security-Policy of an HTML page. Scripts and stylesheets come from our origin or
 * carry this response's nonce (or a listed hash: public pages inline their styles, decision 067);
 * no style attributes, no plugins, no <base>, no framing, forms post only to us. Exported so that
 * a cache replaying a page can state its own hashes.
 */
export function pageCsp(options: PageCspOptions = {}): string {
  const scripts = ["'self'"];
  const styles = ["'self'"];
  if (options.nonce) {
    scripts.push(`'nonce-${options.nonce}'`);
    styles.push(`'nonce-${options.nonce}'`);
  }
  scripts.push(...(options.scriptHashes ?? []).map(quoted));
  styles.push(...(options.styleHashes ?? []).map(quoted));
  if (options.dev) {
    scripts.push("'unsafe-inline'", "'unsafe-eval'");
    styles.push("'unsafe-inline'");
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "script-src-attr 'none'",
    `style-src ${styles.join(' ')}`,
    "style-src-attr 'none'",
    "img-src 'self' data:",
    "font-src 'self'",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Everything that is not a page (JSON, images, files) may not run or embed anything. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

const STATIC_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The headers every answer carries whatever it is; also sent by answers given before this plugin's hooks. */
export function staticSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(STATIC_HEADERS);
  if (request.protocol === 'https')
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

/**
 * Security headers on every response (ASVS 3.4). HSTS only when the request arrived over HTTPS
 * (directly, or through a proxy trusted by TRUST_PROXY). No CORS headers are ever sent: other
 * origins cannot read our API from a browser. Anything answered to a signed-in request is
 * `no-store`, so no shared or browser cache keeps staff data.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const dev = app.env.NODE_ENV === 'development';
  app.decorateRequest('cspNonce', null);

  app.addHook('onRequest', async function setStaticHeaders(request, reply) {
    staticSecurityHeaders(request, reply);
  });

  app.addHook('onSend', async function setContentPolicy(request, reply, payload) {
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? pageCsp({ nonce: request.cspNonce, dev }) : RESOURCE_CSP,
      );
    }
    // A route that already forbids storing (`private, no-store` on a request's photo) keeps its words.
    if (isPersonal(request, reply) && !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? '')))
      reply.header('cache-control', 'no-store');
    // A setup code or reset token in the URL stays out of every cache and out of the Referer sent
    // to any other site. Not `no-referrer`: under it Chromium sends `Origin: null` with the page's
    // own form posts (the confirm and reset pages), which the page's action then refuses.
    if (carriesSecret(request.url))
      reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    // A page whose path is its secret (a request's status page) is one visitor's own: kept by no
    // cache, shown by no search engine.
    if (isSecretPageUrl(request.url))
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });
}

/** A response for a signed-in person, or one that starts or ends a session. */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.user !== null || request.authMethod !== null || reply.hasHeader('set-cookie');
}

/**
 * Security headers on every answer. After the load shedding (a refused request costs nothing more),
 * and before the conditional tags and the cache store: a stored response keeps its headers.
 */
export const securityHeadersPlugin = fp(async (app) => registerSecurityHeaders(app), {
  name: 'security-headers',
  dependencies: ['env', 'load-shedding'],
});
