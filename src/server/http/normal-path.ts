/** RFC 3986's unreserved characters: an escape of one of these means the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** A request target in the absolute form (`GET http://host/path`): its path is what is asked. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
/** Nothing to do: a path from a browser, the case of nearly every request. */
const MAYBE_NOT_NORMAL = /%|\/\/|\/\.|^[^/]/;

function decodeUnreserved(text: string): string {
  return text.replace(ESCAPE, (escaped, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escaped.toUpperCase();
  });
}

/** RFC 3986 §5.2.4 on a path whose slashes come one at a time. */
function removeDotSegments(path: string): string {
  const segments = path.split('/').slice(1);
  const kept: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (segment !== '.' && segment !== '..') kept.push(segment);
    else {
      if (segment === '..') kept.pop();
      // `/a/b/..` names the folder `/a/`: its trailing slash stays.
      if (index === segments.length - 1) kept.push('');
    }
  }
  return `/${kept.join('/')}`;
}

/**
 * The normal form of a request target (RFC 3986 §6.2.2): escapes of unreserved characters decoded
 * (`/%74rack` is `/track`) and every other escape in upper case, runs of slashes made one, dot
 * segments removed; an absolute-form target becomes its path. The query is kept in place with its
 * unreserved escapes decoded too (`?%74oken=` is `?token=` to the page that reads it). Letter case
 * is kept: a secret in a path is case-sensitive, and the router ignores case in its own words.
 * `%25` (a percent sign) stays encoded, so nothing is decoded twice.
 */
export function normalPath(url: string): string {
  if (!MAYBE_NOT_NORMAL.test(url)) return url;
  let target = url;
  if (!target.startsWith('/')) {
    const absolute = ABSOLUTE_FORM.exec(target);
    // `*` (OPTIONS) and other oddities are left for the router to refuse.
    if (!absolute) return url;
    target = target.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  const at = target.search(/[?#]/);
  const path = at < 0 ? target : target.slice(0, at);
  const rest = at < 0 ? '' : target.slice(at);
  return removeDotSegments(decodeUnreserved(path).replace(/\/{2,}/g, '/')) + decodeUnreserved(rest);
}

/**
 * How a path reads after every escape is decoded, as often as it takes (at most three times), with
 * its slashes and dot segments normalised. Not a path anyone is served: a broad view, so that a
 * secret link hidden under double encoding (`/%2574rack/<token>`) is still kept out of caches,
 * search engines and the log.
 */
export function decodedView(url: string): string {
  let view = url;
  for (let round = 0; round < 3 && view.includes('%'); round++) {
    const next = view.replace(ESCAPE, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === view) break;
    view = next;
  }
  return normalPath(view);
}
