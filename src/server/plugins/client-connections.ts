import { BlockList, isIPv6, Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import { tooManyRequests } from '../errors';
import { clientNetwork, networkOf } from '../http/client-network';
import { uploadDeadlineMs } from '../http/server-options';

/**
 * Whether a peer is a proxy TRUST_PROXY names, whose connections carry many clients' requests.
 * `true` and a hop count trust whatever connects (decision 010 says when that is safe).
 */
export function trustedPeer(trust: Env['TRUST_PROXY']): (address: string) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  // An IPv4 rule also matches the same address written IPv4-mapped (`::ffff:10.0.0.1`).
  return (address) => list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** A count per client that forgets a client at zero. */
function counter() {
  const counts = new Map<string, number>();
  return {
    take(key: string, max: number): boolean {
      const count = counts.get(key) ?? 0;
      if (count >= max) return false;
      counts.set(key, count + 1);
      return true;
    },
    release(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

/** What a client whose body stopped arriving is told before its connection closes (Node says the same). */
const TOO_SLOW = JSON.stringify({ error: 'The request took too long to arrive.' });

/** Close a connection whose request did not arrive in time: with a 408 if nothing was answered yet. */
function cutOff(socket: Socket, answered: boolean) {
  if (answered || !socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_SLOW)}\r\n\r\n${TOO_SLOW}`,
    () => socket.destroy(),
  );
}

/** Whether a request announces a body (a length above zero, or a chunked one). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * How long a request's body may take once its headers are in: REQUEST_TIMEOUT_SECONDS, and for
 * an upload (a multipart body: a file streamed in) that plus the time its size takes at
 * UPLOAD_MIN_KB_PER_SECOND, its size being what it announces, at most the route's limit.
 */
export function bodyDeadlineMs(request: FastifyRequest, env: Env): number {
  const type = request.headers['content-type']?.toLowerCase() ?? '';
  if (!type.startsWith('multipart/form-data')) return env.REQUEST_TIMEOUT_SECONDS * 1000;
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  const announced = Number(request.headers['content-length'] ?? limit);
  return uploadDeadlineMs(env, Math.min(Number.isFinite(announced) ? announced : limit, limit));
}

/**
 * A client's share of the server's connections, and how long a request may take to arrive.
 *
 * - Each client address (an IPv6 client by its network) may hold MAX_CONNECTIONS_PER_CLIENT open
 *   connections; one more is closed as it opens. A proxy named in TRUST_PROXY carries many
 *   clients, so its connections are not counted; the requests it brings are, per client (the
 *   address it forwards), while they are in flight, and one over the cap answers 429.
 * - Headers must arrive within HEADERS_TIMEOUT_SECONDS (Node's timer, http/server-options.ts);
 *   the body then within REQUEST_TIMEOUT_SECONDS, or an upload's longer deadline
 *   (`bodyDeadlineMs`), else the client is answered 408 and disconnected. Answers are not timed:
 *   a download or the live stream takes what it takes.
 */
export function registerClientConnections(app: FastifyInstance) {
  const env = app.env;
  const max = env.MAX_CONNECTIONS_PER_CLIENT;
  const trusted = trustedPeer(env.TRUST_PROXY);

  if (max > 0) {
    const connections = counter();
    const refusing = new Set<string>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || trusted(address)) return;
      const key = networkOf(address, env.LIMIT_IPV6_PREFIX);
      if (!connections.take(key, max)) {
        // Said once while the client stays at its cap, not once per refused connection.
        if (!refusing.has(key)) app.log.warn({ network: key, max }, 'client over its connection limit');
        refusing.add(key);
        socket.destroy();
        return;
      }
      socket.once('close', () => {
        connections.release(key);
        refusing.delete(key);
      });
    });

    const inFlight = counter();
    app.addHook('onRequest', function limitProxiedClients(request, reply, done) {
      const peer = request.raw.socket?.remoteAddress;
      if (!peer || !trusted(peer)) return done();
      const key = clientNetwork(request);
      if (!inFlight.take(key, max))
        return done(tooManyRequests('Too many requests at once from your address. Please try again.', 1));
      reply.raw.once('close', () => inFlight.release(key));
      done();
    });
  }

  app.addHook('onRequest', function timeRequestBody(request, reply, done) {
    const raw = request.raw;
    // An injected request (tests, `app.inject`) has no connection to time or to close.
    if (raw.complete || !announcesBody(request) || !(raw.socket instanceof Socket)) return done();
    const socket = raw.socket;
    const timer = setTimeout(
      () => {
        if (raw.complete) return;
        request.log.info(
          { route: request.routeOptions.url ?? null },
          'request body too slow: connection closed',
        );
        cutOff(socket, reply.raw.headersSent);
      },
      bodyDeadlineMs(request, env),
    );
    timer.unref();
    // On the request, not the socket: a kept-alive socket carries many requests.
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

/** Connections per client and request deadlines, before any other work on a request. */
export const clientConnectionsPlugin = fp(async (app) => registerClientConnections(app), {
  name: 'client-connections',
  dependencies: ['env', 'response-cache'],
});
