import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { comparator, Found, type SlotOrder } from '../slot-order.js';
import { OrderPrefixes } from './order-prefixes.js';

/** The sort keys that are numbers read off a slot. */
export type NumericKey = Exclude<SlotOrder['key'], 'name' | 'relevance' | 'popular'>;

/** What each numeric sort key reads from a slot. */
const NUMERIC_KEYS: Readonly<Record<NumericKey, (record: SlotRecord) => number | undefined>> = {
  id: (record) => record.id,
  rtp: (record) => record.rtp,
  rating: (record) => record.rating,
  maxWin: (record) => record.maxWin,
  releaseYear: (record) => record.releaseYear,
};

/** Slots of one relevance group are in this order (decisions §13: rating descending, then id). */
export const WITHIN_RELEVANCE: SlotOrder = { key: 'rating', descending: true };

/** The key an order is kept under: `rtp`, `-rtp`...; `relevance` is kept as the order inside its groups. */
function orderName(asked: SlotOrder): string {
  const { key, descending } = asked.key === 'relevance' ? WITHIN_RELEVANCE : asked;
  return descending ? `-${key}` : key;
}

/** `cache`'s entry under `name`, made by `make` the first time it is asked for. */
function kept<T>(cache: Map<string, T>, name: string, make: () => T): T {
  let value = cache.get(name);
  if (value === undefined) {
    value = make();
    cache.set(name, value);
  }
  return value;
}

/**
 * Every slot number in use, presorted once per sort key and direction (as `comparator` orders them),
 * made at the first question that needs one and kept for the snapshot. A one-slot write moves one
 * number in each order already made, so an order is sorted once per run of writes, not once per write.
 */
export class SlotOrders {
  private readonly made: Map<string, Int32Array>;

  constructor(
    private readonly records: readonly (SlotRecord | undefined)[],
    private readonly keys: readonly (SlotKeys | undefined)[],
    made: ReadonlyMap<string, Int32Array> = new Map(),
  ) {
    this.made = new Map(made);
  }

  /** Where each number in use sits in an order, by number: made at the first question that needs it, moved by one-slot writes. */
  private readonly ranks = new Map<string, Int32Array>();

  /** The place of each number in use in `order` (by number; a number not in use reads as anything). */
  placesIn(asked: SlotOrder): Int32Array {
    const presorted = this.of(asked);
    return kept(this.ranks, orderName(asked), () => {
      const ranks = new Int32Array(this.records.length);
      for (let at = 0; at < presorted.length; at++) ranks[presorted[at] as number] = at;
      return ranks;
    });
  }

  /** Prefixes of an order as bitsets: made at the first bound on its key, moved by one-slot writes. */
  private readonly prefixes = new Map<string, OrderPrefixes>();

  /** `order`'s prefixes (see `OrderPrefixes`). */
  prefixesOf(asked: SlotOrder): OrderPrefixes {
    const presorted = this.of(asked);
    return kept(this.prefixes, orderName(asked), () => OrderPrefixes.build(presorted, this.records.length));
  }

  private found(number: number): Found {
    return new Found(this.records[number] as SlotRecord, this.keys[number] as SlotKeys, true, 0);
  }

  /** Each place's sort key in a numeric order, Infinity for a slot without one: made at the first bound on the key, moved by one-slot writes. */
  private readonly keyValues = new Map<string, Float64Array>();

  /**
   * The sort key of the slot at each place of `asked`, in the order's direction, a slot without one
   * reading Infinity: a range of keys is then two binary searches over one array of numbers, where
   * reading the keys off the records reached a scattered object at every step.
   */
  valuesIn(asked: { readonly key: NumericKey; readonly descending: boolean }): Float64Array {
    const presorted = this.of(asked);
    const value = NUMERIC_KEYS[asked.key];
    return kept(this.keyValues, orderName(asked), () => Float64Array.from(presorted, (number) => value(this.records[number] as SlotRecord) ?? Infinity));
  }

  /** The numbers in use in `order`; `relevance` gives `-rating`, the order inside each relevance group. */
  of(asked: SlotOrder): Int32Array {
    // The popular order moves between snapshots, so it is not one of a snapshot's kept orders (see `popular-order.ts`).
    if (asked.key === 'popular') throw new Error('the popular order is not kept with the index');
    const order: SlotOrder = asked.key === 'relevance' ? WITHIN_RELEVANCE : asked;
    return kept(this.made, orderName(order), () => this.presorted(order as SlotOrder & { key: Exclude<SlotOrder['key'], 'relevance' | 'popular'> }));
  }

  /**
   * The numbers in use sorted as `comparator(order)` sorts their slots, by keys read once per slot:
   * a numeric sort of 100,000 numbers takes a fraction of the time of a comparator over the records.
   * A descending order is the ascending one turned round (see `descendingOf`), not sorted again.
   */
  private presorted({ key, descending }: SlotOrder & { key: Exclude<SlotOrder['key'], 'relevance' | 'popular'> }): Int32Array {
    if (key === 'name') {
      const names = this.keys.map((keys) => keys?.foldedName ?? '');
      if (descending) return descendingOf(this.of({ key, descending: false }), (number) => names[number]);
      const ids = this.ids();
      return sortedBy(this.inUse(), (a, b) => {
        const [x, y] = [names[a] as string, names[b] as string];
        return (x < y ? -1 : x > y ? 1 : 0) || (ids[a] as number) - (ids[b] as number);
      });
    }
    const sortKeys = this.numericKeys(key);
    if (descending) return descendingOf(this.of({ key, descending: false }), (number) => (sortKeys[number] === Infinity ? undefined : sortKeys[number]));
    const ids = this.ids();
    // Two missing values give NaN, which falls through to the id as a tie does.
    return sortedBy(this.inUse(), (a, b) => (sortKeys[a] as number) - (sortKeys[b] as number) || (ids[a] as number) - (ids[b] as number));
  }

  /** Each number in use's `key`, by number, Infinity for a slot without one (a release year): read in the records' own order. */
  private numericKeys(key: NumericKey): Float64Array {
    const value = NUMERIC_KEYS[key];
    const keys = new Float64Array(this.records.length);
    this.records.forEach((record, number) => {
      if (record !== undefined) keys[number] = value(record) ?? Infinity;
    });
    return keys;
  }

  private idsByNumber: Float64Array | undefined;

  /** Each number in use's slot id, by number: read once for every order this snapshot sorts (a record read is a cache miss each). */
  private ids(): Float64Array {
    if (this.idsByNumber === undefined) {
      const ids = new Float64Array(this.records.length);
      this.records.forEach((record, number) => {
        if (record !== undefined) ids[number] = record.id;
      });
      this.idsByNumber = ids;
    }
    return this.idsByNumber;
  }

  /** The numbers in use, ascending. */
  private inUse(): Int32Array {
    const numbers = new Int32Array(this.records.length);
    let count = 0;
    for (let number = 0; number < this.records.length; number++) if (this.records[number] !== undefined) numbers[count++] = number;
    return numbers.slice(0, count);
  }

  /**
   * The orders after slot `number` changed (`records` and `keys` are the new snapshot's): each order
   * already made loses the number where its old record sat and gains it where the new one sorts.
   */
  withChange(
    records: readonly (SlotRecord | undefined)[],
    keys: readonly (SlotKeys | undefined)[],
    number: number,
    before: Found | undefined,
  ): SlotOrders {
    const next = new SlotOrders(records, keys);
    const after = records[number] === undefined ? undefined : next.found(number);
    for (const [name, numbers] of this.made) {
      const order: SlotOrder = { key: name.replace('-', '') as SlotOrder['key'], descending: name.startsWith('-') };
      const compare = comparator(order);
      // A slot whose change leaves its sort key alone keeps its place: the order is shared as it is.
      if (before !== undefined && after !== undefined && compare(before, after) === 0) {
        next.made.set(name, numbers);
        const ranks = this.ranks.get(name);
        if (ranks !== undefined) next.ranks.set(name, ranks);
        const prefixes = this.prefixes.get(name);
        if (prefixes !== undefined) next.prefixes.set(name, prefixes);
        const values = this.keyValues.get(name);
        if (values !== undefined) next.keyValues.set(name, values);
        continue;
      }
      let moved = numbers;
      let removedAt: number | undefined;
      let insertedAt: number | undefined;
      if (before !== undefined) {
        removedAt = searchOrder(numbers, (other) => compare(this.found(other), before));
        moved = new Int32Array(numbers.length - 1);
        moved.set(numbers.subarray(0, removedAt));
        moved.set(numbers.subarray(removedAt + 1), removedAt);
      }
      if (after !== undefined) {
        insertedAt = searchOrder(moved, (other) => compare(next.found(other), after));
        const grown = new Int32Array(moved.length + 1);
        grown.set(moved.subarray(0, insertedAt));
        grown[insertedAt] = number;
        grown.set(moved.subarray(insertedAt), insertedAt + 1);
        moved = grown;
      }
      next.made.set(name, moved);
      const ranks = this.ranks.get(name);
      if (ranks !== undefined) next.ranks.set(name, movedRanks(ranks, records.length, moved, removedAt, insertedAt));
      const prefixes = this.prefixes.get(name);
      if (prefixes !== undefined) next.prefixes.set(name, prefixes.withChange(moved, number, records.length, removedAt, insertedAt));
      const values = this.keyValues.get(name);
      if (values !== undefined) {
        const value = records[number] === undefined ? undefined : (NUMERIC_KEYS[order.key as NumericKey](records[number] as SlotRecord) ?? Infinity);
        next.keyValues.set(name, movedValues(values, removedAt, insertedAt, value));
      }
    }
    return next;
  }
}

/**
 * `numbers` sorted by `compare`: as they are when they already are (the id order of a snapshot's
 * first index, say), which one pass finds out at a fraction of a sort's cost.
 */
function sortedBy(numbers: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  for (let at = 1; at < numbers.length; at++) if (compare(numbers[at - 1] as number, numbers[at] as number) > 0) return numbers.sort(compare);
  return numbers;
}

/**
 * The descending order of the key `keyOf` reads, from its ascending order (ties by id, slots without
 * a key last): the ascending order read from its end, each run of equal keys kept in its own order
 * so that ties stay in id order, and the slots without a key left last.
 */
function descendingOf(ascending: Int32Array, keyOf: (number: number) => string | number | undefined): Int32Array {
  let keyed = ascending.length;
  while (keyed > 0 && keyOf(ascending[keyed - 1] as number) === undefined) keyed--;
  const descending = new Int32Array(ascending.length);
  let filled = 0;
  for (let runEnd = keyed; runEnd > 0; ) {
    const key = keyOf(ascending[runEnd - 1] as number);
    let runStart = runEnd - 1;
    while (runStart > 0 && keyOf(ascending[runStart - 1] as number) === key) runStart--;
    descending.set(ascending.subarray(runStart, runEnd), filled);
    filled += runEnd - runStart;
    runEnd = runStart;
  }
  descending.set(ascending.subarray(keyed), filled);
  return descending;
}

/**
 * `ranks` for the order `moved` (sized for `numbers` slot numbers), in which one number left place
 * `removedAt` and one took place `insertedAt`: only the places between the two changed (all after
 * the one, when only one of them happened).
 */
function movedRanks(ranks: Int32Array, numbers: number, moved: Int32Array, removedAt: number | undefined, insertedAt: number | undefined): Int32Array {
  const next = new Int32Array(numbers);
  next.set(ranks.subarray(0, numbers));
  const low = Math.min(removedAt ?? Infinity, insertedAt ?? Infinity);
  const high = removedAt !== undefined && insertedAt !== undefined ? Math.max(removedAt, insertedAt) : moved.length - 1;
  for (let at = low; at <= high; at++) next[moved[at] as number] = at;
  return next;
}

/** `values` with the one at `removedAt` taken out, then `value` put at `insertedAt` (of the array without it). */
function movedValues(values: Float64Array, removedAt: number | undefined, insertedAt: number | undefined, value: number | undefined): Float64Array {
  let moved = values;
  if (removedAt !== undefined) {
    moved = new Float64Array(values.length - 1);
    moved.set(values.subarray(0, removedAt));
    moved.set(values.subarray(removedAt + 1), removedAt);
  }
  if (insertedAt !== undefined && value !== undefined) {
    const grown = new Float64Array(moved.length + 1);
    grown.set(moved.subarray(0, insertedAt));
    grown[insertedAt] = value;
    grown.set(moved.subarray(insertedAt), insertedAt + 1);
    moved = grown;
  }
  return moved;
}

/** The first place in `numbers` where `compareToTarget` is not negative. */
function searchOrder(numbers: Int32Array, compareToTarget: (number: number) => number): number {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareToTarget(numbers[middle] as number) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
