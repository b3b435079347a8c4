import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { blocksEndingOn, blocksOf } from '../../src/insights/day-blocks.js';
import { REPORT_KINDS, report, type ReportKind } from '../../src/insights/reports.js';
import { lastFinalDay, rollUpOneDay } from '../../src/insights/roll-up.js';
import type { HourCount, InsightKind, InsightStore, TotalsQuery, VisitorRegister } from '../../src/store/insights.js';
import { seededRandom } from '../../bench/load/seeded-random.js';
import { STORE_KINDS, storesOfEachTest } from '../support/stores.js';

const DAY_MS = 86_400_000;
/** 40 days of asks, the last on `LAST`; the first is not a multiple of any block size past 8. */
const LAST = 20_605;
const DAYS = 40;
const FIRST = LAST - DAYS + 1;
const KINDS: readonly InsightKind[] = ['play', 'view', 'match', 'search', 'emoji-search'];
/** Keys whose UTF-16 order differs from their code point order (U+FB01 after the surrogates of 🎲), and ties on purpose. */
const KEYS = ['a', 'b', 'é', 'ﬁ', '🎲', 'z', 'Zebra', 'unicorn castle', '7', '8'];

/** Random asks on every day: small counts so keys tie, some not found, 0 to 4 visitors a key a day. */
async function seed(store: InsightStore, random: () => number): Promise<void> {
  const counts: HourCount[] = [];
  const registers: VisitorRegister[] = [];
  for (let day = FIRST; day <= LAST; day++) {
    for (const kind of KINDS) {
      for (const key of KEYS) {
        if (random() < 0.5) continue;
        const found = kind === 'match' || kind === 'search' ? random() < 0.6 : true;
        counts.push({ hour: day * 24 + Math.floor(random() * 24), kind, key, found, count: 1 + Math.floor(random() * 3) });
        for (let visitor = Math.floor(random() * 5); visitor > 0; visitor--) {
          registers.push({ day, kind, key, register: Math.floor(random() * 16_384), rank: 1 + Math.floor(random() * 6) });
        }
      }
    }
  }
  await store.addCounts(counts);
  await store.addVisitors(registers);
}

/** Rolls up until nothing is left at `now`; resolves with the days rolled up. */
async function rollUpAll(store: InsightStore, now: number): Promise<number[]> {
  const days: number[] = [];
  for (let day = await rollUpOneDay(store, now); day !== undefined; day = await rollUpOneDay(store, now)) days.push(day);
  return days;
}

const RANGES = (() => {
  const random = seededRandom(21);
  const ranges = [
    { fromDay: LAST, toDay: LAST },
    { fromDay: FIRST, toDay: LAST },
    { fromDay: FIRST - 30, toDay: LAST + 3 },
    { fromDay: FIRST + 3, toDay: LAST - 5 },
  ];
  while (ranges.length < 16) {
    const fromDay = FIRST + Math.floor(random() * DAYS);
    ranges.push({ fromDay, toDay: fromDay + Math.floor(random() * (LAST - fromDay + 1)) });
  }
  return ranges;
})();

/** A call to the store: the method's name and its arguments. */
interface StoreCall {
  readonly name: string;
  readonly args: readonly unknown[];
}

/**
 * `store` with its calls recorded and counted in rounds: calls started together (before any of them ends) are one
 * round, as one round trip to a database; a call started after one ended begins the next.
 */
function roundsCounted(store: InsightStore): { store: InsightStore; rounds: () => number; calls: StoreCall[] } {
  let rounds = 0;
  let endedSinceLastStart = true;
  const calls: StoreCall[] = [];
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        calls.push({ name: String(name), args });
        if (endedSinceLastStart) rounds++;
        endedSinceLastStart = false;
        try {
          return await (value as (...parts: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          endedSinceLastStart = true;
        }
      };
    },
  });
  return { store: counted, rounds: () => rounds, calls };
}

async function everyReport(store: InsightStore): Promise<unknown[]> {
  const reports: unknown[] = [];
  for (const range of RANGES) for (const kind of Object.keys(REPORT_KINDS) as ReportKind[]) for (const limit of [1, 3, 50]) reports.push({ range, kind, limit, rows: await report(store, kind, range, limit) });
  return reports;
}

/** 70 days of plays, searches and matches on 12 keys to the day before `LAST`, the lower a key's number the more asked. */
const LONG_FIRST = LAST - 69;

async function seedLongRange(store: InsightStore, last: readonly HourCount[]): Promise<void> {
  const counts: HourCount[] = [...last];
  const registers: VisitorRegister[] = [];
  for (let day = LONG_FIRST; day < LAST; day++) {
    for (let number = 0; number < 12; number++) {
      for (const kind of ['play', 'search', 'match'] as const) {
        counts.push({ hour: day * 24 + number, kind, key: `key ${number}`, found: kind === 'play' || (day + number) % 3 > 0, count: 12 - number });
        for (let register = 0; register < 3; register++) registers.push({ day, kind, key: `key ${number}`, register, rank: 1 });
      }
    }
  }
  await store.addCounts(counts);
  await store.addVisitors(registers);
}

/** Every kind's report over the long range, at limits 1, 3 and 50. */
async function longRangeReports(store: InsightStore): Promise<unknown[]> {
  const reports: unknown[] = [];
  for (const kind of Object.keys(REPORT_KINDS) as ReportKind[]) for (const limit of [1, 3, 50]) reports.push({ kind, limit, rows: await report(store, kind, { fromDay: LONG_FIRST, toDay: LAST }, limit) });
  return reports;
}

/** Whether the plays report of the long range read the last day's first keys (its totals grouped, no keys asked). */
async function readsLastDayFirstKeys(store: InsightStore): Promise<{ rows: unknown; headRead: boolean; boundRead: boolean; rounds: number }> {
  const recorded = roundsCounted(store);
  const rows = await report(recorded.store, 'plays', { fromDay: LONG_FIRST, toDay: LAST }, 3);
  return {
    rows,
    headRead: recorded.calls.some(({ name, args }) => name === 'totals' && (args[0] as TotalsQuery).keys === undefined),
    boundRead: recorded.calls.some(({ name }) => name === 'totalBound'),
    rounds: recorded.rounds(),
  };
}

describe('day blocks', () => {
  test('a range is the fewest aligned blocks that tile it', () => {
    assert.deepEqual(blocksOf({ fromDay: 5, toDay: 18 }), [
      { start: 5, size: 1 },
      { start: 6, size: 2 },
      { start: 8, size: 8 },
      { start: 16, size: 2 },
      { start: 18, size: 1 },
    ]);
    assert.deepEqual(blocksOf({ fromDay: 0, toDay: 1023 }), [0, 256, 512, 768].map((start) => ({ start, size: 256 })));
    assert.deepEqual(blocksOf({ fromDay: 9, toDay: 8 }), []);
  });

  test('the blocks ending on a day are built when it is rolled up', () => {
    assert.deepEqual(blocksEndingOn(6), []);
    assert.deepEqual(blocksEndingOn(7), [
      { start: 6, size: 2 },
      { start: 4, size: 4 },
      { start: 0, size: 8 },
    ]);
    assert.deepEqual(blocksEndingOn(1023).at(-1), { start: 768, size: 256 });
  });

  test('a day is final an hour after it ends', () => {
    assert.equal(lastFinalDay((LAST + 1) * DAY_MS + 3_599_999), LAST - 1);
    assert.equal(lastFinalDay((LAST + 1) * DAY_MS + 3_600_000), LAST);
  });
});

for (const kind of STORE_KINDS) {
  describe(`${kind.name} insight blocks`, () => {
    const { open } = storesOfEachTest(kind, { beforeEach, afterEach });

    test('every report through the blocks is the report read raw; yesterday and today stay raw', async () => {
      const store = (await open()).insights;
      await seed(store, seededRandom(49));
      const raw = await everyReport(store);
      // Half an hour into the last day, the day before is not final yet: the last two seeded days are read raw.
      const now = LAST * DAY_MS + 1_800_000;
      assert.deepEqual(await rollUpAll(store, now), Array.from({ length: DAYS - 2 }, (_, index) => FIRST + index));
      assert.deepEqual(await store.rollUpState(), { throughDay: LAST - 2, keptFrom: undefined });
      assert.deepEqual(await everyReport(store), raw);
      assert.deepEqual(await rollUpAll(store, (LAST + 1) * DAY_MS + 3_600_000), [LAST - 1, LAST]);
      assert.deepEqual(await everyReport(store), raw);
    });

    test('a report through the blocks waits for as many round trips as a report of raw days alone', async () => {
      const store = (await open()).insights;
      await seed(store, seededRandom(5));
      await rollUpAll(store, LAST * DAY_MS + 3_600_000);
      const oneDay = roundsCounted(store);
      await report(oneDay.store, 'plays', { fromDay: LAST, toDay: LAST }, 5);
      const long = roundsCounted(store);
      await report(long.store, 'plays', { fromDay: FIRST, toDay: LAST }, 5);
      // The watermark; the raw days' first keys (beside the blocks' tops); the raw days' visitors (beside the blocks' totals).
      assert.deepEqual({ oneDay: oneDay.rounds(), long: long.rounds() }, { oneDay: 3, long: 3 });
    });

    test('over a long range the raw day stands for its bound when the blocks decide the top, and is read when they do not', async () => {
      const store = (await open()).insights;
      // A quiet last day: each of four keys asked once, in hours of their own.
      const quiet = ['play', 'search', 'match'].flatMap((kind) => [0, 1, 2, 3].map((number): HourCount => ({ hour: LAST * 24 + number, kind: kind as InsightKind, key: `key ${number}`, found: number % 2 === 0, count: 1 })));
      await seedLongRange(store, quiet);
      const raw = await longRangeReports(store);
      await rollUpAll(store, LAST * DAY_MS + 3_600_000);
      assert.deepEqual(await longRangeReports(store), raw);
      // 69 days in blocks: key 2 totals 690, the blocks' sixth keys 7 a day, 483, and the last day's bound 4.
      const decided = await readsLastDayFirstKeys(store);
      assert.deepEqual({ ...decided, rows: undefined }, { rows: undefined, headRead: false, boundRead: true, rounds: 3 });
      assert.deepEqual(
        (decided.rows as { key: string; count: number }[]).map(({ key, count }) => `${key}: ${count}`),
        ['key 0: 829', 'key 1: 760', 'key 2: 691'],
      );
    });

    test('a key asked only on the raw day, more than any over the long range, is read in its first keys', async () => {
      const store = (await open()).insights;
      const busy = ['play', 'search', 'match'].map((kind): HourCount => ({ hour: LAST * 24 + 5, kind: kind as InsightKind, key: 'new', found: kind === 'play', count: 2_000 }));
      await seedLongRange(store, busy);
      await store.addVisitors(['search', 'match'].flatMap((kind) => [0, 1, 2].map((register): VisitorRegister => ({ day: LAST, kind: kind as InsightKind, key: 'new', register, rank: 1 }))));
      const raw = await longRangeReports(store);
      await rollUpAll(store, LAST * DAY_MS + 3_600_000);
      assert.deepEqual(await longRangeReports(store), raw);
      const read = await readsLastDayFirstKeys(store);
      assert.deepEqual({ headRead: read.headRead, boundRead: read.boundRead }, { headRead: true, boundRead: true });
      assert.deepEqual((read.rows as { key: string }[]).map(({ key }) => key), ['new', 'key 0', 'key 1']);
    });

    test('the roll-up catches up one day a call, from the first day counted, and again changes nothing', async () => {
      const store = (await open()).insights;
      await seed(store, seededRandom(7));
      const now = (LAST + 1) * DAY_MS + 3_600_000;
      assert.equal(await rollUpOneDay(store, now), FIRST);
      assert.equal(await rollUpOneDay(store, now), FIRST + 1);
      assert.deepEqual(await store.rollUpState(), { throughDay: FIRST + 1, keptFrom: undefined });
      const raw = await report(store, 'plays', { fromDay: FIRST, toDay: LAST }, 5);
      assert.equal((await rollUpAll(store, now)).length, DAYS - 2);
      assert.equal(await rollUpOneDay(store, now), undefined);
      assert.deepEqual(await report(store, 'plays', { fromDay: FIRST, toDay: LAST }, 5), raw);
    });

    test('an empty store marks the final days rolled up, and rolls up the days counted later', async () => {
      const store = (await open()).insights;
      assert.equal(await rollUpOneDay(store, (FIRST - 1) * DAY_MS + 7_200_000), undefined);
      assert.deepEqual(await store.rollUpState(), { throughDay: FIRST - 2, keptFrom: undefined });
      await seed(store, seededRandom(3));
      const raw = await everyReport(store);
      assert.equal((await rollUpAll(store, (LAST + 1) * DAY_MS + 3_600_000)).length, DAYS + 1);
      assert.deepEqual(await everyReport(store), raw);
    });

    test('retention deletes the blocks that start before the first day kept, and the reports still add up', async () => {
      const store = (await open()).insights;
      await seed(store, seededRandom(11));
      await rollUpAll(store, (LAST + 1) * DAY_MS + 3_600_000);
      const keptFrom = FIRST + 13;
      await store.pruneInsights(keptFrom * 24, keptFrom);
      assert.deepEqual(await store.rollUpState(), { throughDay: LAST, keptFrom });
      const [before, straddling, kept] = await store.blockTops(['play'], [{ start: keptFrom - 1, size: 1 }, { start: 20_576, size: 4 }, { start: 20_584, size: 8 }], false, 5);
      assert.deepEqual([before, straddling], [[], []]);
      assert.equal(kept?.length, 5);
      const rolled = await everyReport(store);
      // The same days read raw: a database of its own with what retention kept, never rolled up.
      const other = await kind.create();
      const fresh = other.connect();
      try {
        await fresh.migrate();
        await seed(fresh.insights, seededRandom(11));
        await fresh.insights.pruneInsights(keptFrom * 24, keptFrom);
        assert.deepEqual(rolled, await everyReport(fresh.insights));
      } finally {
        await fresh.close();
        await other.destroy();
      }
    });
  });
}
