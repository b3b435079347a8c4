import type { EmojiNames } from '../emoji/names.js';
import type { EmojiUsage } from './emoji-usage.js';
import { searchWords } from './words.js';

/** A usage entry with the emoji's English name and keywords. */
export interface NamedEmojiUsage extends EmojiUsage {
  readonly name: string;
  readonly keywords: readonly string[];
}

export interface EmojiSearchResult {
  readonly emojis: readonly NamedEmojiUsage[];
  /** How many emojis match in all, beyond the limit too. */
  readonly total: number;
}

/** What search compares of one emoji; depends on the emoji and the names alone, so it is kept across snapshots. */
interface EmojiText {
  readonly name: string;
  readonly keywords: readonly string[];
  readonly nameWords: readonly string[];
  /** The name's words joined by one space, for "the name starts with the query". */
  readonly nameText: string;
  /** Every distinct word of the name and the keywords. */
  readonly words: readonly string[];
}

/** Name found first: the name starts with the query; then the name holds every word; then keywords only. */
const NAME_STARTS = 0;
const NAME_HOLDS = 1;
const KEYWORDS_ONLY = 2;

const textCaches = new WeakMap<EmojiNames, Map<string, EmojiText>>();
const TEXT_CACHE_LIMIT = 8192;

function textOf(emoji: string, names: EmojiNames): EmojiText {
  let cache = textCaches.get(names);
  if (cache === undefined) {
    cache = new Map();
    textCaches.set(names, cache);
  }
  let text = cache.get(emoji);
  if (text === undefined) {
    const { name = '', keywords = [] } = names.of(emoji) ?? {};
    const nameWords = searchWords(name);
    const words = new Set([...nameWords, ...keywords.flatMap(searchWords)]);
    text = { name, keywords, nameWords, nameText: nameWords.join(' '), words: [...words] };
    if (cache.size >= TEXT_CACHE_LIMIT) cache.clear();
    cache.set(emoji, text);
  }
  return text;
}

/** Index of the first item of sorted `words` that is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The emojis in use, with their names, found by the words of their names and keywords (§14): one
 * sorted list of every word, each with the entries holding it, so a query word's matches are the
 * contiguous run of words it is a prefix of.
 */
export class EmojiWordIndex {
  /** In usage order: count descending, then code points. */
  readonly entries: readonly NamedEmojiUsage[];
  private readonly texts: readonly EmojiText[];
  /** Every distinct word, sorted by UTF-16 code units, the order `startsWith` runs are contiguous in. */
  private readonly words: readonly string[];
  /** `postings[i]`: positions in `entries` of the emojis holding `words[i]`, ascending. */
  private readonly postings: readonly (readonly number[])[];

  constructor(usage: readonly EmojiUsage[], names: EmojiNames) {
    const texts = usage.map((entry) => textOf(entry.emoji, names));
    const byWord = new Map<string, number[]>();
    texts.forEach((text, position) => {
      for (const word of text.words) {
        const holders = byWord.get(word);
        if (holders === undefined) byWord.set(word, [position]);
        else holders.push(position);
      }
    });
    this.words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.words.map((word) => byWord.get(word) as number[]);
    this.texts = texts;
    this.entries = usage.map((entry, position) => {
      const { name, keywords } = texts[position] as EmojiText;
      return { ...entry, name, keywords };
    });
  }

  /**
   * The emojis whose name or keywords hold, for every word of `query`, a word starting with it; the
   * name matches first (§14), each group in usage order. No words: nothing matches.
   */
  search(query: readonly string[], limit: number): EmojiSearchResult {
    const distinct = [...new Set(query)];
    if (distinct.length === 0) return { emojis: [], total: 0 };
    const hits = new Uint16Array(this.entries.length);
    distinct.forEach((word, round) => {
      for (let at = lowerBound(this.words, word); at < this.words.length && (this.words[at] as string).startsWith(word); at++) {
        // An entry holding several words with this prefix counts once per query word.
        for (const position of this.postings[at] as number[]) if (hits[position] === round) hits[position] = round + 1;
      }
    });
    const queryText = query.join(' ');
    const groups: number[][] = [[], [], []];
    hits.forEach((count, position) => {
      if (count !== distinct.length) return;
      (groups[this.groupOf(this.texts[position] as EmojiText, distinct, queryText)] as number[]).push(position);
    });
    const found = groups.flat();
    return { emojis: found.slice(0, limit).map((position) => this.entries[position] as NamedEmojiUsage), total: found.length };
  }

  private groupOf(text: EmojiText, words: readonly string[], queryText: string): number {
    if (text.nameText.startsWith(queryText)) return NAME_STARTS;
    return words.every((word) => text.nameWords.some((nameWord) => nameWord.startsWith(word))) ? NAME_HOLDS : KEYWORDS_ONLY;
  }
}
