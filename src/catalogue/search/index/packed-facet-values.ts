import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { valuesOf, type FacetName } from '../facets.js';
import { facetValueNumber } from './facet-values.js';

/** The places per slot a packed column may take: kernels below add each place of a slot without a loop. */
const STRIDES = [1, 2, 3, 4, 8] as const;
type Stride = (typeof STRIDES)[number];
const MOST_PLACES: Stride = 8;

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

/**
 * Packs facet `name`'s values of `records` (by slot number) in the fewest places per slot that leave
 * few slots overflowing. Each slot's value numbers are read once into one flat array, without an
 * array or set per slot: at 100,000 slots those made packing a column a third of a second.
 */
export function packFacetValues(name: FacetName, records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): PackedFacetValues {
  const words = Math.ceil(records.length / 32);
  const { starts, values, slotsByCount } = flatValueNumbers(name, records, keys);
  const overflowingPast = (places: number) => slotsByCount.subarray(places + 1).reduce((sum, slots) => sum + slots, 0);
  const stride = STRIDES.find((places) => overflowingPast(places) <= records.length * MOST_OVERFLOWING) ?? MOST_PLACES;
  const places = new Int32Array(words * 32 * stride);
  const overflowing = new Uint32Array(words);
  const overflowStarts = new Int32Array(words * 32 + 1);
  const extra: number[] = [];
  for (let number = 0; number < records.length; number++) {
    const first = starts[number] as number;
    const end = starts[number + 1] as number;
    for (let at = first; at < Math.min(end, first + stride); at++) places[number * stride + at - first] = (values[at] as number) + 1;
    overflowStarts[number] = extra.length;
    if (end - first <= stride) continue;
    overflowing[number >>> 5] = (overflowing[number >>> 5] as number) | (1 << (number & 31));
    for (let at = first + stride; at < end; at++) extra.push((values[at] as number) + 1);
  }
  overflowStarts.fill(extra.length, records.length);
  const overflow = extra.length === 0 ? undefined : new Overflow(overflowing, overflowStarts, Int32Array.from(extra));
  return new StridedValues(stride, places, overflow);
}

/**
 * Every slot's value numbers of facet `name`, each once, in the order the slot has them: slot n's
 * at `values[starts[n]..starts[n+1])`; and how many slots have each count of values (the last
 * entry: more than the most places a slot may take).
 */
function flatValueNumbers(
  name: FacetName,
  records: readonly (SlotRecord | undefined)[],
  keys: readonly (SlotKeys | undefined)[],
): { readonly starts: Int32Array; readonly values: Int32Array; readonly slotsByCount: Int32Array } {
  const starts = new Int32Array(records.length + 1);
  const slotsByCount = new Int32Array(MOST_PLACES + 2);
  let values: Int32Array = new Int32Array(records.length * 2);
  let end = 0;
  for (let number = 0; number < records.length; number++) {
    starts[number] = end;
    const record = records[number];
    if (record === undefined) continue;
    const first = end;
    for (const value of valuesOf(name, { record, keys: keys[number] as SlotKeys })) {
      const valueNumber = facetValueNumber(name, value);
      // A slot has a few values: a repeat is found faster by looking back than through a set.
      if (isAmong(values, first, end, valueNumber)) continue;
      if (end === values.length) values = grown(values);
      values[end++] = valueNumber;
    }
    const index = Math.min(end - first, MOST_PLACES + 1);
    slotsByCount[index] = (slotsByCount[index] as number) + 1;
  }
  starts[records.length] = end;
  return { starts, values, slotsByCount };
}

function isAmong(values: Int32Array, first: number, end: number, value: number): boolean {
  for (let at = first; at < end; at++) if (values[at] === value) return true;
  return false;
}

function grown(values: Int32Array): Int32Array {
  const bigger = new Int32Array(values.length * 2);
  bigger.set(values);
  return bigger;
}
