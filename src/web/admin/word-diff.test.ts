import { describe, expect, it } from 'vitest';
import { WORD_DIFF_MAX_WORDS, type WordDiff, wordDiff, wordsOf } from './word-diff';

const parts = (diff: WordDiff) => (diff.kind === 'words' ? diff.parts : []);
const joined = (diff: WordDiff, kinds: string[]) =>
  parts(diff)
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join('');

describe('wordsOf', () => {
  it('keeps the spaces after each word, so the words give the text back', () => {
    expect(wordsOf('Cold rooms  back\nto temperature')).toEqual([
      'Cold ',
      'rooms  ',
      'back\n',
      'to ',
      'temperature',
    ]);
    expect(wordsOf('  leading and trailing  ')).toEqual(['  leading ', 'and ', 'trailing  ']);
    expect(wordsOf('')).toEqual([]);
    expect(wordsOf('   ')).toEqual(['   ']);
  });
});

describe('wordDiff', () => {
  it('marks the words removed and added between the shared ones', () => {
    const diff = wordDiff('We repair fridges the same day.', 'We repair fridges and freezers the next day.');
    expect(parts(diff)).toEqual([
      { kind: 'same', text: 'We repair fridges ' },
      { kind: 'added', text: 'and freezers ' },
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'same ' },
      { kind: 'added', text: 'next ' },
      { kind: 'same', text: 'day.' },
    ]);
  });

  it('gives the new text back from its same and added parts, and the old words from same and removed', () => {
    const before = 'one two three four five six';
    const after = 'zero one three four 4.5 six seven';
    const diff = wordDiff(before, after);
    expect(joined(diff, ['same', 'added'])).toBe(after);
    expect(joined(diff, ['same', 'removed']).split(/\s+/).filter(Boolean)).toEqual(before.split(' '));
  });

  it('answers an unchanged text as one same part, and an empty one as nothing', () => {
    expect(parts(wordDiff('Same text', 'Same text'))).toEqual([{ kind: 'same', text: 'Same text' }]);
    expect(wordDiff('', '')).toEqual({ kind: 'words', parts: [] });
  });

  it('handles a text written from nothing and one emptied', () => {
    expect(parts(wordDiff('', 'New words'))).toEqual([{ kind: 'added', text: 'New words' }]);
    expect(parts(wordDiff('Old words', ''))).toEqual([{ kind: 'removed', text: 'Old words' }]);
  });

  it('does not count a change of spacing alone as a changed word', () => {
    expect(parts(wordDiff('a  b\nc', 'a b c'))).toEqual([{ kind: 'same', text: 'a b c' }]);
  });

  it('answers a text past the word limit whole, before then after', () => {
    const long = Array.from({ length: WORD_DIFF_MAX_WORDS + 1 }, (_, i) => `w${i}`).join(' ');
    expect(wordDiff(long, 'short')).toEqual({ kind: 'whole', before: long, after: 'short' });
  });

  it('answers whole when the changed middle is too large to compare, and quickly', () => {
    const a = Array.from({ length: 4000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 4000 }, (_, i) => `b${i}`).join(' ');
    const started = performance.now();
    expect(wordDiff(a, b).kind).toBe('whole');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('compares a long text with a small edit word by word within the bounds', () => {
    const words = Array.from({ length: 4500 }, (_, i) => `w${i}`);
    const before = words.join(' ');
    const after = [...words.slice(0, 2000), 'inserted', ...words.slice(2000)].join(' ');
    const diff = wordDiff(before, after);
    expect(diff.kind).toBe('words');
    expect(parts(diff).filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'added', text: 'inserted ' },
    ]);
  });
});
