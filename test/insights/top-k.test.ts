import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keysReadSuffice, topK, type Candidate, type ListHead, type Scored } from '../../src/insights/top-k.js';

/** A source over lists held in memory, the highest score first; records the depths read. */
function source(lists: readonly (readonly Scored[])[], eligible: (key: string) => boolean = () => true) {
  const depths: number[] = [];
  return {
    depths,
    everyKeyEligible: lists.every((list) => list.every(({ key }) => eligible(key))),
    async lists(depth: number): Promise<ListHead[]> {
      depths.push(depth);
      return lists.map((list) => ({ entries: list.slice(0, depth), whole: list.length < depth }));
    },
    async exact(candidates: readonly Scored[]): Promise<Candidate[]> {
      return candidates.map(({ kind, key }) => ({
        kind,
        key,
        score: lists.flat().filter((entry) => entry.kind === kind && entry.key === key).reduce((sum, entry) => sum + entry.score, 0),
        eligible: eligible(key),
      }));
    },
  };
}

const entry = (key: string, score: number): Scored => ({ kind: 'play', key, score });

describe('top k over a sum of lists', () => {
  test('a key read in no list yet can win: the lists are read deeper until the k-th is above what any other can total', async () => {
    // 'spread' is second in both lists and never first: the sum makes it the best.
    const lists = [
      [entry('a', 10), entry('spread', 9), entry('c', 1), entry('d', 1), entry('e', 1)],
      [entry('b', 10), entry('spread', 9), entry('f', 1), entry('g', 1), entry('h', 1)],
    ];
    const from = source(lists);
    assert.deepEqual((await topK(from, 1)).map(({ key, score }) => `${key} ${score}`), ['spread 18']);
  });

  test('ties go to the key first in code point order, even one past the depth read first', async () => {
    const lists = [
      [entry('z', 5), entry('y', 5), entry('x', 5), entry('🎲', 5), entry('ﬁ', 5)],
      [entry('z', 1), entry('y', 1), entry('x', 1), entry('🎲', 1), entry('ﬁ', 1)],
    ];
    assert.deepEqual((await topK(source(lists), 2)).map(({ key }) => key), ['x', 'y']);
    // U+FB01 sorts before U+1F3B2 by code point, after it by UTF-16 unit.
    const emoji = [[entry('🎲', 5), entry('ﬁ', 5)]];
    assert.deepEqual((await topK(source(emoji), 1)).map(({ key }) => key), ['ﬁ']);
  });

  test('a list not read yet stands for its bound: the keys read suffice only when the k-th is above it and the others\' last', () => {
    const read: ListHead = { entries: [entry('a', 30), entry('b', 20), entry('c', 10)], whole: false };
    assert.deepEqual([1, 2, 3].map((k) => keysReadSuffice([read, { entries: [], whole: false, bound: 9 }], k)), [true, true, false]);
    assert.equal(keysReadSuffice([read, { entries: [], whole: false, bound: 10 }], 2), false);
    assert.equal(keysReadSuffice([{ ...read, whole: true }, { entries: [], whole: true, bound: 0 }], 3), true);
  });

  test('a key of a list first known by its bound wins once the bound leaves the top open and the list is read', async () => {
    const lists = [[entry('a', 30), entry('b', 20), entry('c', 10), entry('x', 1)], [entry('x', 50), entry('a', 1)]];
    const from = source(lists);
    const bounded = {
      ...from,
      async lists(depth: number): Promise<ListHead[]> {
        const heads = await from.lists(depth);
        return from.depths.length === 1 ? [...heads.slice(0, 1), { entries: [], whole: false, bound: 50 }] : heads;
      },
    };
    assert.deepEqual((await topK(bounded, 1)).map(({ key, score }) => `${key} ${score}`), ['x 51']);
    assert.deepEqual(from.depths, [2, 4]);
  });

  test('keys that may not be shown are passed over, and the lists read deeper for the ones that may', async () => {
    const lists = [[entry('secret', 50), entry('name', 40), entry('a', 3), entry('b', 2), entry('c', 1)]];
    const from = source(lists, (key) => key !== 'secret' && key !== 'name');
    assert.deepEqual((await topK(from, 2)).map(({ key }) => key), ['a', 'b']);
    assert.ok(from.depths.length > 1);
  });
});
