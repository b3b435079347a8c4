import { wordsFor } from '../bitset.js';

/** About how many prefixes an order keeps, and the fewest places between two. */
const PREFIXES = 64;
const FEWEST_PLACES = 256;

/**
 * Prefixes of one presorted order as bitsets of slot numbers: the one at boundary `b` (a multiple of
 * `step` short of the order's length) holds the numbers at places `0..b`. The numbers in any range
 * of places are then two prefixes' difference, less the few places between the range's ends and the
 * boundaries around them: a bound (`minRtp`, `maxYear`...) costs two passes over machine words and a
 * few hundred single bits, where setting the range bit by bit visits up to half the catalogue.
 */
export class OrderPrefixes {
  private constructor(
    private readonly step: number,
    /** `prefixes[i]` is the prefix at boundary `(i + 1) * step`. */
    private readonly prefixes: readonly Uint32Array[],
  ) {}

  static build(order: Int32Array, numbers: number): OrderPrefixes {
    const step = Math.max(FEWEST_PLACES, Math.ceil(order.length / PREFIXES));
    const prefixes: Uint32Array[] = [];
    let bits = new Uint32Array(wordsFor(numbers));
    for (let boundary = step; boundary < order.length; boundary += step) {
      bits = bits.slice();
      for (let at = boundary - step; at < boundary; at++) setBit(bits, order[at] as number);
      prefixes.push(bits);
    }
    return new OrderPrefixes(step, prefixes);
  }

  /**
   * Clears in `bits` every number whose place in `order` (the order these prefixes are of) is outside
   * `first..end-1`; `all` holds every number in use.
   */
  keepPlaces(bits: Uint32Array, order: Int32Array, first: number, end: number, all: Uint32Array): void {
    const { step } = this;
    const low = Math.floor(first / step) * step;
    const high = Math.min(Math.ceil(end / step) * step, order.length);
    const prefixAt = (boundary: number) => (boundary >= order.length ? all : boundary === 0 ? NONE : (this.prefixes[boundary / step - 1] as Uint32Array));
    const upTo = prefixAt(high);
    const below = prefixAt(low);
    for (let word = 0; word < bits.length; word++) {
      bits[word] = (bits[word] as number) & (upTo[word] ?? 0) & ~(below[word] ?? 0);
    }
    for (let at = low; at < first; at++) clearBit(bits, order[at] as number);
    for (let at = end; at < high; at++) clearBit(bits, order[at] as number);
  }

  /**
   * The prefixes of `moved`, the order after slot `number` left place `removedAt` (of the order before)
   * and took place `insertedAt` (of `moved`), either absent for a slot added or removed; `numbers` slot
   * numbers are in use or were. Prefixes whose boundary lies before both places are shared.
   */
  withChange(moved: Int32Array, number: number, numbers: number, removedAt: number | undefined, insertedAt: number | undefined): OrderPrefixes {
    const { step } = this;
    const changedFrom = Math.min(removedAt ?? Infinity, insertedAt ?? Infinity);
    // The order with the slot taken out and not yet put back.
    const without = (at: number) => (insertedAt === undefined || at < insertedAt ? moved[at] : moved[at + 1]) as number;
    const removedBefore = (boundary: number) => removedAt !== undefined && removedAt < boundary;
    const insertedBefore = (boundary: number) => insertedAt !== undefined && insertedAt < boundary;
    const prefixes: Uint32Array[] = [];
    for (let index = 0; index < this.prefixes.length; index++) {
      const boundary = (index + 1) * step;
      if (boundary >= moved.length) break;
      const old = this.prefixes[index] as Uint32Array;
      if (boundary <= changedFrom) {
        prefixes.push(old);
        continue;
      }
      const bits = new Uint32Array(Math.max(old.length, wordsFor(numbers)));
      bits.set(old);
      // Holds `without(0..held)` once the slot is out; must hold `without(0..wanted)` and the slot if it went in before the boundary.
      const held = removedBefore(boundary) ? boundary - 1 : boundary;
      const wanted = insertedBefore(boundary) ? boundary - 1 : boundary;
      if (removedBefore(boundary)) clearBit(bits, number);
      if (held < wanted) setBit(bits, without(boundary - 1));
      else if (held > wanted) clearBit(bits, without(boundary - 1));
      if (insertedBefore(boundary)) setBit(bits, number);
      prefixes.push(bits);
    }
    // One more slot may bring one more boundary inside the order.
    const boundary = (prefixes.length + 1) * step;
    if (boundary < moved.length) {
      const bits = new Uint32Array(wordsFor(numbers));
      const last = prefixes.at(-1);
      if (last !== undefined) bits.set(last);
      for (let at = boundary - step; at < boundary; at++) setBit(bits, moved[at] as number);
      prefixes.push(bits);
    }
    return new OrderPrefixes(step, prefixes);
  }
}

const NONE = new Uint32Array(0);

function setBit(bits: Uint32Array, number: number): void {
  bits[number >>> 5] = (bits[number >>> 5] as number) | (1 << (number & 31));
}

function clearBit(bits: Uint32Array, number: number): void {
  if (number >>> 5 < bits.length) bits[number >>> 5] = (bits[number >>> 5] as number) & ~(1 << (number & 31));
}
