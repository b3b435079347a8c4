import type { SearchText } from '../search-words.js';
import { postingOf, withMember, withoutMember, type Posting } from './postings.js';

/** The words starting with `first` (and, in a pair, with a given second character), at positions `from..to`. */
interface PairRange {
  readonly first: string;
  readonly from: number;
  readonly to: number;
}

/** The distinct words of one slot: of its name, and of every searched field (the name's included). */
export interface SlotWords {
  readonly name: ReadonlySet<string>;
  readonly all: ReadonlySet<string>;
}

/**
 * Every word of every slot's name, provider, themes and features, sorted by UTF-16 code units so that
 * the words starting with a prefix are one range found by binary search, each with the slots carrying
 * it anywhere and the slots carrying it in their name. The arrays are never changed once made.
 */
export class WordDictionary {
  private constructor(
    private readonly words: readonly string[],
    private readonly anywhere: readonly Posting[],
    /** Undefined where no slot has the word in its name. */
    private readonly inName: readonly (Posting | undefined)[],
  ) {}

  /**
   * The dictionary of slots' search texts (by slot number; undefined for a number no longer in use).
   * Each word is looked up once per occurrence and its members kept as one number until a second slot
   * has it: most words sit on one slot (a catalogue's names carry thousands of distinct words). The
   * words are sorted by the engine's default order, which compares UTF-16 code units as `<` does in the
   * searches below, without a call per comparison. Against two maps of arrays and a comparator:
   * 410 → 308 ms at 100,000 slots.
   */
  static build(texts: readonly (SearchText | undefined)[]): WordDictionary {
    const numbered = new Map<string, number>();
    const anywhere: Members[] = [];
    const inName: (Members | undefined)[] = [];
    texts.forEach((search, number) => {
      if (search === undefined) return;
      const { text, nameEnd } = search;
      let start = 1;
      while (start < text.length) {
        let stop = text.indexOf(' ', start);
        if (stop < 0) stop = text.length;
        if (stop > start) {
          const word = text.slice(start, stop);
          const inNameToo = stop <= nameEnd;
          const at = numbered.get(word);
          if (at === undefined) {
            numbered.set(word, anywhere.length);
            anywhere.push(number);
            inName.push(inNameToo ? number : undefined);
          } else {
            anywhere[at] = withLast(anywhere[at] as Members, number);
            if (inNameToo) inName[at] = withLast(inName[at], number);
          }
        }
        start = stop + 1;
      }
    });
    const words = [...numbered.keys()].sort();
    const numbers = texts.length;
    return new WordDictionary(
      words,
      words.map((word) => postingOfMembers(anywhere[numbered.get(word) as number] as Members, numbers)),
      words.map((word) => {
        const members = inName[numbered.get(word) as number];
        return members === undefined ? undefined : postingOfMembers(members, numbers);
      }),
    );
  }

  /** The dictionary after slot `number`'s words changed from `before` to `after`. */
  withChange(number: number, numbers: number, before: SlotWords | undefined, after: SlotWords | undefined): WordDictionary {
    const empty: SlotWords = { name: new Set(), all: new Set() };
    const old = before ?? empty;
    const now = after ?? empty;
    const touched = [...new Set([...old.all, ...now.all])].filter((word) => old.all.has(word) !== now.all.has(word) || old.name.has(word) !== now.name.has(word));
    if (touched.length === 0) return this;
    const words = [...this.words];
    const anywhere = [...this.anywhere];
    const inName = [...this.inName];
    for (const word of touched) {
      const at = lowerBound(words, word);
      if (words[at] !== word) {
        words.splice(at, 0, word);
        anywhere.splice(at, 0, undefined as unknown as Posting);
        inName.splice(at, 0, undefined);
      }
      const changed = (posting: Posting | undefined, had: boolean, has: boolean) =>
        had === has ? posting : has ? withMember(posting, number, numbers) : withoutMember(posting as Posting, number);
      const all = changed(anywhere[at], old.all.has(word), now.all.has(word));
      const name = changed(inName[at], old.name.has(word), now.name.has(word));
      if (all === undefined) {
        words.splice(at, 1);
        anywhere.splice(at, 1);
        inName.splice(at, 1);
      } else {
        anywhere[at] = all;
        inName[at] = name;
      }
    }
    return new WordDictionary(words, anywhere, inName);
  }

  /** Positions of the words starting with `prefix`: `[first, end)`. */
  prefixRange(prefix: string, first = 0, end = this.words.length): [number, number] {
    const low = lowerBound(this.words, prefix, first, end);
    let high = low;
    let step = 1;
    // Gallop, then bisect: short ranges (a whole word typed) are the common case.
    while (high + step <= end && (this.words[high + step - 1] as string).startsWith(prefix)) {
      high += step;
      step *= 2;
    }
    let limit = Math.min(high + step, end);
    while (high < limit) {
      const middle = (high + limit) >>> 1;
      if ((this.words[middle] as string).startsWith(prefix)) high = middle + 1;
      else limit = middle;
    }
    return [low, high];
  }

  /**
   * Positions of the words one edit (insert, delete, replace, swap of neighbours) away from `word`,
   * counting characters. Every such word made at character `i` starts with the first `i` characters
   * (the head), so it is looked up only among the words starting with the head. A delete or a swap is
   * one spelling; a replace or an insert tries only the characters that follow the head in the
   * dictionary, stepping from one's range to the next as a walk down a trie would (trying every
   * character known at every place cost hundreds of look-ups). At the first character, where every
   * word is a candidate, it tries only the words whose second character fits (see `pairsWithSecond`).
   */
  oneEditAway(word: string): number[] {
    const characters = Array.from(word);
    const found: number[] = [];
    const look = (candidate: string, first: number, end: number) => {
      const at = lowerBound(this.words, candidate, first, end);
      if (at < end && this.words[at] === candidate) found.push(at);
    };
    let [first, end] = [0, this.words.length];
    let head = '';
    for (let i = 0; i <= characters.length && first < end; i++) {
      const own = characters[i];
      const tail = characters.slice(i + 1).join('');
      const kept = own === undefined ? '' : own + tail;
      if (own !== undefined) look(head + tail, first, end);
      const after = characters[i + 1];
      if (own !== undefined && after !== undefined && after !== own) look(head + after + own + characters.slice(i + 2).join(''), first, end);
      if (i === 0 && tail !== '') {
        for (const pair of this.pairsWithSecond(characters[1] as string)) if (pair.first !== own) look(pair.first + tail, pair.from, pair.to);
        for (const pair of this.pairsWithSecond(own as string)) look(pair.first + kept, pair.from, pair.to);
      } else {
        this.forEachNext(head, first, end, (character, from, to) => {
          look(head + character + kept, from, to);
          if (own !== undefined && character !== own) look(head + character + tail, from, to);
        });
      }
      if (own === undefined) break;
      head += own;
      [first, end] = this.prefixRange(head, first, end);
    }
    return [...new Set(found)];
  }

  /** Calls `visit` with each character following `head` in the words `first..end` (all starting with `head`), and its range. */
  private forEachNext(head: string, first: number, end: number, visit: (character: string, from: number, to: number) => void): void {
    // The head itself, if a word, sorts first in its range and has no next character.
    let next = this.words[first] === head ? first + 1 : first;
    while (next < end) {
      const character = String.fromCodePoint((this.words[next] as string).codePointAt(head.length) as number);
      const [from, to] = this.prefixRange(head + character, next, end);
      visit(character, from, to);
      next = to;
    }
  }

  /** The ranges of the words by their first character, made on the first typo question a dictionary is asked. */
  private firsts: readonly PairRange[] | undefined;

  /** `pairsWithSecond`'s answers so far: at most one per character in use. */
  private readonly pairs = new Map<string, readonly PairRange[]>();

  /**
   * The ranges of the words whose second character is `second`, by their first: one range search
   * per first character the first time a dictionary is asked for `second`, kept while it lives.
   */
  private pairsWithSecond(second: string): readonly PairRange[] {
    const known = this.pairs.get(second);
    if (known !== undefined) return known;
    if (this.firsts === undefined) {
      const firsts: PairRange[] = [];
      this.forEachNext('', 0, this.words.length, (first, from, to) => firsts.push({ first, from, to }));
      this.firsts = firsts;
    }
    const pairs: PairRange[] = [];
    for (const { first, from, to } of this.firsts) {
      const [pairFrom, pairTo] = this.prefixRange(first + second, from, to);
      if (pairTo > pairFrom) pairs.push({ first, from: pairFrom, to: pairTo });
    }
    this.pairs.set(second, pairs);
    return pairs;
  }

  anywhereAt(position: number): Posting {
    return this.anywhere[position] as Posting;
  }

  inNameAt(position: number): Posting | undefined {
    return this.inName[position];
  }
}

/** The slots carrying a word while a dictionary is built: one number until a second slot carries it. */
type Members = number | number[];

/** `members` with `number` added; numbers come in ascending order, so a word a slot repeats is the last member. */
function withLast(members: Members | undefined, number: number): Members {
  if (members === undefined) return number;
  if (typeof members === 'number') return members === number ? members : [members, number];
  if (members[members.length - 1] !== number) members.push(number);
  return members;
}

function postingOfMembers(members: Members, numbers: number): Posting {
  return typeof members === 'number' ? members : postingOf(members, numbers);
}

function lowerBound(sorted: readonly string[], value: string, first = 0, end = sorted.length): number {
  let low = first;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
