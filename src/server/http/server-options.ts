import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { Env } from '../env';
import { prettyLogStream } from './log-format';
import { normalPath } from './normal-path';
import { redactUrl } from './secret-urls';

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many proxies in front of us whatever their
 * address (Fastify itself ignores bare numbers), so use it only when nothing else can reach the port.
 */
export function trustProxyOption(
  value: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

export interface ServerOptionsInput {
  env: Env;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /**
   * Answers a request before Fastify sees it, or says it did not (the response cache's replay of
   * anonymous reads already answered). Read per request: the cache exists only once plugins load.
   */
  answerEarly: () => ((request: http.IncomingMessage, response: http.ServerResponse) => boolean) | undefined;
}

/** Fastify's own options: logging with secrets redacted, limits, routing and the HTTP server. */
export function serverOptions(input: ServerOptionsInput): FastifyServerOptions {
  const { env } = input;
  return {
    logger:
      input.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-xsrf-token"]',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
            // Request lines as Fastify logs them (without the host a request names), but a setup code or
            // reset token in the URL is hidden.
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            stream: input.logStream ?? (env.LOG_FORMAT === 'pretty' ? prettyLogStream() : undefined),
          },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      caseSensitive: false,
      maxParamLength: 200,
    },
    // Routing, the cache, the headers and the log read the normal form of every path; a request
    // that used another is redirected to it (plugins/normal-paths.ts). Decision 010.
    rewriteUrl: (request) => normalPath(request.url ?? '/'),
    requestIdHeader: false,
    // The slow steps of a start are plugins (creating and migrating the database, loading the web
    // build); on a slow or busy machine they take what they take, and no timer fails them.
    pluginTimeout: 0,
    serverFactory: (handler) =>
      http.createServer(connectionTimeouts(env), (request, response) => {
        if (input.answerEarly()?.(request, response)) return;
        handler(request, response);
      }),
    genReqId: () => crypto.randomUUID(),
  };
}

/** The most time an upload's body may take: the request timeout plus its size at the slowest rate served. */
export function uploadDeadlineMs(env: Env, bytes: number): number {
  return env.REQUEST_TIMEOUT_SECONDS * 1000 + (bytes / (env.UPLOAD_MIN_KB_PER_SECOND * 1024)) * 1000;
}

/**
 * Node's own timers, set for a small site (its defaults hold a slow request for 300 s and check
 * only every 30 s). Headers must arrive within HEADERS_TIMEOUT_SECONDS, checked often enough to
 * mean it; an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_SECONDS. The body's
 * deadline depends on the request (an upload gets longer), so it is set per request
 * (plugins/client-connections.ts); Node's request timeout stays behind it as a backstop, at the
 * longest any upload may take.
 */
export function connectionTimeouts(env: Env): http.ServerOptions {
  const headersMs = Math.round(env.HEADERS_TIMEOUT_SECONDS * 1000);
  return {
    headersTimeout: headersMs,
    requestTimeout: Math.max(headersMs, Math.round(uploadDeadlineMs(env, MAX_UPLOAD_BYTES + 64 * 1024))),
    keepAliveTimeout: Math.round(env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.round(headersMs / 4))),
  };
}
