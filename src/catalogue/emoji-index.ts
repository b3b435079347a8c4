import type { Steps } from './steps.js';

/** A slot found by a match: its position in ranking order and how many requested emojis it carries. */
export interface RankedHit {
  readonly rank: number;
  readonly score: number;
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
    private readonly bitsets: ReadonlyMap<string, Uint32Array>,
  ) {
    this.planes = Array.from({ length: PLANES }, () => new Uint32Array(words));
  }

  /** Indexes `count` slots; `tagKeysAt(rank)` are the comparison keys of the slot at that rank. */
  static *build(count: number, tagKeysAt: (rank: number) => readonly string[]): Steps<EmojiIndex> {
    const words = Math.ceil(count / 32);
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

  /** Positions (in ranking order) of every slot carrying `key`. */
  *carrying(key: string): Generator<number> {
    const bitset = this.bitsets.get(key);
    if (bitset === undefined) return;
    for (let word = 0; word < this.words; word++) {
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
      for (let word = 0; word < this.words; word++) {
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
