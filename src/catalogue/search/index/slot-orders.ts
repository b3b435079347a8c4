import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { comparator, Found, type SlotOrder } from '../slot-order.js';

/** The key an order is kept under: `rtp`, `-rtp`... */
function orderName({ key, descending }: SlotOrder): string {
  return descending ? `-${key}` : key;
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

  /** A comparator of slot numbers, in `order`. */
  compare(order: SlotOrder): (a: number, b: number) => number {
    const compare = comparator(order);
    return (a, b) => compare(this.found(a), this.found(b));
  }

  private found(number: number): Found {
    return new Found(this.records[number] as SlotRecord, this.keys[number] as SlotKeys, true, 0);
  }

  /** The numbers in use in `order` (not `relevance`, which is groups each in `-rating` order). */
  of(order: SlotOrder): Int32Array {
    const name = orderName(order);
    let numbers = this.made.get(name);
    if (numbers === undefined) {
      const compare = comparator(order);
      const entries: { readonly found: Found; readonly number: number }[] = [];
      this.records.forEach((record, number) => {
        if (record !== undefined) entries.push({ found: this.found(number), number });
      });
      numbers = Int32Array.from(entries.sort((a, b) => compare(a.found, b.found)), ({ number }) => number);
      this.made.set(name, numbers);
    }
    return numbers;
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
      let moved = numbers;
      if (before !== undefined) {
        const at = searchOrder(numbers, (other) => compare(this.found(other), before));
        moved = new Int32Array(numbers.length - 1);
        moved.set(numbers.subarray(0, at));
        moved.set(numbers.subarray(at + 1), at);
      }
      if (after !== undefined) {
        const at = searchOrder(moved, (other) => compare(next.found(other), after));
        const grown = new Int32Array(moved.length + 1);
        grown.set(moved.subarray(0, at));
        grown[at] = number;
        grown.set(moved.subarray(at), at + 1);
        moved = grown;
      }
      next.made.set(name, moved);
    }
    return next;
  }
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
