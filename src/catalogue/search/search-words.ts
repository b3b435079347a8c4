/**
 * The words text is searched by (decisions §13): compared case- and accent-insensitively, apostrophes
 * dropped (`Play'n` → `playn`), every other character that is neither a letter nor a digit separating words.
 */

const MARKS = /\p{M}/gu;
const APOSTROPHES = /['`´‘’ʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const ASCII = /^[\p{ASCII}]*$/u;
const ASCII_SEPARATORS = /[^a-z0-9]+/g;

/** `text` lower-cased with its accents taken off: `Ölfürst` → `olfurst`. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  // Lower-casing first lets NFKD take apart what lower-casing adds (İ → i + U+0307); the second one catches
  // compatibility forms NFKD turns into capitals (ℌ → H).
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The words of `text`, in order, repeats kept, each after a space: `Play'n GO!` → ` playn go `. */
function spacedWords(text: string): string {
  const separators = ASCII.test(text) ? ASCII_SEPARATORS : SEPARATORS;
  return ` ${foldText(text).replace(APOSTROPHES, '').replace(separators, ' ')}`;
}

/** The words of `text`, in order, repeats kept. */
export function searchWords(text: string): string[] {
  return spacedWords(text)
    .split(' ')
    .filter((word) => word !== '');
}

/** Query words at least this long (in characters) also match a word one typo away. */
const TYPO_MIN_LENGTH = 5;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Length in characters (code points), not UTF-16 units. */
function characterCount(text: string): number {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}

/**
 * True when `b` is `a` with exactly one character inserted, deleted, replaced, or two neighbours
 * swapped (optimal string alignment distance 1), counting characters, not UTF-16 units.
 */
function isOneEdit(a: string, b: string): boolean {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return isOneEditAt(a, b, 0, b.length);
  const [oneUnitA, oneUnitB] = oneUnitPerCharacter(a, b);
  return isOneEditAt(oneUnitA, oneUnitB, 0, oneUnitB.length);
}

/** The two texts with each distinct character written as one UTF-16 unit of its own: equal where they were equal. */
function oneUnitPerCharacter(a: string, b: string): [string, string] {
  const units = new Map<string, string>();
  const rewrite = (text: string) =>
    Array.from(text, (character) => {
      let unit = units.get(character);
      if (unit === undefined) {
        unit = String.fromCharCode(0x4e00 + units.size);
        units.set(character, unit);
      }
      return unit;
    }).join('');
  return [rewrite(a), rewrite(b)];
}

/** How a query word matched one slot: by a prefix of one of its words, only by a typo, or not at all. */
export const WordMatch = { None: 0, Prefix: 1, Typo: 2 } as const;
export type WordMatch = (typeof WordMatch)[keyof typeof WordMatch];

/**
 * A slot's words as one string, each word after a space (runs of spaces are allowed), the name's
 * words first: ` gates of olympus pragmatic play mythology`. A word prefix is then one native substring search, and the whole index
 * of a slot is one compact string.
 */
export interface SearchText {
  readonly text: string;
  /** Where the name's words end: a match found before it is a match in the name. */
  readonly nameEnd: number;
  /** Whether the text holds characters outside the Basic Multilingual Plane, which typo checks must count as one. */
  readonly astral: boolean;
}

/** The search text of a slot's name and its other searchable fields. */
export function searchText(name: string, others: readonly string[]): SearchText {
  let text = spacedWords(name);
  const nameEnd = text.length;
  for (const other of others) text += sharedSpacedWords(other);
  return { text, nameEnd, astral: SURROGATE.test(text) };
}

/** `spacedWords` of texts that many slots share (providers, themes, features), worked out once each. */
const sharedWords = new Map<string, string>();
const SHARED_LIMIT = 1 << 16;

function sharedSpacedWords(text: string): string {
  let spaced = sharedWords.get(text);
  if (spaced === undefined) {
    spaced = spacedWords(text);
    if (sharedWords.size >= SHARED_LIMIT) sharedWords.clear();
    sharedWords.set(text, spaced);
  }
  return spaced;
}

/** A word of a query, with what its matching needs worked out once. */
export interface QueryWord {
  readonly text: string;
  /** ` word`: found in a search text exactly where a slot word starts with it. */
  readonly needle: string;
  readonly allowsTypo: boolean;
  readonly astral: boolean;
}

export function queryWords(words: readonly string[]): QueryWord[] {
  return words.map((text) => ({ text, needle: ` ${text}`, allowsTypo: characterCount(text) >= TYPO_MIN_LENGTH, astral: SURROGATE.test(text) }));
}

/** How `word` matches the words of `search` that stand before `end` (the name's, or all of them). */
export function matchWord(word: QueryWord, search: SearchText, end: number): WordMatch {
  const at = search.text.indexOf(word.needle);
  if (at >= 0 && at < end) return WordMatch.Prefix;
  return word.allowsTypo && hasOneEditWord(word, search, end) ? WordMatch.Typo : WordMatch.None;
}

/** Whether a word of `search` before `end` is `word` with one typo. */
function hasOneEditWord(word: QueryWord, search: SearchText, end: number): boolean {
  const { text } = search;
  const length = word.text.length;
  let start = 1;
  while (start < end) {
    let stop = text.indexOf(' ', start);
    if (stop < 0 || stop > end) stop = end;
    if (Math.abs(stop - start - length) <= 2) {
      const found = word.astral || search.astral ? isOneEdit(word.text, text.slice(start, stop)) : isOneEditAt(word.text, text, start, stop);
      if (found) return true;
    }
    start = stop + 1;
  }
  return false;
}

/** `isOneEdit` of `a` and `text[start, stop)`, both without astral characters, without copying. */
function isOneEditAt(a: string, text: string, start: number, stop: number): boolean {
  const lengthA = a.length;
  const lengthB = stop - start;
  if (Math.abs(lengthA - lengthB) > 1) return false;
  let head = 0;
  while (head < lengthA && head < lengthB && a.charCodeAt(head) === text.charCodeAt(start + head)) head++;
  let endA = lengthA;
  let endB = lengthB;
  while (endA > head && endB > head && a.charCodeAt(endA - 1) === text.charCodeAt(start + endB - 1)) {
    endA--;
    endB--;
  }
  const leftA = endA - head;
  const leftB = endB - head;
  if (leftA + leftB === 1 || (leftA === 1 && leftB === 1)) return true;
  return (
    leftA === 2 &&
    leftB === 2 &&
    a.charCodeAt(head) === text.charCodeAt(start + head + 1) &&
    a.charCodeAt(head + 1) === text.charCodeAt(start + head)
  );
}
