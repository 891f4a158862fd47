import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits';

/** Every run of decimal digits Unicode knows, as [first code point, length]. */
function decimalDigitRuns(): [number, number][] {
  const runs: [number, number][] = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    if (!/\p{Nd}/u.test(String.fromCodePoint(codePoint))) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === codePoint) last[1] += 1;
    else runs.push([codePoint, 1]);
  }
  return runs;
}

describe('digits of any script', () => {
  it('reads every \\p{Nd} digit block as 0 to 9, by value', () => {
    const runs = decimalDigitRuns();
    // Dozens of scripts; if Unicode grows, they are read too.
    expect(runs.length).toBeGreaterThan(50);
    for (const [first, length] of runs) {
      expect(length % 10, `the run at U+${first.toString(16)}`).toBe(0);
      const typed = Array.from({ length }, (_, index) => String.fromCodePoint(first + index)).join('');
      expect(asciiDigits(typed), `the run at U+${first.toString(16)}`).toBe('0123456789'.repeat(length / 10));
    }
  });

  it('reads the keyboards people in Pakistan type on, and leaves everything else alone', () => {
    expect(asciiDigits('٠٣٠٠١٢٣٤٥٦٧')).toBe('03001234567'); // Arabic-Indic
    expect(asciiDigits('۰۳۰۰ ۱۲۳۴۵۶۷')).toBe('0300 1234567'); // Extended Arabic-Indic (Urdu)
    expect(asciiDigits('０３００-１２３４５６７')).toBe('0300-1234567'); // full-width
    expect(asciiDigits('+92 (300) abc ½ ² Ⅻ')).toBe('+92 (300) abc ½ ² Ⅻ');
  });
});
