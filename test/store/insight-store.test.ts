import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { HourCount, VisitorRegister } from '../../src/store/insights.js';
import { STORE_KINDS, storesOfEachTest } from '../support/stores.js';

const DAY = 20_600;
const HOUR = DAY * 24;
const count = (kind: HourCount['kind'], key: string, n: number, found = true, hour = HOUR + 3): HourCount => ({ hour, kind, key, found, count: n });
const visitors = (kind: VisitorRegister['kind'], key: string, n: number, day = DAY): VisitorRegister[] =>
  Array.from({ length: n }, (_, register) => ({ day, kind, key, register, rank: 1 }));
const RANGE = { fromDay: DAY - 6, toDay: DAY };
const TOTALS = { ...RANGE, kinds: ['search'] as const, notFoundOnly: false, minVisitorsOnOneDay: 0, limit: 50 };

for (const kind of STORE_KINDS) {
  describe(`${kind.name} insight store`, () => {
    const { open } = storesOfEachTest(kind, { beforeEach, afterEach });

    test('two connections add to the same hours, never overwrite; most counted first, ties by key in code point order', async () => {
      const [a, b] = [await open(), await open()];
      await Promise.all([
        a.insights.addCounts([count('search', 'zebra', 2), count('search', 'apple', 1), count('search', 'émoji', 3)]),
        b.insights.addCounts([count('search', 'apple', 1), count('search', 'Zebra', 2), count('search', 'émoji', 0, false)]),
      ]);
      await a.insights.addCounts([count('search', 'apple', 1, false)]);
      assert.deepEqual(await b.insights.totals(TOTALS), [
        { kind: 'search', key: 'apple', count: 3, foundCount: 2 },
        { kind: 'search', key: 'émoji', count: 3, foundCount: 3 },
        { kind: 'search', key: 'Zebra', count: 2, foundCount: 2 },
        { kind: 'search', key: 'zebra', count: 2, foundCount: 2 },
      ]);
      assert.deepEqual(await b.insights.totals({ ...TOTALS, notFoundOnly: true }), [
        { kind: 'search', key: 'apple', count: 1, foundCount: 0 },
        { kind: 'search', key: 'émoji', count: 0, foundCount: 0 },
      ]);
      assert.deepEqual(await b.insights.totals({ ...TOTALS, limit: 1 }), [{ kind: 'search', key: 'apple', count: 3, foundCount: 2 }]);
    });

    test('a key asked by fewer than 3 visitors on every day is left out, even when more asked over the range', async () => {
      const store = await open();
      await store.insights.addCounts([count('search', 'three', 3), count('search', 'spread', 4), count('match', 'gap', 3, false)]);
      await store.insights.addVisitors([...visitors('search', 'three', 3), ...visitors('search', 'spread', 2), ...visitors('search', 'spread', 2, DAY - 1), ...visitors('match', 'gap', 3)]);
      await store.insights.addVisitors(visitors('search', 'three', 3).map((register) => ({ ...register, rank: 5 })));
      const rule = { ...TOTALS, minVisitorsOnOneDay: 3 };
      assert.deepEqual((await store.insights.totals(rule)).map(({ key }) => key), ['three']);
      assert.deepEqual((await store.insights.totals({ ...rule, kinds: ['match', 'search'], notFoundOnly: true })).map(({ kind, key }) => `${kind} ${key}`), ['match gap']);
      // Each day's registers summed up: a register raised again keeps its highest rank, and days stay apart.
      const sketches = await store.insights.daySketches(['search'], ['three', 'spread'], RANGE);
      assert.deepEqual(
        [...sketches].sort((a, b) => a.key.localeCompare(b.key) || a.day - b.day),
        [
          { kind: 'search', key: 'spread', day: DAY - 1, touched: 2, inverseRanks: 1 },
          { kind: 'search', key: 'spread', day: DAY, touched: 2, inverseRanks: 1 },
          { kind: 'search', key: 'three', day: DAY, touched: 3, inverseRanks: 3 / 32 },
        ],
      );
    });

    test('pruning folds old hours into days without changing a total, and drops days past the retention', async () => {
      const store = await open();
      await store.insights.addCounts([count('play', '7', 2, true, HOUR - 24 + 1), count('play', '7', 3, true, HOUR - 24 + 5), count('play', '7', 4, true, HOUR + 1)]);
      await store.insights.addCounts([count('play', '7', 1, true, HOUR - 10 * 24)]);
      const plays = { ...TOTALS, kinds: ['play'] as const, fromDay: DAY - 20 };
      assert.deepEqual(await store.insights.totals(plays), [{ kind: 'play', key: '7', count: 10, foundCount: 10 }]);
      await store.insights.pruneInsights(HOUR, DAY - 5);
      assert.deepEqual(await store.insights.totals(plays), [{ kind: 'play', key: '7', count: 9, foundCount: 9 }]);
      assert.deepEqual(await store.insights.daily('play', '7', { fromDay: DAY - 20, toDay: DAY }), [
        { day: DAY - 1, count: 5, foundCount: 5 },
        { day: DAY, count: 4, foundCount: 4 },
      ]);
      await store.insights.addCounts([count('play', '7', 1, true, HOUR - 24)]);
      await store.insights.pruneInsights(HOUR, DAY - 5);
      assert.deepEqual(await store.insights.daily('play', '7', { fromDay: DAY - 1, toDay: DAY - 1 }), [{ day: DAY - 1, count: 6, foundCount: 6 }]);
    });

    test('no key totals more than the bound: each hour kept and day folded adds its highest row times its outcomes', async () => {
      const store = await open();
      await store.insights.addCounts([
        count('search', 'a', 4, true, HOUR + 1),
        count('search', 'a', 2, false, HOUR + 1),
        count('search', 'b', 5, true, HOUR + 1),
        count('search', 'b', 3, true, HOUR + 2),
        count('search', 'c', 7, false, HOUR - 3 * 24),
        count('match', 'a', 9, true, HOUR + 1),
      ]);
      await store.insights.pruneInsights(HOUR, RANGE.fromDay);
      const asks = { ...RANGE, kinds: ['search'] as const, notFoundOnly: false };
      // Hour 1: b's 5 times found and not found; hour 2: 3; the day folded three days ago: 7. The totals: a 6, b 8, c 7.
      assert.equal(await store.insights.totalBound(asks), 10 + 3 + 7);
      assert.equal(await store.insights.totalBound({ ...asks, notFoundOnly: true }), 2 + 7);
      assert.equal(await store.insights.totalBound({ ...asks, kinds: ['search', 'match'] }), 10 + 3 + 7 + 9);
      assert.equal(await store.insights.totalBound({ ...asks, fromDay: DAY, toDay: DAY }), 10 + 3);
      assert.equal(await store.insights.totalBound({ ...asks, fromDay: DAY + 1, toDay: DAY + 3 }), 0);
    });

    test('each kind’s daily totals add every key, the hours kept and the days folded, within the range only', async () => {
      const store = await open();
      await store.insights.addCounts([
        count('play', '7', 2, true, HOUR - 24 * 30),
        count('play', '7', 3, true, HOUR - 24 + 1),
        count('play', '8', 4, true, HOUR - 24 + 23),
        count('view', '7', 5, true, HOUR - 24 + 2),
        count('play', '7', 1, true, HOUR + 1),
        count('search', 'x', 9, false, HOUR + 1),
        count('play', '7', 6, true, HOUR + 24),
      ]);
      await store.insights.pruneInsights(HOUR - 24 * 20, DAY - 100);
      assert.deepEqual(await store.insights.dayTotals(['play', 'view'], { fromDay: DAY - 30, toDay: DAY }), [
        { kind: 'play', day: DAY - 30, count: 2 },
        { kind: 'play', day: DAY - 1, count: 7 },
        { kind: 'view', day: DAY - 1, count: 5 },
        { kind: 'play', day: DAY, count: 1 },
      ]);
      assert.deepEqual(await store.insights.dayTotals(['view'], { fromDay: DAY, toDay: DAY + 1 }), []);
    });

    test('each key’s plays per day, from the hours kept and the days folded, only of the kind and range asked', async () => {
      const store = await open();
      await store.insights.addCounts([
        count('play', '7', 2, true, HOUR - 24 + 1),
        count('play', '7', 3, true, HOUR - 24 + 5),
        count('play', '7', 4, true, HOUR + 1),
        count('play', '12', 1, true, HOUR - 3 * 24),
        count('play', '12', 6, true, HOUR - 20 * 24),
        count('view', '7', 9, true, HOUR + 1),
        count('search', '7', 5, false, HOUR + 1),
      ]);
      await store.insights.pruneInsights(HOUR - 24 + 3, DAY - 400);
      await store.insights.addCounts([count('play', '7', 1, true, HOUR - 24 + 2), count('play', '12', 2, true, HOUR + 2)]);
      const rows = await store.insights.keyDays('play', { fromDay: DAY - 13, toDay: DAY });
      assert.deepEqual(
        rows.toSorted((a, b) => a.key.localeCompare(b.key) || a.day - b.day),
        [
          { key: '12', day: DAY - 3, count: 1 },
          { key: '12', day: DAY, count: 2 },
          { key: '7', day: DAY - 1, count: 6 },
          { key: '7', day: DAY, count: 4 },
        ],
      );
    });

    test('the day’s secret is the first one stored, the same for every connection, and gone two days on', async () => {
      const [a, b] = [await open(), await open()];
      const first = await a.insights.daySecret(DAY, Buffer.alloc(32, 1));
      assert.deepEqual(first, Buffer.alloc(32, 1));
      assert.deepEqual(await b.insights.daySecret(DAY, Buffer.alloc(32, 2)), first);
      await b.insights.daySecret(DAY + 1, Buffer.alloc(32, 3));
      assert.deepEqual(await a.insights.daySecret(DAY, Buffer.alloc(32, 4)), first);
      await b.insights.daySecret(DAY + 2, Buffer.alloc(32, 5));
      assert.deepEqual(await a.insights.daySecret(DAY, Buffer.alloc(32, 6)), Buffer.alloc(32, 6));
    });
  });
}
