import { carriesSecretLink, isSecretPagePath, redactSecretLink } from '../../shared/secret-links';
import { decodedView } from './normal-path';

/**
 * The server's reading of the one list of secret links (src/shared/secret-links.ts). Request URLs
 * arrive here normalised (normal-path.ts); each check also reads the URL fully decoded, so a secret
 * link only reachable through double encoding is still treated as one (never cached, never logged).
 */

/** Whether the URL is a page whose path holds its secret (`/track/<token>`): `private, no-store`, `noindex`. */
export function isSecretPageUrl(url: string): boolean {
  return isSecretPagePath(url) || (url.includes('%') && isSecretPagePath(decodedView(url)));
}

/** Whether the URL (path and query, as the request line has it) carries a secret value. */
export function carriesSecret(url: string): boolean {
  return carriesSecretLink(url) || (url.includes('%') && carriesSecretLink(decodedView(url)));
}

/** The URL with each secret (a query parameter's value, a path's token) replaced, for log lines. */
export function redactUrl(url: string): string {
  if (carriesSecretLink(url)) return redactSecretLink(url);
  if (!url.includes('%')) return url;
  const view = decodedView(url);
  return carriesSecretLink(view) ? redactSecretLink(view) : url;
}

/** An absolute link in a text (a mail's body, a List-Unsubscribe header): up to a space or a bracket. */
const LINK_IN_TEXT = /https?:\/\/[^\s<>"'()]+/gi;

/**
 * The text with the secret of every secret link in it replaced, everything else kept: what a
 * delivered mail keeps of its links (decision 010, "Sent secrets are not kept").
 */
export function redactSecretLinksIn(text: string): string {
  return text.replace(LINK_IN_TEXT, (link) => {
    const pathAt = link.indexOf('/', link.indexOf('//') + 2);
    if (pathAt < 0) return link;
    const target = link.slice(pathAt);
    return carriesSecret(target) ? link.slice(0, pathAt) + redactUrl(target) : link;
  });
}

/** Whether a text holds a secret link. */
export function holdsSecretLink(text: string): boolean {
  return redactSecretLinksIn(text) !== text;
}
