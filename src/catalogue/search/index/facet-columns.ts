import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { valuesOf, type FacetName } from '../facets.js';
import { facetValueCount, facetValueNumbers } from './facet-values.js';

/** Slots whose values a column holds apart from its packed arrays before it is packed afresh. */
const MOST_PATCHES = 1024;

/**
 * One facet's values of every slot, numbered (see `facetValueNumbers`) and packed by slot number:
 * the values of slot n are `values[starts[n]..starts[n+1])`. Tallying a facet over many passing slots
 * then reads two arrays in slot order instead of reaching each slot's keys. A one-slot write does not
 * repack: the slot's new values go in `patched`, read before the packed arrays.
 */
class FacetColumn {
  constructor(
    private readonly starts: Int32Array,
    private readonly values: Int32Array,
    private readonly patched: ReadonlyMap<number, Int32Array>,
  ) {}

  static build(name: FacetName, records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): FacetColumn {
    const starts = new Int32Array(records.length + 1);
    const values: number[] = [];
    for (let number = 0; number < records.length; number++) {
      starts[number] = values.length;
      const record = records[number];
      if (record !== undefined) values.push(...facetValueNumbers(name, valuesOf(name, { record, keys: keys[number] as SlotKeys })));
    }
    starts[records.length] = values.length;
    return new FacetColumn(starts, Int32Array.from(values), new Map());
  }

  /** This column with slot `number`'s values now `numbers`; undefined once so many slots changed that packing afresh is due. */
  withSlot(number: number, numbers: Int32Array): FacetColumn | undefined {
    if (this.patched.size >= MOST_PATCHES) return undefined;
    return new FacetColumn(this.starts, this.values, new Map(this.patched).set(number, numbers));
  }

  /** Adds one to `counters[value]` for each value of each slot set in `passing` (words `first..last`). */
  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array): void {
    const { starts, values, patched } = this;
    for (let word = first; word <= last; word++) {
      let bits = passing[word] as number;
      while (bits !== 0) {
        const lowest = bits & -bits;
        const number = (word << 5) + 31 - Math.clz32(lowest);
        const own = patched.size === 0 ? undefined : patched.get(number);
        if (own !== undefined) for (const value of own) counters[value] = (counters[value] as number) + 1;
        else for (let at = starts[number] as number, end = starts[number + 1] as number; at < end; at++) counters[values[at] as number] = (counters[values[at] as number] as number) + 1;
        bits ^= lowest;
      }
    }
  }
}

/**
 * A snapshot's facet columns, each packed at the first tally that needs it and kept, and each facet's
 * counts over the whole catalogue, made at the first question that passes most slots (its counts are
 * the whole's less the failing slots') and kept up to date by every one-slot write after that.
 */
export class FacetColumns {
  private readonly made: Map<FacetName, FacetColumn>;
  private readonly wholes: Map<FacetName, Int32Array>;

  constructor(
    private readonly records: readonly (SlotRecord | undefined)[],
    private readonly keys: readonly (SlotKeys | undefined)[],
    made: ReadonlyMap<FacetName, FacetColumn> = new Map(),
    wholes: ReadonlyMap<FacetName, Int32Array> = new Map(),
  ) {
    this.made = new Map(made);
    this.wholes = new Map(wholes);
  }

  private column(name: FacetName): FacetColumn {
    let column = this.made.get(name);
    if (column === undefined) {
      column = FacetColumn.build(name, this.records, this.keys);
      this.made.set(name, column);
    }
    return column;
  }

  /** How many slots set in `passing` (words `first..last`) carry each value of facet `name`, by value number. */
  tally(name: FacetName, passing: Uint32Array, first: number, last: number): Int32Array {
    const column = this.column(name);
    // Sized once the column is packed: packing numbers every value of the catalogue.
    const counters = new Int32Array(facetValueCount(name));
    column.tally(passing, first, last, counters);
    return counters;
  }

  /**
   * `tally` for a passing set given by the slots in use (`live`) that fail (`failing`, words
   * `first..last`): the whole catalogue's counts less the failing slots'.
   */
  tallyAllBut(name: FacetName, live: Uint32Array, failing: Uint32Array, first: number, last: number): Int32Array {
    let whole = this.wholes.get(name);
    if (whole === undefined) {
      whole = this.tally(name, live, 0, live.length - 1);
      this.wholes.set(name, whole);
    }
    const counters = new Int32Array(facetValueCount(name));
    counters.set(whole);
    if (first <= last) {
      const failed = new Int32Array(counters.length);
      this.column(name).tally(failing, first, last, failed);
      for (let value = 0; value < counters.length; value++) counters[value] = (counters[value] as number) - (failed[value] as number);
    }
    return counters;
  }

  /** The columns after slot `number` changed (`records` and `keys` are the new snapshot's). */
  withChange(records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[], number: number): FacetColumns {
    const made = new Map<FacetName, FacetColumn>();
    const wholes = new Map<FacetName, Int32Array>();
    const record = records[number];
    const before = this.records[number];
    for (const name of new Set([...this.made.keys(), ...this.wholes.keys()])) {
      const numbers = record === undefined ? new Int32Array(0) : facetValueNumbers(name, valuesOf(name, { record, keys: keys[number] as SlotKeys }));
      const old = before === undefined ? new Int32Array(0) : facetValueNumbers(name, valuesOf(name, { record: before, keys: this.keys[number] as SlotKeys }));
      // A change that leaves the slot's values of this facet alone leaves the column and the counts as they are.
      const same = before !== undefined && sameNumbers(old, numbers);
      const column = this.made.get(name);
      const next = column === undefined || same ? column : column.withSlot(number, numbers);
      if (next !== undefined) made.set(name, next);
      const whole = this.wholes.get(name);
      if (whole !== undefined) wholes.set(name, same ? whole : wholeWithChange(whole, facetValueCount(name), old, numbers));
    }
    return new FacetColumns(records, keys, made, wholes);
  }
}

/** Whole counts (by value number, `values` of them now) after one slot's values went from `old` to `numbers`. */
function wholeWithChange(whole: Int32Array, values: number, old: Int32Array, numbers: Int32Array): Int32Array {
  const next = new Int32Array(values);
  next.set(whole);
  for (const value of old) next[value] = (next[value] as number) - 1;
  for (const value of numbers) next[value] = (next[value] as number) + 1;
  return next;
}

function sameNumbers(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
