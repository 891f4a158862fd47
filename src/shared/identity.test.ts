import { describe, expect, it } from 'vitest';
import { canonicalIdentity } from './identity';

/**
 * Spellings that must be one identity: the case pairs whose lower case differs between
 * JavaScript, SQL and Unicode's case folding, and the compatibility forms NFKC folds.
 */
const SAME: [string, string, string][] = [
  ['plain capitals', 'TIKI', 'tiki'],
  ['mixed case address', 'Mira@Example.COM', 'mira@example.com'],
  ['sharp s and ss', 'straße', 'STRASSE'],
  ['capital sharp s', 'STRAẞE', 'strasse'],
  ['Kelvin sign (U+212A)', '\u212Aim', 'kim'],
  ['Ångström sign (U+212B)', '\u212Bsa', 'åsa'],
  ['long s (U+017F)', 'ſam', 'sam'],
  ['final and medial sigma', 'ΟΔΟΣ', 'οδοσ'],
  ['final sigma typed in the middle', 'οδος', 'ΟΔΟΣ'],
  ['fullwidth letters', 'ｔｉｋｉ', 'tiki'],
  ['fullwidth capitals', 'ＴＩＫＩ', 'tiki'],
  ['ff ligature', 'ﬀion', 'ffion'],
  ['st ligature', 'ﬆan', 'stan'],
  ['Cherokee capital and small', '\u13A0\u13A1', '\uAB70\uAB71'],
  ['dotless i', 'tıki', 'tiki'],
  ['titlecase digraph', 'ǅemal', 'džemal'],
  ['micro sign and mu', 'µ', 'μ'],
  ['Roman numeral nine', 'Ⅸ', 'ix'],
  ['Greek capital with prosgegrammeni', 'ᾼ', 'αι'],
  ['Georgian Mtavruli and Mkhedruli', '\u1C90\u1C91', '\u10D0\u10D1'],
  ['decomposed and precomposed e acute', 'ame\u0301lie', 'amélie'],
  ['no-break space inside, spaces around', ' ann\u00A0lee ', 'ann lee'],
];

/** Spellings that stay apart, deliberately. */
const APART: [string, string, string][] = [
  // Unicode's own full folding keeps the dot: `İ` is `i` with a combining dot above, not `i`.
  ['dotted capital I and i', 'tİki', 'tiki'],
  ['dotted capital I and dotless i', 'tİki', 'tıki'],
  ['i with a combining dot and i', 'ti\u0307ki', 'tiki'],
  ['Latin a and Cyrillic а', 'admin', 'аdmin'],
  ['e and e acute', 'amelie', 'amélie'],
];

describe('the canonical form of an identity', () => {
  it.each(SAME)('makes one identity of %s', (_name, a, b) => {
    expect(canonicalIdentity(a)).toBe(canonicalIdentity(b));
  });

  it.each(APART)('keeps %s apart', (_name, a, b) => {
    expect(canonicalIdentity(a)).not.toBe(canonicalIdentity(b));
  });

  it('is what it was given for a plain lower-case name or address', () => {
    for (const plain of ['tiki', 'mira@example.com', 'a.b-c_d9'])
      expect(canonicalIdentity(plain)).toBe(plain);
  });

  it('changes nothing when applied again, for every code point alone and beside letters', () => {
    const moved: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      // Beside a letter and before a sigma: composition and the final-sigma rule see it there.
      for (const text of [char, `a${char}Σ`]) {
        const once = canonicalIdentity(text);
        if (canonicalIdentity(once) !== once) moved.push(`U+${code.toString(16).toUpperCase()}`);
      }
    }
    expect(moved).toEqual([]);
  });
});
