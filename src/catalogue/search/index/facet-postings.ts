import type { FacetName } from '../facets.js';
import { facetValueNumber } from './facet-values.js';
import { bitCount, bitsetCountIn, listCountIn, type Posting } from './postings.js';

/**
 * A facet field's postings split by kind, each with its value's number (see `facetValueNumber`):
 * counting a facet by its postings then walks arrays of one kind each instead of the field's map.
 */
export class FacetPostings {
  private constructor(
    /** Members of the postings of one slot, and their values' numbers. */
    private readonly singles: Int32Array,
    private readonly singleNumbers: Int32Array,
    private readonly lists: readonly Int32Array[],
    private readonly listNumbers: Int32Array,
    private readonly bitsets: readonly Uint32Array[],
    private readonly bitsetNumbers: Int32Array,
    /** Members of every single and list posting: the steps counting them costs. */
    readonly listed: number,
    /** Members of every posting: how many values the slots have in all. */
    readonly members: number,
  ) {}

  static of(name: FacetName, postings: ReadonlyMap<unknown, Posting>): FacetPostings {
    const singles: number[] = [];
    const singleNumbers: number[] = [];
    const lists: Int32Array[] = [];
    const listNumbers: number[] = [];
    const bitsets: Uint32Array[] = [];
    const bitsetNumbers: number[] = [];
    let listed = 0;
    let members = 0;
    for (const [value, posting] of postings) {
      const number = facetValueNumber(name, value as string | number);
      if (typeof posting === 'number') {
        singles.push(posting);
        singleNumbers.push(number);
        listed++;
      } else if (posting instanceof Int32Array) {
        lists.push(posting);
        listNumbers.push(number);
        listed += posting.length;
      } else {
        bitsets.push(posting);
        bitsetNumbers.push(number);
        members += bitsetCountIn(posting, posting, 0, posting.length - 1);
      }
    }
    members += listed;
    return new FacetPostings(Int32Array.from(singles), Int32Array.from(singleNumbers), lists, Int32Array.from(listNumbers), bitsets, Int32Array.from(bitsetNumbers), listed, members);
  }

  /** How many bitset postings there are: counting each reads the passing set's span of words. */
  get bitsetCount(): number {
    return this.bitsets.length;
  }

  /** Sets `counters[value]` to how many slots set in `passing` (words `first..last`) carry each value. */
  count(passing: Uint32Array, first: number, last: number, counters: Int32Array): void {
    const { singles, singleNumbers, lists, listNumbers, bitsets, bitsetNumbers } = this;
    for (let at = 0; at < singles.length; at++) {
      const member = singles[at] as number;
      counters[singleNumbers[at] as number] = ((passing[member >>> 5] as number) >>> (member & 31)) & 1;
    }
    for (let at = 0; at < lists.length; at++) counters[listNumbers[at] as number] = listCountIn(lists[at] as Int32Array, passing);
    let at = 0;
    for (; at + 1 < bitsets.length; at += 2) {
      countPairInto(bitsets[at] as Uint32Array, bitsets[at + 1] as Uint32Array, passing, first, last, counters, bitsetNumbers[at] as number, bitsetNumbers[at + 1] as number);
    }
    if (at < bitsets.length) counters[bitsetNumbers[at] as number] = bitsetCountIn(bitsets[at] as Uint32Array, passing, first, last);
  }
}

/**
 * Sets `counters[one]` and `counters[other]` to how many members of bitset postings `ones` and
 * `others` are set in `passing` (words `first..last`): one pass reads each passing word once for both.
 */
function countPairInto(ones: Uint32Array, others: Uint32Array, passing: Uint32Array, first: number, last: number, counters: Int32Array, one: number, other: number): void {
  const end = Math.min(last + 1, ones.length, others.length);
  let countOne = 0;
  let countOther = 0;
  for (let word = first; word < end; word++) {
    const bits = passing[word] as number;
    countOne += bitCount((ones[word] as number) & bits);
    countOther += bitCount((others[word] as number) & bits);
  }
  counters[one] = countOne + bitsetCountIn(ones, passing, Math.max(end, first), last);
  counters[other] = countOther + bitsetCountIn(others, passing, Math.max(end, first), last);
}

/** Made per field map: a write makes a new map only for the fields it changed, so the others keep theirs. */
const made = new WeakMap<ReadonlyMap<unknown, Posting>, FacetPostings>();

/** The postings of facet `name`'s field (`postings`), split by kind. */
export function facetPostingsOf(name: FacetName, postings: ReadonlyMap<unknown, Posting>): FacetPostings {
  let split = made.get(postings);
  if (split === undefined) {
    split = FacetPostings.of(name, postings);
    made.set(postings, split);
  }
  return split;
}
