import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { wordsFor } from '../../src/catalogue/search/bitset.js';
import { OrderPrefixes } from '../../src/catalogue/search/index/order-prefixes.js';

/** A change to an order: a slot moved, added or removed, at places given as fractions of the order. */
const change = fc.record({ kind: fc.constantFrom('move', 'add', 'remove'), from: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), to: fc.double({ min: 0, max: 1, noNaN: true }) });

function bitsOf(members: Iterable<number>, numbers: number): Uint32Array {
  const bits = new Uint32Array(wordsFor(numbers));
  for (const member of members) bits[member >>> 5] = (bits[member >>> 5] as number) | (1 << (member & 31));
  return bits;
}

describe('OrderPrefixes', () => {
  it('keeps exactly the numbers at a range of places, through moves, additions and removals', () => {
    fc.assert(
      // Sizes at a boundary too (256 places between prefixes), where one more or one fewer slot adds or drops a prefix.
      fc.property(fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.constantFrom(255, 256, 257, 512, 513, 768)), fc.array(change, { maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }), (size, changes, ranges) => {
        let numbers = size;
        let order = Int32Array.from(fc.sample(fc.shuffledSubarray([...Array(size).keys()], { minLength: size, maxLength: size }), { numRuns: 1, seed: size })[0] as number[]);
        let prefixes = OrderPrefixes.build(order, numbers);
        const check = () => {
          const live = bitsOf(order, numbers);
          for (const [a, b] of ranges) {
            const first = a % (order.length + 1);
            const end = first + (b % (order.length - first + 1));
            const bits = live.slice();
            prefixes.keepPlaces(bits, order, first, end, live);
            assert.deepEqual(bits, bitsOf(order.subarray(first, end), numbers), `places ${first}..${end} of ${order.length}`);
          }
        };
        check();
        for (const { kind, from, to } of changes) {
          if (kind === 'remove' && order.length === 1) continue;
          const list = Array.from(order);
          const removedAt = kind === 'add' ? undefined : Math.floor(from * list.length);
          const number = removedAt === undefined ? numbers++ : (list.splice(removedAt, 1)[0] as number);
          const insertedAt = kind === 'remove' ? undefined : Math.floor(to * list.length);
          if (insertedAt !== undefined) list.splice(insertedAt, 0, number);
          order = Int32Array.from(list);
          prefixes = prefixes.withChange(order, number, numbers, removedAt, insertedAt);
          check();
        }
      }),
      { numRuns: 150, seed: 38 },
    );
  });
});
