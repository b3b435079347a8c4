import { anyBitIn, isEmpty, withBitMoved, wordsFor } from '../search/bitset.js';
import type { Steps } from '../snapshot/steps.js';

/** A slot found by a match: its position in ranking order and how many requested emojis it carries. */
export interface RankedHit {
  readonly rank: number;
  readonly score: number;
}

/**
 * One slot's change, in ranks: it leaves rank `from` and takes rank `to`, and the slots between move
 * one place toward `from`. A new slot comes from one past the last rank; a removed one goes to the
 * last rank and is gone.
 */
export interface RankChange {
  /** How many slots are ranked after the change. */
  readonly size: number;
  readonly from: number;
  readonly to: number;
  /** The slot's comparison keys before the change (none for a new slot) and after it (none for a removed one). */
  readonly keysBefore: readonly string[];
  readonly keysAfter: readonly string[];
}

/** Most emojis a request may ask for is 20; five bit planes count to 31. */
const PLANES = 5;
/** Slots indexed between two chances to yield while building. */
const BUILD_STRETCH = 4096;

/**
 * Which slots carry which emoji, as one bitset per emoji over slot positions in ranking order.
 *
 * A match adds the requested emojis' bitsets into bit-sliced counters (32 slots per machine word),
 * then reads the slots out score by score, each score in ranking order, stopping at the limit:
 * a few thousand word operations even when an emoji sits on tens of thousands of slots.
 */
export class EmojiIndex {
  /** Scratch counters reused by every match (matches run one at a time on the event loop). */
  private readonly planes: Uint32Array[];

  private constructor(
    private readonly words: number,
    /** Never empty; shorter than `words` when the trailing words are zero. */
    private readonly bitsets: ReadonlyMap<string, Uint32Array>,
  ) {
    this.planes = Array.from({ length: PLANES }, () => new Uint32Array(words));
  }

  /** Indexes `count` slots; `tagKeysAt(rank)` are the comparison keys of the slot at that rank. */
  static *build(count: number, tagKeysAt: (rank: number) => readonly string[]): Steps<EmojiIndex> {
    const words = wordsFor(count);
    const bitsets = new Map<string, Uint32Array>();
    for (let rank = 0; rank < count; rank++) {
      for (const key of tagKeysAt(rank)) {
        let bitset = bitsets.get(key);
        if (bitset === undefined) {
          bitset = new Uint32Array(words);
          bitsets.set(key, bitset);
        }
        bitset[rank >>> 5] = (bitset[rank >>> 5] as number) | (1 << (rank & 31));
      }
      if (rank % BUILD_STRETCH === BUILD_STRETCH - 1) yield;
    }
    return new EmojiIndex(words, bitsets);
  }

  /**
   * The index after one slot's change. Only the bitsets the change touches are copied: those of the
   * slot's own keys and those with a slot among the ranks that shift. The rest are shared.
   */
  *withChange(change: RankChange): Steps<EmojiIndex> {
    const { from, to } = change;
    const words = wordsFor(change.size);
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    const after = new Set(change.keysAfter);
    const leaving = new Set(change.keysBefore.filter((key) => !after.has(key)));
    const bitsets = new Map<string, Uint32Array>();
    for (const [key, bitset] of this.bitsets) {
      const carries = after.has(key);
      const unchanged = from === to ? anyBitIn(bitset, to, to) === carries : !carries && !anyBitIn(bitset, low, high);
      if (unchanged) {
        bitsets.set(key, bitset);
      } else {
        const moved = withBitMoved(bitset, words, from, to, carries);
        if (!leaving.has(key) || !isEmpty(moved)) bitsets.set(key, moved);
      }
      yield;
    }
    for (const key of after) {
      if (bitsets.has(key)) continue;
      const bitset = new Uint32Array(words);
      bitset[to >>> 5] = 1 << (to & 31);
      bitsets.set(key, bitset);
    }
    return new EmojiIndex(words, bitsets);
  }

  /** Positions (in ranking order) of every slot carrying `key`. */
  *carrying(key: string): Generator<number> {
    const bitset = this.bitsets.get(key);
    if (bitset === undefined) return;
    const words = Math.min(bitset.length, this.words);
    for (let word = 0; word < words; word++) {
      let bits = bitset[word] as number;
      while (bits !== 0) {
        const lowest = bits & -bits;
        yield (word << 5) + 31 - Math.clz32(lowest);
        bits ^= lowest;
      }
    }
  }

  /**
   * The best `limit` slots for these keys (distinct), by score descending then rank ascending.
   * Only slots whose score is at least `minScore` count (1 for any-match, keys.length for all).
   */
  top(keys: readonly string[], minScore: number, limit: number): RankedHit[] {
    const bitsets = keys.map((key) => this.bitsets.get(key)).filter((bitset): bitset is Uint32Array => bitset !== undefined);
    const hits: RankedHit[] = [];
    if (bitsets.length < minScore || bitsets.length === 0 || limit <= 0) return hits;
    const used = 32 - Math.clz32(bitsets.length);
    const planes = this.planes.slice(0, used);
    for (const plane of planes) plane.fill(0);
    for (const bitset of bitsets) {
      const words = Math.min(bitset.length, this.words);
      for (let word = 0; word < words; word++) {
        let carry = bitset[word] as number;
        for (let j = 0; carry !== 0 && j < used; j++) {
          const plane = planes[j] as Uint32Array;
          const value = plane[word] as number;
          plane[word] = value ^ carry;
          carry &= value;
        }
      }
    }
    for (let score = bitsets.length; score >= Math.max(minScore, 1) && hits.length < limit; score--) {
      for (let word = 0; word < this.words && hits.length < limit; word++) {
        let bits = 0xffffffff;
        for (let j = 0; j < used; j++) {
          const plane = (planes[j] as Uint32Array)[word] as number;
          bits &= (score >>> j) & 1 ? plane : ~plane;
        }
        while (bits !== 0 && hits.length < limit) {
          const lowest = bits & -bits;
          hits.push({ rank: (word << 5) + 31 - Math.clz32(lowest), score });
          bits ^= lowest;
        }
      }
    }
    return hits;
  }
}
