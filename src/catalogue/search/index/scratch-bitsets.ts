/**
 * Bitsets one answer works in, lent for its time and all taken back at its end: a question at 100,000
 * slots needs a dozen of 12.5 KB each, and making them anew for every question kept the garbage
 * collector busy for a sixth of the server's time. Answers are worked out one at a time, synchronously.
 */
export class ScratchBitsets {
  private readonly free: Uint32Array[] = [];
  private readonly lent: Uint32Array[] = [];

  constructor(private readonly words: number) {}

  /** A bitset of every slot number, all bits clear. */
  zeroed(): Uint32Array {
    const bits = this.free.pop() ?? new Uint32Array(this.words);
    bits.fill(0);
    this.lent.push(bits);
    return bits;
  }

  /** A bitset of every slot number holding `bits` (which may be shorter). */
  copyOf(bits: Uint32Array): Uint32Array {
    const copy = this.zeroed();
    copy.set(bits.length <= this.words ? bits : bits.subarray(0, this.words));
    return copy;
  }

  /** Takes back every bitset lent: none may be read after this. */
  takeBack(): void {
    this.free.push(...this.lent);
    this.lent.length = 0;
  }
}
