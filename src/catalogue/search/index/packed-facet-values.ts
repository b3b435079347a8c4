import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { valuesOf, type FacetName } from '../facets.js';
import { facetValueNumbers } from './facet-values.js';

/** Facets of which a slot has at most one value: a column of them holds one value number per slot. */
const ONE_VALUE_EACH: ReadonlySet<FacetName> = new Set(['provider', 'volatility', 'releaseYear']);

/**
 * One facet's numbered values (see `facetValueNumbers`) of the slots a snapshot had when they were
 * packed, by slot number. The arrays are padded to whole words of slot numbers with slots of no value,
 * so that a tally reads any word of a passing set below `words` without a bound check per slot.
 */
export interface PackedFacetValues {
  /** How many words of slot numbers the arrays cover. */
  readonly words: number;
  /** Adds `step` to `counters[value]` for each value of each slot set in `passing`, words `first..last` below `words`. */
  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void;
  /** Adds `step` to `counters[value]` for each value slot `number` (covered) had when packed. */
  addSlot(number: number, counters: Int32Array, step: number): void;
}

/** A value number per slot (-1: none): one load per passing slot. */
class OneValueEach implements PackedFacetValues {
  constructor(private readonly values: Int32Array) {}

  get words(): number {
    return this.values.length >>> 5;
  }

  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void {
    const { values } = this;
    const end = Math.min(last, this.words - 1);
    for (let word = first; word <= end; word++) {
      let bits = passing[word] as number;
      const base = word << 5;
      while (bits !== 0) {
        const value = values[base + 31 - Math.clz32(bits & -bits)] as number;
        if (value >= 0) counters[value] = (counters[value] as number) + step;
        bits &= bits - 1;
      }
    }
  }

  addSlot(number: number, counters: Int32Array, step: number): void {
    const value = this.values[number] as number;
    if (value >= 0) counters[value] = (counters[value] as number) + step;
  }
}

/** The values of slot n are `values[starts[n]..starts[n+1])`. */
class ManyValuesEach implements PackedFacetValues {
  constructor(
    private readonly starts: Int32Array,
    private readonly values: Int32Array,
  ) {}

  get words(): number {
    return (this.starts.length - 1) >>> 5;
  }

  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void {
    const { starts, values } = this;
    const end = Math.min(last, this.words - 1);
    for (let word = first; word <= end; word++) {
      let bits = passing[word] as number;
      const base = word << 5;
      while (bits !== 0) {
        const number = base + 31 - Math.clz32(bits & -bits);
        for (let at = starts[number] as number, stop = starts[number + 1] as number; at < stop; at++) {
          const value = values[at] as number;
          counters[value] = (counters[value] as number) + step;
        }
        bits &= bits - 1;
      }
    }
  }

  addSlot(number: number, counters: Int32Array, step: number): void {
    const { starts, values } = this;
    for (let at = starts[number] as number; at < (starts[number + 1] as number); at++) counters[values[at] as number] = (counters[values[at] as number] as number) + step;
  }
}

/** Packs facet `name`'s values of `records` (by slot number). */
export function packFacetValues(name: FacetName, records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): PackedFacetValues {
  const padded = Math.ceil(records.length / 32) * 32;
  const numbersOf = (number: number) => {
    const record = records[number];
    return record === undefined ? new Int32Array(0) : facetValueNumbers(name, valuesOf(name, { record, keys: keys[number] as SlotKeys }));
  };
  if (ONE_VALUE_EACH.has(name)) {
    const values = new Int32Array(padded).fill(-1);
    for (let number = 0; number < records.length; number++) values[number] = numbersOf(number)[0] ?? -1;
    return new OneValueEach(values);
  }
  const starts = new Int32Array(padded + 1);
  const values: number[] = [];
  for (let number = 0; number < records.length; number++) {
    starts[number] = values.length;
    for (const value of numbersOf(number)) values.push(value);
  }
  starts.fill(values.length, records.length);
  return new ManyValuesEach(starts, Int32Array.from(values));
}
