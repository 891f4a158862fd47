import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery tokens bound to the session they protect: the token is an HMAC of the session
 * token under a key every instance shares. A cookie pair planted by another site or a sibling
 * subdomain proves nothing, because only the server can derive the token of a given session.
 */
export interface XsrfTokens {
  /** The token a page must echo in X-XSRF-TOKEN for writes made with this session. */
  tokenFor(sessionToken: string): string;
  /** Whether `presented` is this session's token, compared in constant time. */
  matches(sessionToken: string, presented: string | undefined): boolean;
}

export function createXsrfTokens(key: Buffer): XsrfTokens {
  // The prefix keeps these MACs apart from anything else a future feature signs with a shared key.
  const tokenFor = (sessionToken: string) =>
    createHmac('sha256', key).update(`xsrf:${sessionToken}`).digest('base64url');
  return {
    tokenFor,
    matches(sessionToken, presented) {
      if (!presented) return false;
      const expected = Buffer.from(tokenFor(sessionToken));
      const given = Buffer.from(presented);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
