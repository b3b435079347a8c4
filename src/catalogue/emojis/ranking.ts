import type { SlotRecord } from '../records/slot.js';
import type { Steps } from '../snapshot/steps.js';

/** A slot that carries at least one requested emoji, with how many it carries. */
export interface ScoredSlot {
  readonly slot: SlotRecord;
  readonly score: number;
}

/** Rating descending, then RTP descending, then id ascending: how equally matching slots are ordered. */
function compareByMerit(a: SlotRecord, b: SlotRecord): number {
  return b.rating - a.rating || b.rtp - a.rtp || a.id - b.id;
}

/** Score descending, then `compareByMerit`: a total order. */
export function compareMatches(a: ScoredSlot, b: ScoredSlot): number {
  return b.score - a.score || compareByMerit(a.slot, b.slot);
}

/** Rating (one decimal) and RTP (two decimals) packed into one number that is smaller for the better slot. */
function meritOf(slot: SlotRecord): number {
  const rating = Math.round(slot.rating * 10);
  const rtp = Math.round(slot.rtp * 100);
  return (50 - rating) * 10001 + (10000 - rtp);
}

/**
 * A number whose order is `compareByMerit`'s: `meritOf` packed above the slot's position in id order.
 * Sorting these with a native numeric sort ranks 100,000 slots many times faster than a comparator
 * over the records.
 */
export function meritKey(slot: SlotRecord, position: number): number {
  return meritOf(slot) * 2 ** 32 + position;
}

/** The order of `meritKey`, for records: negative when `a` ranks before `b`, zero only for the same id. */
function compareRanks(a: SlotRecord, b: SlotRecord): number {
  return meritOf(a) - meritOf(b) || a.id - b.id;
}

/** True when the two records rank alike against every other slot. */
export function sameMerit(a: SlotRecord, b: SlotRecord): boolean {
  return meritOf(a) === meritOf(b);
}

/** Keys sorted natively in one stretch: about a millisecond's worth. */
const SORTED_RUN = 8192;
/** Keys merged or converted between two chances to yield. */
const MERGE_STRETCH = 16384;

/**
 * Positions in ranking order, from the slots' merit keys (which it reorders). Sorted in runs, then
 * merged run by run, so no single stretch of the work is long.
 */
export function* meritOrder(keys: Float64Array): Steps<Int32Array> {
  const count = keys.length;
  for (let start = 0; start < count; start += SORTED_RUN) {
    keys.subarray(start, start + SORTED_RUN).sort();
    yield;
  }
  let source: Float64Array = keys;
  let target: Float64Array = new Float64Array(count);
  for (let width = SORTED_RUN; width < count; width *= 2) {
    for (let start = 0; start < count; start += 2 * width) {
      yield* merge(source, target, start, Math.min(start + width, count), Math.min(start + 2 * width, count));
    }
    [source, target] = [target, source];
  }
  const order = new Int32Array(count);
  for (let rank = 0; rank < count; rank++) {
    order[rank] = (source[rank] as number) % 2 ** 32;
    if (rank % MERGE_STRETCH === MERGE_STRETCH - 1) yield;
  }
  return order;
}

/** Merges the sorted runs `source[start, middle)` and `source[middle, end)` into `target[start, end)`. */
function* merge(source: Float64Array, target: Float64Array, start: number, middle: number, end: number): Steps<void> {
  let left = start;
  let right = middle;
  for (let next = start; next < end; next++) {
    const takeLeft = right >= end || (left < middle && (source[left] as number) <= (source[right] as number));
    target[next] = takeLeft ? (source[left++] as number) : (source[right++] as number);
    if (next % MERGE_STRETCH === MERGE_STRETCH - 1) yield;
  }
}

/**
 * The rank `record` would take among `ranked` (positions into `slots`, in ranking order): how many
 * of them rank before it. For a record already there, its own rank.
 */
export function rankAmong(ranked: Int32Array, slots: readonly SlotRecord[], record: SlotRecord): number {
  let low = 0;
  let high = ranked.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRanks(slots[ranked[middle] as number] as SlotRecord, record) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `ranked` with the entry at rank `from` moved to rank `to`, the ones between shifted by one. */
export function withRankMoved(ranked: Int32Array, from: number, to: number): Int32Array {
  const moved = ranked.slice();
  const position = ranked[from] as number;
  if (from < to) moved.copyWithin(from, from + 1, to + 1);
  else moved.copyWithin(to + 1, to, from);
  moved[to] = position;
  return moved;
}

/** `ranked` without rank `rank`, which held `position`; later positions move down by one. */
export function withRankRemoved(ranked: Int32Array, rank: number): Int32Array {
  const removed = ranked[rank] as number;
  const next = new Int32Array(ranked.length - 1);
  for (let from = 0, to = 0; from < ranked.length; from++) {
    if (from === rank) continue;
    const position = ranked[from] as number;
    next[to++] = position > removed ? position - 1 : position;
  }
  return next;
}

/** `ranked` with `position` (a new slot's) put at rank `rank`; positions from it on move up by one. */
export function withRankInserted(ranked: Int32Array, rank: number, position: number): Int32Array {
  const next = new Int32Array(ranked.length + 1);
  for (let from = 0, to = 0; to < next.length; to++) {
    if (to === rank) {
      next[to] = position;
      continue;
    }
    const shifted = ranked[from++] as number;
    next[to] = shifted >= position ? shifted + 1 : shifted;
  }
  return next;
}
