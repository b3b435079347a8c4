/**
 * Bit sets over slot ranks, as arrays of 32-bit words. A word past an array's end reads as zero,
 * so a bit set left unchanged by a write can be shared with a snapshot one word longer or shorter.
 */

export function wordsFor(bits: number): number {
  return Math.ceil(bits / 32);
}

/** The bits of word `word` that lie in `low..high` (inclusive). */
function rangeMask(word: number, low: number, high: number): number {
  const first = Math.max(low - word * 32, 0);
  const last = Math.min(high - word * 32, 31);
  return (last === 31 ? -1 : (1 << (last + 1)) - 1) & (-1 << first);
}

/** True when any bit in `low..high` (inclusive) is set. */
export function anyBitIn(bitset: Uint32Array, low: number, high: number): boolean {
  const first = low >>> 5;
  const last = Math.min(high >>> 5, bitset.length - 1);
  for (let word = first; word <= last; word++) {
    const bits = bitset[word] as number;
    if (bits !== 0 && (word === first || word === last ? bits & rangeMask(word, low, high) : bits) !== 0) return true;
  }
  return false;
}

export function isEmpty(bitset: Uint32Array): boolean {
  for (let word = 0; word < bitset.length; word++) if (bitset[word] !== 0) return false;
  return true;
}

/** Bit `bit` of `bitset` set or cleared. */
function setBit(bitset: Uint32Array, bit: number, value: boolean): void {
  const word = bit >>> 5;
  const mask = 1 << (bit & 31);
  bitset[word] = value ? (bitset[word] as number) | mask : (bitset[word] as number) & ~mask;
}

/** Bits `low..high-1` each take the value of the bit above them. */
function shiftDown(bitset: Uint32Array, low: number, high: number): void {
  const first = low >>> 5;
  const last = high >>> 5;
  for (let word = first; word <= last; word++) {
    const above = word + 1 < bitset.length ? (bitset[word + 1] as number) : 0;
    const shifted = ((bitset[word] as number) >>> 1) | (above << 31);
    bitset[word] = word === first || word === last ? keepOutside(bitset[word] as number, shifted, rangeMask(word, low, high)) : shifted;
  }
}

/** Bits `low+1..high` each take the value of the bit below them. */
function shiftUp(bitset: Uint32Array, low: number, high: number): void {
  const first = low >>> 5;
  const last = high >>> 5;
  for (let word = last; word >= first; word--) {
    const below = word > 0 ? (bitset[word - 1] as number) : 0;
    const shifted = ((bitset[word] as number) << 1) | (below >>> 31);
    bitset[word] = word === first || word === last ? keepOutside(bitset[word] as number, shifted, rangeMask(word, low, high)) : shifted;
  }
}

/** `shifted` where `mask` is set, `original` elsewhere. */
function keepOutside(original: number, shifted: number, mask: number): number {
  return (original & ~mask) | (shifted & mask);
}

/**
 * A copy of `bitset` (at least `words` long) in which the bit at `from` is taken out, the bits between
 * it and `to` close the gap by moving one place toward `from`, and the bit at `to` is `value`:
 * one slot changing rank, leaving the catalogue (`to` its last rank) or joining it (`from` one past it).
 */
export function withBitMoved(bitset: Uint32Array, words: number, from: number, to: number, value: boolean): Uint32Array {
  const moved = new Uint32Array(Math.max(words, (Math.max(from, to) >>> 5) + 1));
  moved.set(bitset.length <= moved.length ? bitset : bitset.subarray(0, moved.length));
  if (from < to) shiftDown(moved, from, to);
  else if (from > to) shiftUp(moved, to, from);
  setBit(moved, to, value);
  return moved;
}
