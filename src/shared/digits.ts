/**
 * Digits of any script as ASCII digits. People type numbers on the keyboard they have: an Urdu
 * keyboard gives Extended Arabic-Indic digits (۰۳۰۰…), an Arabic one Arabic-Indic (٠٣٠٠…), a
 * Japanese or Chinese one full-width (０３００…). Every decimal digit Unicode knows (`\p{Nd}`) is
 * read by its value, so a phone or a number is stored as the ASCII digits the rules judge.
 *
 * Unicode keeps every Nd digit in runs of ten, zero to nine, in order (a stability guarantee), and
 * some runs follow each other with no gap (the mathematical digits): a digit's value is its
 * distance from the start of its contiguous run, modulo ten. No table to keep up to date.
 */

const DECIMAL_DIGIT = /\p{Nd}/u;

const isDecimalDigit = (codePoint: number) => DECIMAL_DIGIT.test(String.fromCodePoint(codePoint));

/** The ASCII digit of one `\p{Nd}` character (the longest contiguous run is 50: a short walk). */
function asciiDigitOf(codePoint: number): string {
  let start = codePoint;
  while (isDecimalDigit(start - 1)) start -= 1;
  return String((codePoint - start) % 10);
}

/** `value` with every decimal digit of any script as its ASCII digit; everything else as it was. */
export function asciiDigits(value: string): string {
  let out = '';
  for (const char of value) {
    const codePoint = char.codePointAt(0)!;
    out += codePoint > 0x7f && DECIMAL_DIGIT.test(char) ? asciiDigitOf(codePoint) : char;
  }
  return out;
}

/**
 * A whole number as people type it, in digits of any script (`١٢`, `۱۲`, `１２`, `-3`): the number,
 * or null when the text is not one.
 */
export function typedWholeNumber(text: string): number | null {
  const typed = asciiDigits(text.trim());
  return /^-?[0-9]+$/.test(typed) ? Number(typed) : null;
}
