import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentTypes } from '../../shared/content/types';
import type { ChangeEvent } from '../db/change-log';
import { carriesSecret } from '../http/secret-urls';
import { clientHasTag, entityTag } from './conditional';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Paths that are public but must never be replayed: health, sessions, docs, and what has its own caching. */
const NEVER = /^\/(?:api\/(?:status|auth|current-user|docs|openapi)|media\/|assets\/)/i;
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?session=/;
const CACHEABLE_TYPE = /^(?:text\/html|application\/json|application\/xml|text\/plain|text\/xml)/;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/**
 * What no anonymous response can show: the inbox, subscribers, accounts and sessions. A change to
 * these keeps the cache, so an anonymous write (a request, a sign-up, a login) cannot
 * empty it for everyone. Everything else, content types readable by the public, settings and
 * media included, clears it.
 */
const PRIVATE_RESOURCES: ReadonlySet<string> = new Set([
  ...contentTypes
    .filter((def) => def.access.list !== 'public' && def.access.read !== 'public')
    .map((def) => def.name),
  'users',
  'session',
]);
/** Changes of public content that visitors do not see until later: a publish set for a time, or called off. */
const NOT_YET_PUBLIC = new Set(['schedule', 'unschedule']);
const showsOnPublicPages = (event: ChangeEvent) =>
  !PRIVATE_RESOURCES.has(event.resource) && !NOT_YET_PUBLIC.has(event.action);
/** Headers a replay must not copy: they are per response or recomputed. ETag and Vary are kept. */
const DROPPED = new Set([
  'content-length',
  'content-encoding',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * What a stored response is found by: the URL and every header that names the host or scheme the
 * visitor asked for. Our pages name the site by PUBLIC_URL or the listening address (see
 * site-origin.ts), never by these headers; keying by them anyway means that if anything ever does
 * echo them, a forged Host can only reach the forger, never a later visitor of the real host.
 */
function cacheKey(url: string, headers: IncomingMessage['headers']): string {
  const host = String(headers.host ?? '').toLowerCase();
  const forwardedHost = String(headers['x-forwarded-host'] ?? '').toLowerCase();
  const forwardedProto = String(headers['x-forwarded-proto'] ?? '').toLowerCase();
  return `${url}\n${host}\n${forwardedHost}\n${forwardedProto}`;
}

/** One encoding of a stored response, its head already written out as Node's flat header list. */
interface Variant {
  head: string[];
  body: Buffer;
}

interface Entry {
  etag: string;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** The head of a 304 for a visitor who has this version. */
  notModified: string[];
  bytes: number;
}

/**
 * Every header a replay sends, built once when the response is stored: copying and extending a
 * header object per request was the largest cost of a replay (docs/performance.md).
 */
function variant(headers: Record<string, string>, body: Buffer, encoding?: string): Variant {
  const all = { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}) };
  return { head: [...Object.entries(all).flat(), 'content-length', String(body.length)], body };
}

export interface ResponseCacheOptions {
  /** Upper bound of the cache's memory, all encodings counted. */
  maxBytes?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every response being compressed for the cache is stored (tests wait on it). */
    responseCacheSettled(): Promise<void>;
    /** The cache's two ends: the replay in front of Fastify (app.ts) and the hook that stores. */
    responseCache: ReturnType<typeof registerResponseCache>;
  }
  interface FastifyRequest {
    /** The cache generation a cacheable request started in; null when the response is not cached. */
    cacheGeneration: number | null;
  }
}

/**
 * Anonymous GETs of public content (pages and API reads) are rendered once and replayed from
 * memory, already compressed, until a write of public content here or on another instance
 * clears the cache. Signed-in staff always get a fresh render. A fill that started before a
 * clear is dropped, so a replay can never show data older than the last write it raced with.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let generation = 0;
  /** Fills being compressed: a fill is stored a moment after its response was sent. */
  const pending = new Set<Promise<void>>();

  const clear = () => {
    generation++;
    entries.clear();
    totalBytes = 0;
  };
  const onChange = (event: ChangeEvent) => {
    if (showsOnPublicPages(event)) clear();
  };
  const stopListening = app.changes.onChange(onChange);
  app.addHook('onClose', async () => {
    stopListening();
  });

  app.decorateRequest('cacheGeneration', null);
  app.decorate('responseCacheSettled', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });

  // Anonymous means no credentials at all: a visitor with any session cookie is rendered fresh.
  const cacheable = (request: FastifyRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers.authorization === undefined &&
    !SESSION_COOKIE.test(request.headers.cookie ?? '') &&
    request.routeOptions.config?.access === 'public' &&
    !request.is404 &&
    request.url.length <= 2048 &&
    !NEVER.test(request.url) &&
    !carriesSecret(request.url);

  // The first hook after the normal-path redirect: a replay skips cookies, sessions and everything else.
  app.addHook('onRequest', function replayFromCache(request, reply, done) {
    if (!cacheable(request)) return done();
    const key = cacheKey(request.url, request.headers);
    const entry = entries.get(key);
    if (!entry) {
      request.cacheGeneration = generation;
      return done();
    }
    // Least recently used goes first: re-insert to mark it fresh.
    entries.delete(key);
    entries.set(key, entry);
    reply.hijack();
    replay(request.raw, reply.raw, entry);
  });

  /**
   * The same replay in front of Fastify, for the HTTP server (see app.ts): only URLs that were
   * stored are found, and only anonymous reads of public routes are ever stored, so a hit here
   * needs no routing; the key is the same, host included. Answers whether it replied.
   */
  function answerFromMemory(request: IncomingMessage, res: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization !== undefined || SESSION_COOKIE.test(request.headers.cookie ?? ''))
      return false;
    const entry = entries.get(cacheKey(request.url ?? '', request.headers));
    if (!entry) return false;
    replay(request, res, entry);
    return true;
  }

  /** Keep what anonymous visitors were sent; register after every hook that sets headers. */
  function storeResponses() {
    app.addHook('onSend', async function storeInCache(request, reply, payload) {
      const started = request.cacheGeneration;
      if (started === null || reply.statusCode !== 200) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      const control = String(reply.getHeader('cache-control') ?? '');
      if (!CACHEABLE_TYPE.test(type) || reply.hasHeader('set-cookie') || /no-store|private/.test(control))
        return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      const body = await toBuffer(payload);
      if (body === null) return payload;
      if (body.length <= MAX_ENTRY_BYTES) {
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || DROPPED.has(key)) continue;
          headers[key] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        const storing = store(cacheKey(request.url, request.headers), started, body, headers, type);
        pending.add(storing);
        void storing.finally(() => pending.delete(storing));
      }
      return body;
    });
  }

  async function store(
    key: string,
    started: number,
    body: Buffer,
    headers: Record<string, string>,
    type: string,
  ) {
    if (type.startsWith('text/html') && headers['content-security-policy']) {
      headers['content-security-policy'] = hashInlineScripts(headers['content-security-policy'], body);
    }
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    if (started !== generation) return;
    // JSON arrives tagged (conditional.ts); a page is tagged here, once per fill.
    const etag = headers.etag ?? entityTag(body);
    const vary = !headers.vary
      ? 'Accept-Encoding'
      : /accept-encoding/i.test(headers.vary)
        ? headers.vary
        : `${headers.vary}, Accept-Encoding`;
    const shared: Record<string, string> = { ...headers, etag, vary, 'x-cache': 'hit' };
    // A 304 repeats the validators and caching fields, not the type of a body it does not send.
    const notModified = Object.entries(shared).filter(([name]) => name !== 'content-type');
    const entry: Entry = {
      etag,
      identity: variant(shared, body),
      gzip: variant(shared, gz, 'gzip'),
      br: variant(shared, br, 'br'),
      notModified: notModified.flat(),
      bytes: body.length + gz.length + br.length + key.length,
    };
    const previous = entries.get(key);
    if (previous) totalBytes -= previous.bytes;
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldKey, old] of entries) {
      if (totalBytes <= maxBytes) break;
      entries.delete(oldKey);
      totalBytes -= old.bytes;
    }
  }

  return {
    clear,
    storeResponses,

    answerFromMemory,
    get size() {
      return entries.size;
    },
  };
}

/** Send a stored response straight to the socket: no render, no serialisation, no compression. */
function replay(request: IncomingMessage, res: ServerResponse, entry: Entry) {
  if (clientHasTag(request.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  const chosen = /\bbr\b/.test(accepted) ? entry.br : /\bgzip\b/.test(accepted) ? entry.gzip : entry.identity;
  res.writeHead(200, chosen.head);
  res.end(request.method === 'HEAD' ? undefined : chosen.body);
}

async function toBuffer(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks);
  }
  return null;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;
const NONCE = /(?<!\s)\s*'nonce-[^']+'/g;

function hashesOf(text: string, element: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of text.matchAll(element))
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  return [...hashes];
}

/**
 * A replayed page is shared by every visitor, so a per-request nonce would be shared too.
 * Cached pages allow exactly their own inline scripts and stylesheets by hash instead, each in
 * its own directive.
 */
export function hashInlineScripts(csp: string, html: Buffer): string {
  if (!/'nonce-[^']+'/.test(csp)) return csp;
  const text = html.toString('utf8');
  const hashes: Record<string, string[]> = {
    'script-src': hashesOf(text, INLINE_SCRIPT),
    'style-src': hashesOf(text, INLINE_STYLE),
  };
  return csp
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s/, 1)[0] ?? '';
      const allowed = hashes[name];
      // Only the first space of a run may start a match: a run then costs one pass, not one per space.
      return allowed
        ? directive.replace(NONCE, allowed.length > 0 ? ` ${allowed.join(' ')}` : '')
        : directive;
    })
    .join(';');
}

/** The first hook after the normal-path redirect: a replay skips cookies, sessions and everything else. */
export const responseCachePlugin = fp(
  async (app) => {
    app.decorate('responseCache', registerResponseCache(app));
  },
  // After the redirect of a path that is not normal: a stored page is found by its one normal path.
  { name: 'response-cache', dependencies: ['database', 'normal-paths'] },
);

/**
 * Stores after the security headers and the conditional tag (a stored response keeps both) and
 * before compression: the cache keeps its own compressed copies and replays them untouched.
 */
export const responseCacheStorePlugin = fp(async (app) => app.responseCache.storeResponses(), {
  name: 'response-cache-store',
  dependencies: ['response-cache', 'conditional-tags'],
});

/** The cache's replay and its store, two places in the hook chains. */
export const responseCachePlugins = [responseCachePlugin, responseCacheStorePlugin];
