import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { meritKey, meritOrder } from '../../src/catalogue/ranking.js';
import { sortInSteps } from '../../src/catalogue/sort-in-steps.js';
import { runAtOnce } from '../../src/catalogue/steps.js';
import { slotRecord } from '../support/fixtures.js';

const FAST_CHECK = { seed: 20261121, numRuns: 30 } as const;

/** Merit keys of many slots with few distinct ratings and RTPs, past the length sorted in one run. */
const manyKeys = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.constantFrom(9000, 9600, 9650, 10000)), { minLength: 0, maxLength: 40_000, size: 'max' })
  .map((facts) => Float64Array.from(facts, ([rating, rtp], position) => meritKey(slotRecord(position + 1, { name: 'S', rating: rating / 10, rtp: rtp / 100 }), position)));

describe('meritOrder', () => {
  it('gives the positions of the keys in ascending key order, as one native sort would', () => {
    fc.assert(
      fc.property(manyKeys, (keys) => {
        const expected = Int32Array.from(keys.slice().sort(), (key) => key % 2 ** 32);
        assert.deepEqual(runAtOnce(meritOrder(keys.slice())), expected);
      }),
      FAST_CHECK,
    );
  });
});

describe('sortInSteps', () => {
  it('sorts like Array.prototype.sort, keeping equal items in their order, and leaves its input alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 20_000, size: 'max' }), (values) => {
        const items = values.map((value, index) => ({ value, index }));
        const byValue = (a: { value: number }, b: { value: number }) => a.value - b.value;
        const copy = [...items];
        assert.deepEqual(runAtOnce(sortInSteps(items, byValue)), [...items].sort(byValue));
        assert.deepEqual(items, copy);
      }),
      FAST_CHECK,
    );
  });
});
