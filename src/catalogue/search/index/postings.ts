import { wordsFor } from '../bitset.js';

/**
 * The slots carrying one value (a provider, a theme, a word...), by slot number: a single number when
 * one slot does, a sorted `Int32Array` while that is no larger than a bitset, else a `Uint32Array`
 * bitset. Most words of a catalogue sit on one slot or a few, so a bitset each would cost gigabytes
 * at 100,000 slots, while a value on thousands of slots is read fastest as machine words.
 * Postings are never changed once made; a write makes new ones for the values it touches.
 * A bitset may be shorter than the numbers in use: a word past its end reads as zero.
 */
export type Posting = number | Int32Array | Uint32Array;

/** Sets the bits of `posting`'s members in `bits`. */
export function orInto(bits: Uint32Array, posting: Posting): void {
  if (typeof posting === 'number') bits[posting >>> 5] = (bits[posting >>> 5] as number) | (1 << (posting & 31));
  else if (posting instanceof Int32Array) {
    for (let at = 0; at < posting.length; at++) {
      const member = posting[at] as number;
      bits[member >>> 5] = (bits[member >>> 5] as number) | (1 << (member & 31));
    }
  } else {
    const words = Math.min(posting.length, bits.length);
    for (let word = 0; word < words; word++) bits[word] = (bits[word] as number) | (posting[word] as number);
  }
}

/** Clears in `bits` every bit that is not a member of `posting`. */
export function keepOnly(bits: Uint32Array, posting: Posting): void {
  if (posting instanceof Uint32Array) {
    const words = Math.min(posting.length, bits.length);
    for (let word = 0; word < words; word++) bits[word] = (bits[word] as number) & (posting[word] as number);
    bits.fill(0, words);
    return;
  }
  if (typeof posting === 'number') {
    const word = posting >>> 5;
    const kept = word < bits.length ? (bits[word] as number) & (1 << (posting & 31)) : 0;
    bits.fill(0);
    if (word < bits.length) bits[word] = kept;
    return;
  }
  // Members ascend: each machine word they touch is masked in place, and the words between them cleared.
  let cleared = 0;
  for (let at = 0; at < posting.length; ) {
    const word = (posting[at] as number) >>> 5;
    if (word >= bits.length) break;
    let mask = 0;
    for (; at < posting.length && (posting[at] as number) >>> 5 === word; at++) mask |= 1 << ((posting[at] as number) & 31);
    // A long gap is cleared by the native fill, a short one by hand (a call costs about what a dozen words do).
    if (word - cleared > 16) bits.fill(0, cleared, word);
    else for (let gap = cleared; gap < word; gap++) bits[gap] = 0;
    bits[word] = (bits[word] as number) & mask;
    cleared = word + 1;
  }
  bits.fill(0, cleared);
}

/** Set bits in one 32-bit word, counted in its halves, nibbles and bytes at once (no table to reach in memory). */
export function bitCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many members of list posting `list` are set in `bits` (a loop for one kind of array, as in `bitsetCountIn`). */
export function listCountIn(list: Int32Array, bits: Uint32Array): number {
  let count = 0;
  for (let at = 0; at < list.length; at++) {
    const member = list[at] as number;
    count += ((bits[member >>> 5] as number) >>> (member & 31)) & 1;
  }
  return count;
}

/** How many members of bitset posting `posting` are set in `bits`, reading only words `first..last`. */
export function bitsetCountIn(posting: Uint32Array, bits: Uint32Array, first: number, last: number): number {
  let count = 0;
  const end = Math.min(last + 1, posting.length);
  for (let word = first; word < end; word++) {
    count += bitCount((bits[word] as number) & (posting[word] as number));
  }
  return count;
}

/** `posting` with `member` added (`numbers` slot numbers in use, which sizes a bitset). */
export function withMember(posting: Posting | undefined, member: number, numbers: number): Posting {
  if (posting === undefined) return member;
  if (posting instanceof Uint32Array) {
    const bits = new Uint32Array(Math.max(posting.length, wordsFor(numbers)));
    bits.set(posting);
    bits[member >>> 5] = (bits[member >>> 5] as number) | (1 << (member & 31));
    return bits;
  }
  const list = typeof posting === 'number' ? [posting] : Array.from(posting);
  const at = lowerBound(list, member);
  if (list[at] === member) return posting;
  list.splice(at, 0, member);
  if (list.length <= wordsFor(numbers)) return Int32Array.from(list);
  const bits = new Uint32Array(wordsFor(numbers));
  for (const each of list) bits[each >>> 5] = (bits[each >>> 5] as number) | (1 << (each & 31));
  return bits;
}

/** `posting` without `member`; undefined when nothing is left. */
export function withoutMember(posting: Posting, member: number): Posting | undefined {
  if (typeof posting === 'number') return posting === member ? undefined : posting;
  if (posting instanceof Int32Array) {
    const list = Array.from(posting).filter((each) => each !== member);
    return list.length === 0 ? undefined : list.length === 1 ? (list[0] as number) : Int32Array.from(list);
  }
  const bits = posting.slice();
  if (member >>> 5 < bits.length) bits[member >>> 5] = (bits[member >>> 5] as number) & ~(1 << (member & 31));
  // A bitset whose members would fit a list stays a bitset: reading it costs a few thousand word steps at most.
  return bits.some((word) => word !== 0) ? bits : undefined;
}

/** A posting of `members` (ascending, distinct), out of `numbers` slot numbers. */
export function postingOf(members: readonly number[], numbers: number): Posting {
  if (members.length === 1) return members[0] as number;
  if (members.length <= wordsFor(numbers)) return Int32Array.from(members);
  const bits = new Uint32Array(wordsFor(numbers));
  for (const member of members) bits[member >>> 5] = (bits[member >>> 5] as number) | (1 << (member & 31));
  return bits;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
