import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anyBitIn, isEmpty, withBitMoved, wordsFor } from '../../src/catalogue/search/bitset.js';

const FAST_CHECK = { seed: 20261121, numRuns: 300 } as const;

const toBitset = (bits: readonly boolean[], words: number) => {
  const bitset = new Uint32Array(words);
  bits.forEach((bit, index) => {
    if (bit) bitset[index >>> 5] = (bitset[index >>> 5] as number) | (1 << (index & 31));
  });
  return bitset;
};
const toBits = (bitset: Uint32Array, count: number) => Array.from({ length: count }, (_, index) => (((bitset[index >>> 5] ?? 0) >>> (index & 31)) & 1) === 1);

/** Bits over up to five words, with a move inside them (or one past the end, as a new slot's). */
const bitsAndMove = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 160, size: 'max' })
  .chain((bits) => fc.tuple(fc.constant(bits), fc.nat(bits.length), fc.nat(bits.length - 1), fc.boolean()));

describe('withBitMoved', () => {
  it('moves one bit and shifts the ones between by one place, as a list splice would', () => {
    fc.assert(
      fc.property(bitsAndMove, ([bits, from, to, value]) => {
        const expected = [...bits, false];
        expected.splice(from, 1);
        expected.splice(to, 0, value);
        const words = wordsFor(bits.length + 1);
        const moved = withBitMoved(toBitset(bits, wordsFor(bits.length)), words, from, to, value);
        assert.deepEqual(toBits(moved, bits.length + 1), expected);
        assert.ok(moved.length >= words);
      }),
      FAST_CHECK,
    );
  });

  it('leaves the bitset it copied as it was', () => {
    fc.assert(
      fc.property(bitsAndMove, ([bits, from, to, value]) => {
        const original = toBitset(bits, wordsFor(bits.length));
        const before = original.slice();
        withBitMoved(original, wordsFor(bits.length + 1), from, to, value);
        assert.deepEqual(original, before);
      }),
      FAST_CHECK,
    );
  });
});

describe('anyBitIn and isEmpty', () => {
  it('agree with the bits one by one, reading past the end as zeros', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 160, size: 'max' }), fc.nat(200), fc.nat(200), (bits, a, b) => {
        const bitset = toBitset(bits, wordsFor(bits.length));
        const [low, high] = [Math.min(a, b), Math.max(a, b)];
        assert.equal(anyBitIn(bitset, low, high), bits.slice(low, high + 1).includes(true));
        assert.equal(isEmpty(bitset), !bits.includes(true));
      }),
      FAST_CHECK,
    );
  });
});
