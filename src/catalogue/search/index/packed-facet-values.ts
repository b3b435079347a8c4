import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { valuesOf, type FacetName } from '../facets.js';
import { facetValueNumbers } from './facet-values.js';

/** The places per slot a packed column may take: kernels below add each place of a slot without a loop. */
const STRIDES = [1, 2, 3, 4, 8] as const;
type Stride = (typeof STRIDES)[number];

/** At most this share of slots may have values past their places (kept apart, and read one by one). */
const MOST_OVERFLOWING = 1 / 32;

/**
 * One facet's numbered values (see `facetValueNumbers`) of the slots a snapshot had when they were
 * packed, by slot number, counted into arrays of counters where value v is at v + 1 and place 0 takes
 * what empty places add. A tally reads any word of a passing set below `words` (the arrays are padded
 * to whole words) with no bound check per slot.
 */
export interface PackedFacetValues {
  /** How many words of slot numbers the arrays cover. */
  readonly words: number;
  /** Adds `step` to the counter of each value of each slot set in `passing`, words `first..last` (below `words`). */
  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void;
  /** Adds `step` to the counter of each value slot `number` (covered) had when packed. */
  addSlot(number: number, counters: Int32Array, step: number): void;
}

/**
 * Values kept in `stride` places per slot (0: empty; a number of slots' values past them in
 * `overflow`). A slot's values are then added by a fixed run of steps: a loop over each slot's own
 * count of values mispredicted its end often enough to cost half the tally.
 */
class StridedValues implements PackedFacetValues {
  constructor(
    private readonly stride: Stride,
    private readonly places: Int32Array,
    private readonly overflow: Overflow | undefined,
  ) {}

  get words(): number {
    return this.places.length / this.stride / 32;
  }

  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void {
    const end = Math.min(last, this.words - 1);
    const { places } = this;
    if (this.stride === 1) tallyByOne(places, passing, first, end, counters, step);
    else if (this.stride === 2) tallyByTwo(places, passing, first, end, counters, step);
    else if (this.stride === 3) tallyByThree(places, passing, first, end, counters, step);
    else if (this.stride === 4) tallyByFour(places, passing, first, end, counters, step);
    else tallyByEight(places, passing, first, end, counters, step);
    this.overflow?.tally(passing, first, end, counters, step);
  }

  addSlot(number: number, counters: Int32Array, step: number): void {
    for (let at = number * this.stride; at < (number + 1) * this.stride; at++) add(counters, this.places[at] as number, step);
    this.overflow?.addSlot(number, counters, step);
  }
}

function add(counters: Int32Array, place: number, step: number): void {
  counters[place] = (counters[place] as number) + step;
}

function tallyByOne(places: Int32Array, passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
  for (let word = first; word <= end; word++) {
    let bits = passing[word] as number;
    const base = word << 5;
    while (bits !== 0) {
      add(counters, places[base + 31 - Math.clz32(bits & -bits)] as number, step);
      bits &= bits - 1;
    }
  }
}

function tallyByTwo(places: Int32Array, passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
  for (let word = first; word <= end; word++) {
    let bits = passing[word] as number;
    const base = word << 5;
    while (bits !== 0) {
      const at = (base + 31 - Math.clz32(bits & -bits)) << 1;
      add(counters, places[at] as number, step);
      add(counters, places[at + 1] as number, step);
      bits &= bits - 1;
    }
  }
}

function tallyByThree(places: Int32Array, passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
  for (let word = first; word <= end; word++) {
    let bits = passing[word] as number;
    const base = word << 5;
    while (bits !== 0) {
      const at = (base + 31 - Math.clz32(bits & -bits)) * 3;
      add(counters, places[at] as number, step);
      add(counters, places[at + 1] as number, step);
      add(counters, places[at + 2] as number, step);
      bits &= bits - 1;
    }
  }
}

function tallyByFour(places: Int32Array, passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
  for (let word = first; word <= end; word++) {
    let bits = passing[word] as number;
    const base = word << 5;
    while (bits !== 0) {
      const at = (base + 31 - Math.clz32(bits & -bits)) << 2;
      add(counters, places[at] as number, step);
      add(counters, places[at + 1] as number, step);
      add(counters, places[at + 2] as number, step);
      add(counters, places[at + 3] as number, step);
      bits &= bits - 1;
    }
  }
}

function tallyByEight(places: Int32Array, passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
  for (let word = first; word <= end; word++) {
    let bits = passing[word] as number;
    const base = word << 5;
    while (bits !== 0) {
      const at = (base + 31 - Math.clz32(bits & -bits)) << 3;
      add(counters, places[at] as number, step);
      add(counters, places[at + 1] as number, step);
      add(counters, places[at + 2] as number, step);
      add(counters, places[at + 3] as number, step);
      add(counters, places[at + 4] as number, step);
      add(counters, places[at + 5] as number, step);
      add(counters, places[at + 6] as number, step);
      add(counters, places[at + 7] as number, step);
      bits &= bits - 1;
    }
  }
}

/** The values of slots with more than fit their places: which slots (a bitset), and the rest of their values, slot n's at `values[starts[n]..starts[n+1])`. */
class Overflow {
  constructor(
    private readonly slots: Uint32Array,
    private readonly starts: Int32Array,
    private readonly values: Int32Array,
  ) {}

  tally(passing: Uint32Array, first: number, end: number, counters: Int32Array, step: number): void {
    for (let word = first; word <= end; word++) {
      let bits = (passing[word] as number) & (this.slots[word] as number);
      while (bits !== 0) {
        this.addSlot((word << 5) + 31 - Math.clz32(bits & -bits), counters, step);
        bits &= bits - 1;
      }
    }
  }

  addSlot(number: number, counters: Int32Array, step: number): void {
    for (let at = this.starts[number] as number; at < (this.starts[number + 1] as number); at++) add(counters, this.values[at] as number, step);
  }
}

/** Packs facet `name`'s values of `records` (by slot number) in the fewest places per slot that leave few slots overflowing. */
export function packFacetValues(name: FacetName, records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): PackedFacetValues {
  const words = Math.ceil(records.length / 32);
  const numbers = records.map((record, number) => (record === undefined ? new Int32Array(0) : facetValueNumbers(name, valuesOf(name, { record, keys: keys[number] as SlotKeys }))));
  const stride = STRIDES.find((places) => numbers.filter((values) => values.length > places).length <= records.length * MOST_OVERFLOWING) ?? 8;
  const places = new Int32Array(words * 32 * stride);
  const overflowing = new Uint32Array(words);
  const starts = new Int32Array(words * 32 + 1);
  const extra: number[] = [];
  numbers.forEach((values, number) => {
    values.subarray(0, stride).forEach((value, place) => (places[number * stride + place] = value + 1));
    starts[number] = extra.length;
    if (values.length <= stride) return;
    overflowing[number >>> 5] = (overflowing[number >>> 5] as number) | (1 << (number & 31));
    values.subarray(stride).forEach((value) => extra.push(value + 1));
  });
  starts.fill(extra.length, records.length);
  const overflow = extra.length === 0 ? undefined : new Overflow(overflowing, starts, Int32Array.from(extra));
  return new StridedValues(stride, places, overflow);
}
