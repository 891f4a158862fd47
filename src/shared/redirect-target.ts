/** Longer targets are refused: no page of ours needs one, and they only serve to hide a trick. */
export const MAX_REDIRECT_TARGET_LENGTH = 2048;

/**
 * Browsers drop tabs and newlines inside URLs and read a backslash as a slash, so `/\t/evil.example`
 * or `/\evil.example` arrive as `//evil.example`: another site. Refused outright, never cleaned.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Where a redirect built from request data may go: the target parsed against the site's origin,
 * kept only when it stays on that origin, and answered as the parser's own serialisation
 * (path, query and fragment, percent-encoded ASCII) rather than the text we were given. Null for
 * anything else: another host or scheme, relative words, control characters, backslashes, over-long targets, and
 * paths a browser would read as a host (`/.//evil.example` normalises to `//evil.example`).
 * Every redirect whose target comes from a request goes through here.
 */
export function sameOriginTarget(target: unknown, origin: string): string | null {
  if (typeof target !== 'string' || target === '' || target.length > MAX_REDIRECT_TARGET_LENGTH) return null;
  if (CONTROL_OR_BACKSLASH.test(target)) return null;
  // A path, or a full http(s) address; `https:evil.example` and bare words are nobody's link.
  if (!target.startsWith('/') && !/^https?:\/\//i.test(target)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || CONTROL_OR_BACKSLASH.test(path)) return null;
  return path;
}

/** Like sameOriginTarget, with a fixed place to go when the target is refused or missing. */
export function redirectTargetOr(target: unknown, origin: string, fallback: string): string {
  return sameOriginTarget(target, origin) ?? fallback;
}
