/**
 * The words text is searched by (decisions §13): compared case- and accent-insensitively, apostrophes
 * dropped (`Play'n` → `playn`), every other character that is neither a letter nor a digit separating words.
 */

const MARKS = /\p{M}/gu;
const APOSTROPHES = /['`´‘’ʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\p{ASCII}]*$/u;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/** `text` lower-cased with its accents taken off: `Ölfürst` → `olfurst`. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  // Lower-casing first lets NFKD take apart what lower-casing adds (İ → i + U+0307); the second one catches
  // compatibility forms NFKD turns into capitals (ℌ → H).
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The words of `text`, in order, repeats kept. */
export function searchWords(text: string): string[] {
  const separators = ASCII.test(text) ? ASCII_SEPARATORS : SEPARATORS;
  return foldText(text)
    .replace(APOSTROPHES, '')
    .split(separators)
    .filter((word) => word !== '');
}

/** Query words at least this long (in characters) also match a word one typo away. */
export const TYPO_MIN_LENGTH = 5;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Length in characters (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}

/**
 * True when `b` is `a` with exactly one character inserted, deleted, replaced, or two neighbours
 * swapped (optimal string alignment distance 1).
 */
export function isOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  if (SURROGATE.test(a) || SURROGATE.test(b)) return isOneEditOf(Array.from(a), Array.from(b));
  return isOneEditOf(a, b);
}

function isOneEditOf(a: ArrayLike<string>, b: ArrayLike<string>): boolean {
  const lengthA = a.length;
  const lengthB = b.length;
  if (Math.abs(lengthA - lengthB) > 1) return false;
  let start = 0;
  while (start < lengthA && start < lengthB && a[start] === b[start]) start++;
  let endA = lengthA;
  let endB = lengthB;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const leftA = endA - start;
  const leftB = endB - start;
  // What differs between the common start and the common end: one character in one of them, one in
  // each (replaced), or two swapped neighbours.
  if (leftA + leftB === 1) return true;
  if (leftA === 1 && leftB === 1) return true;
  return leftA === 2 && leftB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/** How a query word matched one slot: by a prefix of one of its words, only by a typo, or not at all. */
export const WordMatch = { None: 0, Prefix: 1, Typo: 2 } as const;
export type WordMatch = (typeof WordMatch)[keyof typeof WordMatch];

/** The first index of `sorted` whose word is not before `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A word of a query, with what its matching needs worked out once. */
export interface QueryWord {
  readonly text: string;
  readonly allowsTypo: boolean;
}

export function queryWords(words: readonly string[]): QueryWord[] {
  return words.map((text) => ({ text, allowsTypo: characterCount(text) >= TYPO_MIN_LENGTH }));
}

/** How `word` matches a slot whose distinct words are `sorted` (in UTF-16 order). */
export function matchWord(word: QueryWord, sorted: readonly string[]): WordMatch {
  const at = lowerBound(sorted, word.text);
  if (at < sorted.length && (sorted[at] as string).startsWith(word.text)) return WordMatch.Prefix;
  if (word.allowsTypo) for (const candidate of sorted) if (isOneEdit(word.text, candidate)) return WordMatch.Typo;
  return WordMatch.None;
}

/** Distinct words of `texts`, sorted, each kept once in memory across every slot that uses it. */
export function distinctWords(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of searchWords(text)) words.add(interned(word));
  return [...words].sort();
}

/** Words already met: a catalogue repeats a few thousand words across hundreds of thousands of slots. */
const internedWords = new Map<string, string>();
const INTERNED_LIMIT = 1 << 18;

function interned(word: string): string {
  const known = internedWords.get(word);
  if (known !== undefined) return known;
  if (internedWords.size >= INTERNED_LIMIT) internedWords.clear();
  internedWords.set(word, word);
  return word;
}
