/**
 * What changed between two texts, word by word: the longest common subsequence of their words,
 * the rest marked added or removed. Its table grows with the product of the two lengths, so a text
 * past WORD_DIFF_MAX_WORDS, or a changed middle past WORD_DIFF_MAX_CELLS, is answered whole
 * (before, then after) rather than freezing the tab that asked.
 */
export const WORD_DIFF_MAX_WORDS = 5000;
/** Cells of the LCS table once the shared start and end are set aside: about 4 MB of Uint16. */
export const WORD_DIFF_MAX_CELLS = 2_000_000;

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export type WordDiff =
  | { kind: 'words'; parts: DiffPart[] }
  | { kind: 'whole'; before: string; after: string };

/**
 * A text as words, each carrying the spaces after it, so that the parts joined give the text back
 * exactly; leading spaces ride on the first word. Words compare without their spaces.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  let start = 0;
  let holdsWord = false;
  let afterSpace = false;
  for (let i = 0; i < text.length; i += 1) {
    const space = isSpace(text.charCodeAt(i));
    // A word starts where spaces end: those spaces belong to the word before.
    if (!space && afterSpace && holdsWord) {
      words.push(text.slice(start, i));
      start = i;
    }
    if (!space) holdsWord = true;
    afterSpace = space;
  }
  if (start < text.length) words.push(text.slice(start));
  return words;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0x2028 || code === 0x2029;
}

const key = (word: string) => word.trim();

export function wordDiff(before: string, after: string): WordDiff {
  if (before === after) return { kind: 'words', parts: before ? [{ kind: 'same', text: before }] : [] };
  const a = wordsOf(before);
  const b = wordsOf(after);
  if (a.length > WORD_DIFF_MAX_WORDS || b.length > WORD_DIFF_MAX_WORDS)
    return { kind: 'whole', before, after };

  // The shared start and end cost nothing to find and usually hold most of an edited text.
  let head = 0;
  while (head < a.length && head < b.length && key(a[head]!) === key(b[head]!)) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    key(a[a.length - 1 - tail]!) === key(b[b.length - 1 - tail]!)
  )
    tail += 1;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n * m > WORD_DIFF_MAX_CELLS) return { kind: 'whole', before, after };

  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  // The same words keep the new text's spacing: it is the text being read.
  for (let i = 0; i < head; i += 1) push('same', b[i]!);
  middle(a.slice(head, head + n), b.slice(head, head + m), push);
  for (let i = b.length - tail; i < b.length; i += 1) push('same', b[i]!);
  return { kind: 'words', parts };
}

/** The LCS of the changed middle, read back from its start so removals come before additions. */
function middle(a: string[], b: string[], push: (kind: DiffPart['kind'], text: string) => void) {
  const n = a.length;
  const m = b.length;
  const keysA = a.map(key);
  const keysB = b.map(key);
  const width = m + 1;
  // lengths[i * width + j]: the LCS of a[i..] and b[j..]. Up to 5,000 words fit in Uint16.
  const lengths = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        keysA[i] === keysB[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (keysA[i] === keysB[j]) {
      push('same', b[j]!);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      push('removed', a[i]!);
      i += 1;
    } else {
      push('added', b[j]!);
      j += 1;
    }
  }
  while (i < n) push('removed', a[i++]!);
  while (j < m) push('added', b[j++]!);
}
