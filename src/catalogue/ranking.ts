import type { SlotRecord } from './slot.js';

/** A slot that carries at least one requested emoji, with how many it carries. */
export interface ScoredSlot {
  readonly slot: SlotRecord;
  readonly score: number;
}

/** Rating descending, then RTP descending, then id ascending: how equally matching slots are ordered. */
export function compareByMerit(a: SlotRecord, b: SlotRecord): number {
  return b.rating - a.rating || b.rtp - a.rtp || a.id - b.id;
}

/** Score descending, then `compareByMerit`: a total order. */
export function compareMatches(a: ScoredSlot, b: ScoredSlot): number {
  return b.score - a.score || compareByMerit(a.slot, b.slot);
}

/**
 * Positions of `slots` (given in id order) sorted by `compareByMerit`. Rating (one decimal) and RTP
 * (two decimals) pack into one integer with the position, so a native numeric sort does the work:
 * a comparator over 100,000 records is many times slower.
 */
export function meritOrder(slots: readonly SlotRecord[]): Int32Array {
  const keys = new Float64Array(slots.length);
  slots.forEach((slot, position) => {
    const rating = Math.round(slot.rating * 10);
    const rtp = Math.round(slot.rtp * 100);
    keys[position] = ((50 - rating) * 10001 + (10000 - rtp)) * 2 ** 32 + position;
  });
  keys.sort();
  return Int32Array.from(keys, (key) => key % 2 ** 32);
}
