/**
 * Rules for text that comes from outside: what a value may contain and what an address must look
 * like. Every pattern here runs in time linear in its input (no quantified group can match the
 * same text two ways), and callers check lengths first, so a hostile value costs microseconds.
 */

/**
 * A mailbox as browsers accept it in `<input type="email">` (WHATWG "valid e-mail address"), with
 * at least one dot in the domain. The local part cannot contain `@`, so the split is fixed; each
 * domain label is at most 63 characters and labels are split by dots they cannot contain.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Whitespace, backslashes and control characters have no place anywhere in a link. */
const NOT_IN_LINKS = /[\s\\\p{Cc}]/u;
/** `http://` or `https://` followed by a host, not by another slash. */
const WEB_ADDRESS_START = /^https?:\/\/[^/?#]/i;

/**
 * An address a page may link to: a full `https://` or `http://` address, or a path on this site
 * starting with exactly one slash. `//evil.example` and `/\evil.example` are read by browsers as
 * another site, so they are refused, as is anything a browser would silently strip or rewrite.
 */
export function isSiteLink(value: string): boolean {
  if (NOT_IN_LINKS.test(value)) return false;
  if (WEB_ADDRESS_START.test(value)) return true;
  return value.startsWith('/') && !value.startsWith('//');
}

/** Line breaks (including Unicode's own separators) and every other control character. */
const NOT_ON_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
/** Control characters other than tab and line breaks, which paragraphs of text may carry. */
const NOT_IN_PARAGRAPHS = /(?![\t\n\r])\p{Cc}/u;

/** Text for one line (a name, a title, an address): no line breaks or control characters. */
export const isSingleLine = (value: string) => !NOT_ON_ONE_LINE.test(value);

/** Text of several lines: tabs and line breaks are fine, other control characters are not. */
export const isCleanParagraphs = (value: string) => !NOT_IN_PARAGRAPHS.test(value);

/**
 * A UTF-16 surrogate with no partner. With the `u` flag a well-formed pair is one code point, so
 * only a lone half matches. PostgreSQL refuses such text, as it refuses NUL.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text no database column can hold: a NUL character or half of a surrogate pair. */
export const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * An address as part of a `mailto:` link: everything that could start a query (`?cc=`, `&body=`)
 * or another address is percent-encoded; the one `@` stays readable for mail programs.
 */
export const mailtoHref = (address: string) => `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;

/** A phone number as a `tel:` link: digits and a leading plus only, whatever was stored. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
