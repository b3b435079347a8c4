import { emojiKey } from '../../emoji/emoji.js';
import type { EmojiNames } from '../../emoji/names.js';
import type { EmojiUsage } from './emoji-usage.js';
import { searchWords } from '../search/search-words.js';

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

/** What search compares of one named emoji. */
interface EmojiText {
  readonly nameWords: readonly string[];
  /** The name's words joined by one space, for "the name starts with the query". */
  readonly nameText: string;
}

/** Name found first: the name starts with the query; then the name holds every word; then keywords only. */
const NAME_STARTS = 0;
const NAME_HOLDS = 1;
const KEYWORDS_ONLY = 2;

/**
 * Every word of every named emoji, sorted, each with the emojis holding it: built once per set of
 * names (at start-up), so a snapshot only has to say where each emoji it uses stands.
 */
class WordDictionary {
  /** Comparison key → the emoji's number here. */
  readonly numbers = new Map<string, number>();
  readonly texts: EmojiText[] = [];
  /** Every distinct word, sorted by UTF-16 code units, the order in which a prefix's words are one run. */
  readonly words: readonly string[];
  /** `holders[i]`: the numbers of the emojis holding `words[i]`. */
  readonly holders: readonly (readonly number[])[];

  constructor(names: EmojiNames) {
    const byWord = new Map<string, number[]>();
    for (const [key, { name, keywords }] of names.entries()) {
      const number = this.texts.length;
      const nameWords = searchWords(name);
      this.numbers.set(key, number);
      this.texts.push({ nameWords, nameText: nameWords.join(' ') });
      for (const word of new Set([...nameWords, ...keywords.flatMap(searchWords)])) {
        const holding = byWord.get(word);
        if (holding === undefined) byWord.set(word, [number]);
        else holding.push(number);
      }
    }
    this.words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.holders = this.words.map((word) => byWord.get(word) as number[]);
  }

  /** Index of the first word that is not below `word`. */
  lowerBound(word: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] as string) < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const dictionaries = new WeakMap<EmojiNames, WordDictionary>();

function dictionaryOf(names: EmojiNames): WordDictionary {
  let dictionary = dictionaries.get(names);
  if (dictionary === undefined) {
    dictionary = new WordDictionary(names);
    dictionaries.set(names, dictionary);
  }
  return dictionary;
}

/**
 * The emojis of one snapshot, with their names, found by the words of their names and keywords
 * (§14). Building one costs a pass over the emojis in use; the words are the dictionary's.
 */
export class EmojiWordIndex {
  /** In usage order: count descending, then code points. */
  readonly entries: readonly NamedEmojiUsage[];
  private readonly dictionary: WordDictionary;
  /** Dictionary number → position in `entries`, or -1 for an emoji no slot carries. */
  private readonly positions: Int32Array;
  /** Position in `entries` → dictionary number, or -1 for an emoji the names do not know. */
  private readonly numbers: Int32Array;

  constructor(usage: readonly EmojiUsage[], names: EmojiNames) {
    this.dictionary = dictionaryOf(names);
    this.positions = new Int32Array(this.dictionary.texts.length).fill(-1);
    this.numbers = new Int32Array(usage.length).fill(-1);
    this.entries = usage.map((entry, position) => {
      const number = this.dictionary.numbers.get(emojiKey(entry.emoji));
      if (number !== undefined) {
        this.positions[number] = position;
        this.numbers[position] = number;
      }
      const { name = '', keywords = [] } = names.of(entry.emoji) ?? {};
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
    const { words, holders } = this.dictionary;
    const hits = new Uint16Array(this.entries.length);
    distinct.forEach((word, round) => {
      for (let at = this.dictionary.lowerBound(word); at < words.length && (words[at] as string).startsWith(word); at++) {
        for (const number of holders[at] as number[]) {
          const position = this.positions[number] as number;
          // An emoji holding several words with this prefix counts once per query word.
          if (position >= 0 && hits[position] === round) hits[position] = round + 1;
        }
      }
    });
    const queryText = query.join(' ');
    const groups: number[][] = [[], [], []];
    hits.forEach((count, position) => {
      if (count === distinct.length) (groups[this.groupOf(position, distinct, queryText)] as number[]).push(position);
    });
    const found = groups.flat();
    return { emojis: found.slice(0, limit).map((position) => this.entries[position] as NamedEmojiUsage), total: found.length };
  }

  private groupOf(position: number, words: readonly string[], queryText: string): number {
    const text = this.dictionary.texts[this.numbers[position] as number] as EmojiText;
    if (text.nameText.startsWith(queryText)) return NAME_STARTS;
    return words.every((word) => text.nameWords.some((nameWord) => nameWord.startsWith(word))) ? NAME_HOLDS : KEYWORDS_ONLY;
  }
}
