import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag this request's JSON answer was given; null when it has none. */
    entityTag: string | null;
  }
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;
const QUOTED_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * The validator of a body: a hash of the bytes as serialised, before compression. Weak, because
 * the same tag names the plain, gzip and br encodings of those bytes (RFC 9110 §8.8.3.3 wants a
 * strong tag to differ per encoding); If-None-Match compares weakly anyway.
 */
export function entityTag(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Whether If-None-Match names the representation tagged `tag` (RFC 9110 §13.1.2): `*`, or any tag
 * in the list equal to it by weak comparison, with or without `W/` on either side.
 */
export function clientHasTag(ifNoneMatch: string | string[] | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  for (const match of header.matchAll(QUOTED_TAG)) if (match[1] === opaque) return true;
  return false;
}

/** Add names to Vary without repeating one already there (compression adds accept-encoding itself). */
function addVary(reply: FastifyReply, names: string[]) {
  const current = String(reply.getHeader('vary') ?? '');
  const present = new Set(current.split(',').map((name) => name.trim().toLowerCase()));
  const added = names.filter((name) => !present.has(name));
  if (added.length > 0) reply.header('vary', current ? `${current}, ${added.join(', ')}` : added.join(', '));
}

/**
 * Conditional reads for every JSON answer: a GET or HEAD answered 200 carries an ETag hashed from
 * the body sent, and a client that already has that body gets 304 with no body, whoever it is
 * (visitor, staff session, API client) and whether or not the response cache keeps the answer.
 * A poller then costs the server its query but neither compression nor the bytes.
 *
 * Two hooks, because the response cache stores between them: it keeps the tag given here (one
 * hash per body), and it is still filled by a request that ends in 304.
 */
function registerTagResponses(app: FastifyInstance) {
  app.decorateRequest('entityTag', null);
  app.addHook('onSend', async function tagResponse(request, reply, payload) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || request.routeOptions.config?.stream === true) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // A route with its own validator, or a body already encoded, is left as it is.
    if (reply.hasHeader('etag') || reply.hasHeader('content-encoding')) return payload;
    const tag = entityTag(payload);
    request.entityTag = tag;
    reply.header('etag', tag);
    // What a read shows depends on who asks (staff see fields and records visitors do not).
    addVary(reply, ['accept-encoding', 'authorization', 'cookie']);
    // Personal answers are already `no-store` (security-headers.ts) and keep it; a public answer
    // may be kept, but is checked with its tag before each use, so no edit is ever hidden.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return payload;
  });
}

/** Answer 304 to a client with the current tag. */
function registerAnswerNotModified(app: FastifyInstance) {
  app.addHook('onSend', async function answerNotModified(request, reply, payload) {
    const tag = request.entityTag;
    if (tag === null || reply.statusCode !== 200) return payload;
    if (!clientHasTag(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    // A 304 repeats the validators and caching fields of the 200, not its representation's type.
    reply.removeHeader('content-type');
    // No body is sent for HEAD anyway, and Fastify's own HEAD hook, which runs after this one,
    // measures the payload for Content-Length: the length of the 200, as RFC 9110 §8.6 allows.
    return request.method === 'HEAD' ? payload : null;
  });
}

/**
 * Tags go on once the caching headers are final (the security headers set them) and before the
 * response cache stores, which keeps the tag.
 */
export const conditionalTagsPlugin = fp(async (app) => registerTagResponses(app), {
  name: 'conditional-tags',
  dependencies: ['security-headers'],
});

/** The 304 comes after the cache stores, so a revalidating visitor still fills the cache. */
export const notModifiedPlugin = fp(async (app) => registerAnswerNotModified(app), {
  name: 'not-modified',
  dependencies: ['conditional-tags', 'response-cache-store'],
});

export const conditionalPlugins = [conditionalTagsPlugin, notModifiedPlugin];
