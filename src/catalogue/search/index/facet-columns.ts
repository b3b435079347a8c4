import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { valuesOf, type FacetName } from '../facets.js';
import { facetValueCount, facetValueNumbers } from './facet-values.js';
import { packFacetValues, type PackedFacetValues } from './packed-facet-values.js';

/** Slots whose values a column holds apart from its packed arrays before it is packed afresh. */
const MOST_PATCHES = 1024;

/**
 * One facet's values of every slot: packed by slot number (see `PackedFacetValues`), so that tallying
 * a facet over many passing slots reads arrays in slot order instead of reaching each slot's keys. A
 * one-slot write does not repack: the slot's new values go in `patched`, and a tally reads the packed
 * arrays alone, then puts right the few patched slots that pass.
 */
class FacetColumn {
  constructor(
    private readonly packed: PackedFacetValues,
    private readonly patched: ReadonlyMap<number, Int32Array>,
  ) {}

  static build(name: FacetName, records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): FacetColumn {
    return new FacetColumn(packFacetValues(name, records, keys), new Map());
  }

  /** This column with slot `number`'s values now `numbers`; undefined once so many slots changed that packing afresh is due. */
  withSlot(number: number, numbers: Int32Array): FacetColumn | undefined {
    if (this.patched.size >= MOST_PATCHES) return undefined;
    return new FacetColumn(this.packed, new Map(this.patched).set(number, numbers));
  }

  /** Adds `step` to the counter of each value of each slot set in `passing` (words `first..last`): value v's is at v + 1. */
  tally(passing: Uint32Array, first: number, last: number, counters: Int32Array, step: number): void {
    const { packed } = this;
    packed.tally(passing, first, last, counters, step);
    for (const [number, numbers] of this.patched) {
      if (((passing[number >>> 5] ?? 0) & (1 << (number & 31))) === 0) continue;
      if (number >>> 5 < packed.words) packed.addSlot(number, counters, -step);
      for (const value of numbers) counters[value + 1] = (counters[value + 1] as number) + step;
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
    const counters = new Int32Array(facetValueCount(name) + 1);
    column.tally(passing, first, last, counters, 1);
    return counters.subarray(1);
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
    const counters = new Int32Array(facetValueCount(name) + 1);
    counters.set(whole, 1);
    if (first <= last) this.column(name).tally(failing, first, last, counters, -1);
    return counters.subarray(1);
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
