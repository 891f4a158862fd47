/**
 * Query parameters that carry a secret: the setup code that claims a site and the token of a
 * reset link; and the path of a contact request's private status page (`/track/<token>`). A URL with one is never cached, sends no Referer onwards, and is logged without it.
 */
const SECRET_PARAMS = ['code', 'token'];

/** The same names as SECRET_PARAMS (a literal pattern, so that it can be reviewed). */
const SECRET_PARAM = /[?&](?:code|token)=/i;

/** A request's private status page, `/track/<token>`: the token is the path's last part. */
const TRACK_PATH = /^\/track\/[^/?#]/i;

/** Whether the URL is a private status page (`/track/<token>`), answered `private, no-store`. */
export function isTrackUrl(url: string): boolean {
  return TRACK_PATH.test(url);
}

/** Whether the URL (path and query, as the request line has it) carries a secret value. */
export function carriesSecret(url: string): boolean {
  return SECRET_PARAM.test(url) || TRACK_PATH.test(url);
}

/** The URL with each secret parameter's value (and a track page's token) replaced, for log lines. */
export function redactUrl(url: string): string {
  if (!carriesSecret(url)) return url;
  if (TRACK_PATH.test(url)) url = url.replace(/^(\/track\/)[^/?#]*/i, '$1[redacted]');
  if (!SECRET_PARAM.test(url)) return url;
  const at = url.indexOf('?');
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return pair.includes('=') && SECRET_PARAMS.includes(name.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
