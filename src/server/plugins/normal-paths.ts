import fp from 'fastify-plugin';
import { redirectTargetOr } from '../../shared/redirect-target';
import { staticSecurityHeaders } from './security-headers';

/**
 * A request whose target is not in its normal form (`/%74rack/…`, `/./track/…`, `//track/…`; the
 * server's `rewriteUrl` already routed it by the normal form, see http/normal-path.ts) is sent to
 * the normal form with a 308, whatever its method. Nothing after this hook (the response cache,
 * the security headers, the pages, the log) ever sees a path that is not normal, and a cache keeps
 * one copy per page, not one per spelling. The redirect itself gets the headers of its target
 * (a secret link's `no-store` among them) from the security headers' own `onSend`.
 */
export const normalPathsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', function redirectToNormalPath(request, reply, done) {
      if (request.originalUrl === request.url) return done();
      staticSecurityHeaders(request, reply);
      // The normal form of `/./\evil.example` is `/\evil.example`, which a browser reads as another
      // host: only a target that stays on this site is followed, anything else goes home.
      reply.redirect(redirectTargetOr(request.url, app.siteOrigin(), '/'), 308);
    });
  },
  { name: 'normal-paths', dependencies: ['site-origin'] },
);
