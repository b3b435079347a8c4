import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { meritKey, meritOrder, rankAmong, withRankInserted, withRankMoved, withRankRemoved } from '../../src/catalogue/emojis/ranking.js';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import { sortInSteps } from '../../src/catalogue/snapshot/sort-in-steps.js';
import { runAtOnce } from '../../src/catalogue/snapshot/steps.js';
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

describe('rank edits', () => {
  const record = (id: number, rating: number) => slotRecord(id, { name: `S ${id}`, rating, rtp: 96 });
  const slots: SlotRecord[] = [record(1, 3), record(2, 5), record(3, 4), record(4, 5)];
  const ranked = Int32Array.from([1, 3, 2, 0]);

  it('finds the rank a record has or would take', () => {
    assert.equal(rankAmong(ranked, slots, slots[2] as SlotRecord), 2);
    assert.equal(rankAmong(ranked, slots, record(5, 4.5)), 2);
    assert.equal(rankAmong(ranked, slots, record(5, 5)), 2);
    assert.equal(rankAmong(ranked, slots, record(0, 5)), 0);
    assert.equal(rankAmong(ranked, slots, record(5, 0)), 4);
  });

  it('moves, removes and inserts, renumbering the positions after a removed or inserted one', () => {
    assert.deepEqual([...withRankMoved(ranked, 3, 0)], [0, 1, 3, 2]);
    assert.deepEqual([...withRankMoved(ranked, 0, 2)], [3, 2, 1, 0]);
    assert.deepEqual([...withRankRemoved(ranked, 1)], [1, 2, 0]);
    assert.deepEqual([...withRankInserted(ranked, 1, 2)], [1, 2, 4, 3, 0]);
    assert.deepEqual([...ranked], [1, 3, 2, 0]);
  });
});
