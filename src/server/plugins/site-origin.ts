import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';

/**
 * The origin the server names itself by when PUBLIC_URL is unset: the address it listens on, with
 * `localhost` for the wildcard addresses (a browser cannot open http://0.0.0.0).
 */
export function listeningOrigin(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return port === 80 || port === 0 ? `http://${name}` : `http://${name}:${port}`;
}

/**
 * The site's own origin, for every absolute address we write: canonical links, Open Graph,
 * JSON-LD, the sitemap, robots.txt, mail links and the URL pages are rendered for. PUBLIC_URL when
 * set, else the address the server listens on; never a request header. Host and X-Forwarded-Host
 * are chosen by whoever sends the request (a proxy usually passes the visitor's on), and one
 * forged request would otherwise name the attacker's site in pages replayed to everyone.
 */
export function registerSiteOrigin(app: FastifyInstance) {
  const env: Env = app.env;
  const configured = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null;

  const ownOrigin = () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    return listeningOrigin(env.HOST, port);
  };

  app.decorate('siteOrigin', (): string => configured ?? ownOrigin());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's origin (see registerSiteOrigin); never taken from a request's headers. */
    siteOrigin(): string;
  }
}

/** `app.siteOrigin()`. */
export const siteOriginPlugin = fp(async (app) => registerSiteOrigin(app), {
  name: 'site-origin',
  dependencies: ['env'],
});
