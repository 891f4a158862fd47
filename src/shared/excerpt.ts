/**
 * The one way a text is shortened for a card, a list row or a meta description: whole sentences
 * when they fit, else whole words and an ellipsis; never a word cut in two. Limits are in words,
 * in characters, or both (the tighter one wins); whitespace runs become single spaces.
 */
export const ELLIPSIS = '…';

/** Where a sentence ends: its closing mark (and a closing quote or bracket), then a space or the end. */
const SENTENCE_END = /[.!?][”’"')\]]*(?=\s|$)/g;
/** What a cut leaves hanging before the ellipsis: a space, a comma, a dash, an opening bracket. */
const DANGLING = new Set([' ', ',', ';', ':', '–', '—', '-', '(', '/', '&']);

/** `text` without the dangling marks at its end: a loop, where a `[…]+$` pattern is quadratic on long input. */
function withoutDangling(text: string): string {
  let end = text.length;
  while (end > 0 && DANGLING.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

export function excerpt(text: string, limit: { words?: number; chars?: number }): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  const maxChars = limit.chars ?? Number.POSITIVE_INFINITY;
  const maxWords = limit.words ?? Number.POSITIVE_INFINITY;
  const fits = (part: string) => part.length <= maxChars && wordCount(part) <= maxWords;
  if (fits(flat)) return flat;
  // Whole sentences, as many as fit.
  let sentences = '';
  for (const match of flat.matchAll(SENTENCE_END)) {
    const upTo = flat.slice(0, match.index + match[0].length);
    if (!fits(upTo)) break;
    sentences = upTo;
  }
  if (sentences) return sentences;
  // Else whole words, with room for the ellipsis.
  const words = flat.split(' ');
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length + ELLIPSIS.length > maxChars || wordCount(next) > maxWords) break;
    kept = next;
  }
  // A first word longer than the whole limit (a web address): it is all there is to cut.
  if (!kept) return `${flat.slice(0, Math.max(0, maxChars - ELLIPSIS.length))}${ELLIPSIS}`;
  return `${withoutDangling(kept)}${ELLIPSIS}`;
}

const wordCount = (text: string) => (text ? text.split(' ').length : 0);
