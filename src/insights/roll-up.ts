import type { BlockTotal, InsightKind, InsightStore } from '../store/insights.js';
import { blocksEndingOn } from './day-blocks.js';
import { estimateOf } from './hyperloglog.js';
import { MIN_VISITORS_OF_TYPED_KEY } from './reports.js';
import { dayOf } from './visitors.js';

/** Instances flush within 10 s (decisions §21): an hour after a day ends, nothing more is added to it. */
const FINAL_MARGIN_MS = 3_600_000;
const KINDS: readonly InsightKind[] = ['play', 'view', 'match', 'search', 'emoji-search'];

/** The last day nothing more is added to at `now`. */
export const lastFinalDay = (now: number) => dayOf(now - FINAL_MARGIN_MS) - 1;

/**
 * Rolls up the oldest final day not rolled up yet, if any, and resolves with it (decisions §21): its totals per
 * kind and key become its one-day block, with `visitors` the day's HyperLogLog estimate (visitor ids are made
 * under each day's own secret, so one person on two days is two unrelated ids: the days' estimates add up), and
 * the blocks ending on it are built from their halves. One day per call, so catching up never holds the store
 * long; the counter calls it on each of its ticks.
 */
export async function rollUpOneDay(store: InsightStore, now: number): Promise<number | undefined> {
  const last = lastFinalDay(now);
  const day = await nextDay(store, last);
  if (day === undefined) return undefined;
  const range = { fromDay: day, toDay: day };
  const [totals, sketches] = await Promise.all([
    store.totals({ ...range, kinds: KINDS, notFoundOnly: false, minVisitorsOnOneDay: 0, limit: Number.MAX_SAFE_INTEGER }),
    store.daySketches(KINDS, undefined, range),
  ]);
  const sketchOf = new Map(sketches.map((sketch) => [`${sketch.kind} ${sketch.key}`, sketch]));
  const rows = totals.map(({ kind, key, count, foundCount }): BlockTotal => {
    const sketch = sketchOf.get(`${kind} ${key}`);
    return {
      kind,
      key,
      count,
      missed: count - foundCount,
      visitors: sketch === undefined ? 0 : estimateOf(sketch.touched, sketch.inverseRanks),
      shown: (sketch?.touched ?? 0) >= MIN_VISITORS_OF_TYPED_KEY,
    };
  });
  await store.addRolledDay(day, rows, blocksEndingOn(day));
  return day;
}

/** The day to roll up next, if it is final; a store never rolled up starts at its first day counted. */
async function nextDay(store: InsightStore, last: number): Promise<number | undefined> {
  const { throughDay, keptFrom } = await store.rollUpState();
  if (throughDay !== undefined) {
    const next = Math.max(throughDay + 1, keptFrom ?? throughDay + 1);
    return next <= last ? next : undefined;
  }
  const first = await store.firstInsightDay();
  if (first !== undefined && first <= last) return first;
  // Nothing was counted on a final day: they are all rolled up, as days of nothing.
  await store.addRolledDay(last, [], []);
  return undefined;
}
