/**
 * Every link that carries a secret: whoever holds one holds a key (to an account, to claiming the
 * site, to a request's status page, to a subscription). One list, read by whatever builds such a
 * link (through `secretLink`), by the response cache and the security headers (never stored,
 * `private, no-store`, `noindex`, no Referer onwards), by the request log (the secret replaced by
 * `[redacted]`) and by the mail outbox (a delivered mail keeps its links without their secrets).
 * Decision 010, "One path, normalised once; one list of secret links".
 */
export interface SecretLinkDef {
  /** The page's path; with `segment`, the path's start, the secret being the segment after it. */
  path: string;
  /** Where the secret sits: the query parameter of this name, or the path segment after `path`. */
  secret: { query: string } | 'segment';
  /** Declared before the feature that mails it is built, so that it is private from its first day. */
  reserved?: true;
}

export const SECRET_LINKS = {
  /** The one-time claim link printed at the first start. */
  setup: { path: '/signup', secret: { query: 'code' } },
  reset: { path: '/reset', secret: { query: 'token' } },
  confirmEmail: { path: '/confirm-email', secret: { query: 'token' } },
  /** A request's private status page. */
  track: { path: '/track/', secret: 'segment' },
  subscriptionConfirm: { path: '/subscription/confirm', secret: { query: 'token' } },
  unsubscribe: { path: '/subscription/unsubscribe', secret: { query: 'token' } },
  /** The address mail clients post to (RFC 8058), named by the List-Unsubscribe header. */
  oneClickUnsubscribe: { path: '/api/subscriptions/unsubscribe', secret: { query: 'token' } },
  /** A staff invitation: whoever holds it can create the invited account. */
  invitation: { path: '/invite', secret: { query: 'token' } },
  /** A draft's preview (decision 109): whoever holds it sees that draft for an hour. */
  preview: { path: '/preview', secret: { query: 'token' } },
  review: { path: '/review/', secret: 'segment', reserved: true },
} as const satisfies Record<string, SecretLinkDef>;

export type SecretLinkName = keyof typeof SECRET_LINKS;

const definitions: readonly SecretLinkDef[] = Object.values(SECRET_LINKS);

/**
 * The query parameters that hold a secret. Any URL with one is treated as secret, whatever its
 * path: a new page reading `?token=` is private before anyone remembers to list it.
 */
export const SECRET_QUERY_NAMES: readonly string[] = [
  ...new Set(definitions.flatMap((link) => (link.secret === 'segment' ? [] : [link.secret.query]))),
];

/** The path starts whose next segment is a secret ('/track/'), lower-cased. */
const SECRET_SEGMENT_PREFIXES = definitions
  .filter((link) => link.secret === 'segment')
  .map((link) => link.path.toLowerCase());

/** The link `name` with its secret in place; `origin` ('' for a path alone) without a trailing slash. */
export function secretLink(name: SecretLinkName, secret: string, origin = ''): string {
  const link: SecretLinkDef = SECRET_LINKS[name];
  const base = `${origin.replace(/\/$/, '')}${link.path}`;
  const value = encodeURIComponent(secret);
  return link.secret === 'segment' ? `${base}${value}` : `${base}?${link.secret.query}=${value}`;
}

/** The links whose secret is a query parameter. */
export type QuerySecretLinkName = {
  [Name in SecretLinkName]: (typeof SECRET_LINKS)[Name]['secret'] extends { query: string } ? Name : never;
}[SecretLinkName];

/** The secret a page's address carries ('' when none), read under the list's name for it. */
export function secretFrom(name: QuerySecretLinkName, search: URLSearchParams): string {
  return search.get(SECRET_LINKS[name].secret.query) ?? '';
}

/** The secret segment's prefix a path starts with ('/track/'), or undefined. Letter case is ignored. */
function secretSegmentPrefix(path: string): string | undefined {
  const lower = path.toLowerCase();
  return SECRET_SEGMENT_PREFIXES.find(
    (prefix) =>
      lower.startsWith(prefix) && path.length > prefix.length && !'/?#'.includes(path[prefix.length]!),
  );
}

/** Whether a query string has a parameter that holds a secret. */
function hasSecretParam(query: string): boolean {
  return query.split('&').some((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && SECRET_QUERY_NAMES.includes(pair.slice(0, at).toLowerCase());
  });
}

const splitUrl = (url: string) => {
  const at = url.search(/[?#]/);
  return at < 0 ? { path: url, rest: '' } : { path: url.slice(0, at), rest: url.slice(at) };
};

/** Whether a path and query (as a request line has it, in its normal form) carries a secret. */
export function carriesSecretLink(url: string): boolean {
  const { path, rest } = splitUrl(url);
  if (secretSegmentPrefix(path)) return true;
  return rest.startsWith('?') && hasSecretParam(rest.slice(1).split('#', 1)[0]!);
}

/** Whether the path is a page whose secret is its last segment (`/track/<token>`): nobody's to index. */
export function isSecretPagePath(url: string): boolean {
  return secretSegmentPrefix(splitUrl(url).path) !== undefined;
}

/** The path and query with every secret replaced by `[redacted]`, everything else kept. */
export function redactSecretLink(url: string): string {
  const { path, rest } = splitUrl(url);
  const prefix = secretSegmentPrefix(path);
  let redacted = path;
  if (prefix) {
    const end = path.indexOf('/', prefix.length);
    redacted = `${path.slice(0, prefix.length)}[redacted]${end < 0 ? '' : path.slice(end)}`;
  }
  if (!rest.startsWith('?')) return redacted + rest;
  const hash = rest.indexOf('#');
  const query = hash < 0 ? rest.slice(1) : rest.slice(1, hash);
  const pairs = query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && SECRET_QUERY_NAMES.includes(pair.slice(0, at).toLowerCase())
      ? `${pair.slice(0, at)}=[redacted]`
      : pair;
  });
  return `${redacted}?${pairs.join('&')}${hash < 0 ? '' : rest.slice(hash)}`;
}
