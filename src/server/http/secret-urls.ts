/**
 * Query parameters that carry a secret: the setup code that claims a site and the token of a
 * reset link. A URL with one is never cached, sends no Referer onwards, and is logged without it.
 */
const SECRET_PARAMS = ['code', 'token'];

/** The same names as SECRET_PARAMS (a literal pattern, so that it can be reviewed). */
const SECRET_PARAM = /[?&](?:code|token)=/i;

/** Whether the URL (path and query, as the request line has it) carries a secret value. */
export function carriesSecret(url: string): boolean {
  return SECRET_PARAM.test(url);
}

/** The URL with each secret parameter's value replaced, for log lines. */
export function redactUrl(url: string): string {
  if (!carriesSecret(url)) return url;
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
