import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { headerValue } from './request-reading';

/**
 * `Sec-Fetch-Site` values that mean one of our own pages (or the person, typing) sent it. Not
 * `same-site`: a sibling subdomain (someone else's content, a forgotten host) is another site here.
 */
const OUR_PAGES = new Set(['same-origin', 'none']);

/**
 * Whether a request that a browser would send to any site without asking first (a beacon, a
 * form post, a multipart upload) came from this site. Browsers send `Sec-Fetch-Site` with every
 * fetch, beacon and form post to an HTTPS site or localhost: when present it decides. Otherwise
 * (older browsers, or a plain-HTTP site on another address, such as a laptop's LAN address) the
 * `Origin` of a POST must be the site's own origin (`app.siteOrigin()`) or the origin the request
 * itself was sent to (its protocol and Host): another site's page sends its own origin to our host,
 * so the two differ, and comparing writes nothing anywhere that trusts the Host header. With
 * neither the sender is no browser page (a script, curl), which could forge both headers anyway:
 * it is let through, and the route's per-address write limit is what bounds it.
 */
export function sentFromThisSite(request: FastifyRequest): boolean {
  const fetchSite = headerValue(request, 'sec-fetch-site');
  if (fetchSite !== undefined) return OUR_PAGES.has(fetchSite.toLowerCase());
  const origin = headerValue(request, 'origin');
  if (origin !== undefined) {
    return origin === request.server.siteOrigin() || origin === `${request.protocol}://${request.host}`;
  }
  return true;
}

/**
 * A route's `onRequest` hook for anonymous writes that only our own pages make: another site's
 * page cannot use its visitors' browsers (and their addresses' budgets) to write here. Runs
 * before the body is read and before the write limit counts.
 */
export function refuseOtherSites(message: string) {
  return async function refuseOtherSite(request: FastifyRequest) {
    if (!sentFromThisSite(request)) throw new HttpError(403, message);
  };
}
