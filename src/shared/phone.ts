import { asciiDigits } from './digits';

/**
 * Phone numbers as people type them. Pakistani numbers are written with spaces, dashes, dots or
 * brackets, and mobiles often with the country code (`+92 300 1234567`, `0092 300 1234567`);
 * all of them are the same `03001234567`, which is what is stored and what the 11-digit rule
 * judges. Digits of any script (an Urdu keyboard's ۰۳۰۰…) are read as ASCII digits (digits.ts).
 * Only Pakistan's code is understood: any other prefix is left as typed (without the
 * separators), so the 11-digit rule refuses it with its usual message.
 */

/** Characters people put between the groups of a number. */
const SEPARATORS = new Set([' ', '-', '.', '(', ')', '\u00a0']);

const isDigits = (value: string) => {
  for (const char of value) if (char < '0' || char > '9') return false;
  return value !== '';
};

/**
 * A number without its separators, with `+92` or `0092` before a 10-digit mobile number turned
 * into the national `0` prefix. Callers check the length first (every text rule does), so the
 * loop here never sees more than a field's maximum.
 */
export function normalisePhone(value: string): string {
  let bare = '';
  for (const char of asciiDigits(value)) if (!SEPARATORS.has(char)) bare += char;
  const national = bare.startsWith('+92') ? bare.slice(3) : bare.startsWith('0092') ? bare.slice(4) : null;
  if (national !== null && national.length === 10 && national.startsWith('3') && isDigits(national))
    return `0${national}`;
  return bare;
}
