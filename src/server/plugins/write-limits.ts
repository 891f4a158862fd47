import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../errors';
import { clientNetwork } from '../http/client-network';
import { SAFE_METHODS } from '../http/request-reading';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

/** A budget of requests per client address, counted in the database so every instance shares it. */
export interface WriteLimit {
  /** The counter's name in `rate_limits`; routes naming the same bucket share one budget. */
  bucket: string;
  /** Requests one address may send per window; 0 switches the limit off (benchmarks). */
  max: number;
  windowMinutes: number;
  /** What the 429 says; a function gets the seconds until the window ends. */
  message: string | ((retryAfterSeconds: number) => string);
}

/** One anonymous write route and its budget. */
interface LimitedRoute {
  method: string;
  url: string;
  limit: WriteLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public route with a writing method and its declared limit (tests walk it). */
    writeLimitedRoutes: LimitedRoute[];
  }
  interface FastifyContextConfig {
    /**
     * Required on every route that anyone may call with a method that writes (POST, PUT,
     * DELETE, ...): registration fails without it. Counted before the handler runs.
     */
    writeLimit?: WriteLimit;
  }
}

/** "Try again in a minute." / "Try again in 12 minutes." */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

function isWriteLimit(value: unknown): value is WriteLimit {
  if (!value || typeof value !== 'object') return false;
  const limit = value as Partial<WriteLimit>;
  return (
    typeof limit.bucket === 'string' &&
    limit.bucket !== '' &&
    Number.isInteger(limit.max) &&
    (limit.max ?? -1) >= 0 &&
    typeof limit.windowMinutes === 'number' &&
    limit.windowMinutes > 0 &&
    (typeof limit.message === 'string' || typeof limit.message === 'function')
  );
}

/**
 * Anyone on the internet can call a public write as often as they like unless something stops
 * them, and each call costs a database write, an audit row or an e-mail. So, like the access
 * rule, a limit is part of the route's declaration: a public route that accepts a writing
 * method and names no `writeLimit` refuses to register, and the limit is enforced here, before
 * the handler runs. It counts after validation: a malformed post costs a parse and a 400 but no
 * database write, and a visitor's typo does not use up their budget.
 * Must be registered after the access control, whose hook fills in the docs' rule.
 */
export function registerWriteLimits(app: FastifyInstance) {
  const limiters = new Map<string, { limiter: RateLimiter; declared: WriteLimit }>();
  app.decorate('writeLimitedRoutes', [] as LimitedRoute[]);

  function limiterFor(limit: WriteLimit): RateLimiter {
    const known = limiters.get(limit.bucket);
    if (known) return known.limiter;
    const limiter = createRateLimiter(app.database, {
      bucket: limit.bucket,
      max: limit.max,
      windowMs: limit.windowMinutes * 60_000,
    });
    limiters.set(limit.bucket, { limiter, declared: limit });
    return limiter;
  }

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (route.config?.access !== 'public' || methods.every((method) => SAFE_METHODS.has(method))) return;
    const limit = route.config.writeLimit;
    if (!isWriteLimit(limit)) {
      throw new Error(
        `Route ${methods.filter((m) => !SAFE_METHODS.has(m)).join(',')} ${route.url} is an anonymous write and declares no writeLimit`,
      );
    }
    // One bucket, one budget: two routes may share a counter only if they agree on its size.
    const known = limiters.get(limit.bucket)?.declared;
    if (known && (known.max !== limit.max || known.windowMinutes !== limit.windowMinutes)) {
      throw new Error(`Route ${route.url} declares bucket '${limit.bucket}' with a different budget`);
    }
    limiterFor(limit);
    for (const method of methods)
      if (!SAFE_METHODS.has(method)) app.writeLimitedRoutes.push({ method, url: route.url, limit });
  });

  app.addHook('preHandler', async function limitAnonymousWrites(request) {
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    const limit = request.routeOptions.config.writeLimit;
    if (!limit) return;
    const network = clientNetwork(request);
    const result = await limiterFor(limit).hit(network);
    if (result.allowed) return;
    request.log.warn({ network, bucket: limit.bucket }, 'anonymous write over its limit');
    throw tooManyRequests(
      typeof limit.message === 'function' ? limit.message(result.retryAfter) : limit.message,
      result.retryAfter,
    );
  });

  /** The limiter of a declared bucket, for handlers that take back a hit (a successful login). */
  return { limiterFor };
}

/** Budgets of anonymous writes, checked once the request's identity is known. */
export const writeLimitsPlugin = fp(
  async (app) => {
    registerWriteLimits(app);
  },
  { name: 'write-limits', dependencies: ['database', 'access'] },
);
