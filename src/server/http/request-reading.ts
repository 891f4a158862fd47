import type { FastifyRequest } from 'fastify';

/**
 * Methods that change nothing: they need no write limit and no anti-forgery header. The one list
 * both checks read, so they cannot disagree about what a write is.
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request header as one value: the first, when a client sent it more than once. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
