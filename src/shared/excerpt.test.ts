import { describe, expect, it } from 'vitest';
import { ELLIPSIS, excerpt } from './excerpt';

const text =
  'Design, installation and repair of cold rooms. We carry spare parts in every van, and log temperatures after each visit.';

describe('excerpt: a shortened text ends at a sentence or a whole word', () => {
  it('keeps a text that fits as it is, with its spaces made single', () => {
    expect(excerpt('  Two   words ', { words: 5 })).toBe('Two words');
    expect(excerpt(text, { chars: 500 })).toBe(text);
  });

  it('ends at the last whole sentence that fits, with no ellipsis', () => {
    expect(excerpt(text, { chars: 80 })).toBe('Design, installation and repair of cold rooms.');
    expect(excerpt(text, { words: 10 })).toBe('Design, installation and repair of cold rooms.');
  });

  it('else ends at a whole word, drops a dangling comma and adds an ellipsis', () => {
    expect(excerpt(text, { chars: 21 })).toBe(`Design, installation${ELLIPSIS}`);
    expect(excerpt(text, { chars: 12 })).toBe(`Design${ELLIPSIS}`);
    expect(excerpt('one two three four five six', { words: 5 })).toBe(`one two three four five${ELLIPSIS}`);
  });

  it('never cuts a word in two, at any length', () => {
    const words = new Set(text.split(/\s+/).map((w) => w.replace(/[.,]$/, '')));
    for (let chars = 8; chars < text.length; chars++) {
      const cut = excerpt(text, { chars });
      expect(cut.length).toBeLessThanOrEqual(chars);
      const last = cut.replace(ELLIPSIS, '').split(' ').at(-1)!.replace(/[.,]$/, '');
      expect(words, `${chars}: ${cut}`).toContain(last);
    }
  });

  it('cuts a single word longer than the limit (a web address), since nothing else fits', () => {
    expect(excerpt('https://example.com/a/very/long/path', { chars: 12 })).toBe(`https://exa${ELLIPSIS}`);
  });
});
