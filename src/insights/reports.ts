import type { DayRange, InsightKind, InsightStore, KeyTotal } from '../store/insights.js';
import { blocksOf } from './day-blocks.js';
import { estimateOf } from './hyperloglog.js';
import { keysReadSuffice, topK, type Candidate, type ListHead, type TopKSource } from './top-k.js';

/** The reports' kinds (decisions §21) and the counted kinds each reads; `gaps` are matches and searches that found nothing. */
export const REPORT_KINDS = {
  plays: ['play'],
  views: ['view'],
  matches: ['match'],
  searches: ['search'],
  'emoji-searches': ['emoji-search'],
  gaps: ['match', 'search'],
} as const satisfies Record<string, readonly InsightKind[]>;
export type ReportKind = keyof typeof REPORT_KINDS;

/** The kinds whose keys are typed by visitors: shown only once 3 distinct visitors asked one on one day. */
const TYPED: ReadonlySet<InsightKind> = new Set(['match', 'search', 'emoji-search']);
export const MIN_VISITORS_OF_TYPED_KEY = 3;
/** The kinds that record whether anything was found. */
const FINDING: ReadonlySet<InsightKind> = new Set(['match', 'search']);

export interface ReportRow {
  readonly key: string;
  readonly count: number;
  /** Distinct visitors over the range, estimated. */
  readonly visitors: number;
  /** Matches and searches: whether any ask in the range found something. */
  readonly found?: boolean;
  /** Gaps: whether the key was a match or a search. */
  readonly kind?: 'match' | 'search';
}

/**
 * A report of at least this many rolled-up days a raw day first reads the raw days' bound, not their first keys
 * (see `report`). Over fewer, the raw days weigh enough in the top that their bound (about twice their top key's
 * total) rarely leaves it decided, and trying costs about a fifth of their grouping (plays at a fifth of issue 49's
 * size: the bound decided 90 and 400 days, not 7 or 30).
 */
const ROLLED_DAYS_A_RAW_DAY_FOR_BOUND = 32;

const minVisitors = (kinds: readonly InsightKind[]) => (kinds.some((kind) => TYPED.has(kind)) ? MIN_VISITORS_OF_TYPED_KEY : 0);
const nameOf = ({ kind, key }: { readonly kind: string; readonly key: string }) => `${kind} ${key}`;

/** A key's totals over the range: `count` only the asks that found nothing for the gaps. */
interface Counted {
  readonly kind: InsightKind;
  readonly key: string;
  readonly count: number;
  readonly foundCount: number;
  readonly visitors: number;
}

type Ranked = Counted & Candidate;

function rowOf(kind: ReportKind, { kind: counted, key, count, foundCount, visitors }: Counted): ReportRow {
  return {
    key,
    count,
    visitors,
    ...(FINDING.has(counted) && kind !== 'gaps' ? { found: foundCount > 0 } : {}),
    ...(kind === 'gaps' && (counted === 'match' || counted === 'search') ? { kind: counted } : {}),
  };
}

/**
 * The keys' visitors over days read raw, and whether enough asked on one of them: visitor ids are made under
 * each day's own secret (decisions §21), so over a range `visitors` is the sum of the days' estimates, a
 * person counted once per day they asked.
 */
async function rawVisitors(store: InsightStore, kinds: readonly InsightKind[], keys: readonly string[], range: DayRange) {
  const byKey = new Map<string, { visitors: number; shown: boolean }>();
  if (keys.length === 0) return byKey;
  for (const sketch of await store.daySketches(kinds, keys, range)) {
    const name = nameOf(sketch);
    const known = byKey.get(name) ?? { visitors: 0, shown: false };
    byKey.set(name, { visitors: known.visitors + estimateOf(sketch.touched, sketch.inverseRanks), shown: known.shown || sketch.touched >= MIN_VISITORS_OF_TYPED_KEY });
  }
  return byKey;
}

/**
 * The most counted keys of a kind over a range, ties by key. The days rolled up are read as the fewest aligned
 * blocks, the days after them (today, yesterday) raw, and the top keys of the blocks and the raw days together
 * are found by `topK`: the cost follows the number of blocks, not of days.
 */
export async function report(store: InsightStore, kind: ReportKind, range: DayRange, limit: number): Promise<ReportRow[]> {
  const kinds = REPORT_KINDS[kind];
  const gaps = kind === 'gaps';
  const { throughDay, keptFrom } = await store.rollUpState();
  const rolled = throughDay === undefined ? [] : blocksOf({ fromDay: Math.max(range.fromDay, keptFrom ?? range.fromDay), toDay: Math.min(range.toDay, throughDay) });
  if (rolled.length === 0) {
    const totals = await store.totals({ ...range, kinds, notFoundOnly: gaps, minVisitorsOnOneDay: minVisitors(kinds), limit });
    const visitors = await rawVisitors(store, kinds, [...new Set(totals.map(({ key }) => key))], range);
    return totals.map((total) => rowOf(kind, { ...total, visitors: visitors.get(nameOf(total))?.visitors ?? 0 }));
  }
  const raw = { fromDay: Math.max(range.fromDay, (throughDay ?? range.fromDay) + 1), toDay: range.toDay };
  const hasRaw = raw.fromDay <= raw.toDay;
  /** The raw days' totals read so far, by kind and key. */
  const rawOf = new Map<string, KeyTotal>();
  const rawQuery = { ...raw, kinds, notFoundOnly: gaps, minVisitorsOnOneDay: 0 };
  let rawWhole = true;
  const typed = minVisitors(kinds) > 0;
  const visitorsOf = new Map<string, number>();
  /** The raw days' first keys, as one of the lists. */
  const rawHead = async (depth: number): Promise<ListHead> => {
    const head = await store.totals({ ...rawQuery, limit: depth });
    for (const total of head) rawOf.set(nameOf(total), total);
    rawWhole = head.length < depth;
    return { entries: head.map(({ kind: counted, key, count }) => ({ kind: counted, key, score: count })), whole: rawWhole };
  };
  const blockHeads = async (depth: number) => (await store.blockTops(kinds, rolled, gaps, depth)).map((entries): ListHead => ({ entries, whole: entries.length < depth }));
  const rolledDays = rolled.reduce((days, { size }) => days + size, 0);
  let boundFirst = hasRaw && rolledDays >= ROLLED_DAYS_A_RAW_DAY_FOR_BOUND * (raw.toDay - raw.fromDay + 1);
  const source: TopKSource<Ranked> = {
    everyKeyEligible: !typed,
    async lists(depth) {
      if (!hasRaw) return blockHeads(depth);
      if (!boundFirst) {
        // The blocks' first keys and the raw days' (today, yesterday) together: one round trip.
        const [heads, head] = await Promise.all([blockHeads(depth), rawHead(depth)]);
        return [...heads, head];
      }
      boundFirst = false;
      // The raw days' first keys need every key of them grouped, as much work as the report of those days alone.
      // So over a long range they first stand for a bound on any key's total, read beside the blocks' first keys:
      // the blocks' keys decide the top, and the raw totals of the candidates alone are read with their totals.
      const [heads, bound] = await Promise.all([blockHeads(depth), store.totalBound(rawQuery)]);
      const bounded: ListHead = { entries: [], whole: bound === 0, bound };
      if (bound > 0 && !keysReadSuffice([...heads, bounded], limit)) return [...heads, await rawHead(depth)];
      rawWhole = bound === 0;
      return [...heads, bounded];
    },
    async exact(candidates) {
      const keys = [...new Set(candidates.map(({ key }) => key))];
      // The raw days' totals of the candidates their first keys left out (none if read whole, all if they stood for their
      // bound), and their visitors, beside the blocks' totals, not after the top is known: one round trip.
      const unread = rawWhole ? [] : [...new Set(candidates.filter((candidate) => !rawOf.has(nameOf(candidate))).map(({ key }) => key))];
      const [blocks, rawVisitorsOf, rawRest] = await Promise.all([
        store.blockTotals(kinds, rolled, keys),
        hasRaw ? rawVisitors(store, kinds, keys, raw) : new Map<string, { visitors: number; shown: boolean }>(),
        unread.length > 0 ? store.totals({ ...rawQuery, keys: unread, limit: unread.length * kinds.length }) : [],
      ]);
      for (const total of rawRest) rawOf.set(nameOf(total), total);
      const blockOf = new Map(blocks.map((block) => [nameOf(block), block]));
      return candidates.flatMap((candidate): Ranked[] => {
        const name = nameOf(candidate);
        const [block, rawTotal] = [blockOf.get(name), rawOf.get(name)];
        const found = block ?? rawTotal;
        if (found === undefined) return [];
        // The gaps' raw totals are of the asks that found nothing already.
        const score = (gaps ? (block?.missed ?? 0) : (block?.count ?? 0)) + (rawTotal?.count ?? 0);
        const foundCount = gaps ? 0 : (block === undefined ? 0 : block.count - block.missed) + (rawTotal?.foundCount ?? 0);
        const shown = (block?.shown ?? false) || (rawVisitorsOf.get(name)?.shown ?? false);
        visitorsOf.set(name, (block?.visitors ?? 0) + (rawVisitorsOf.get(name)?.visitors ?? 0));
        return [{ kind: found.kind, key: found.key, score, eligible: (!typed || shown) && score > 0, count: score, foundCount, visitors: 0 }];
      });
    },
  };
  const best = await topK(source, limit);
  return best.map((ranked) => rowOf(kind, { ...ranked, visitors: visitorsOf.get(nameOf(ranked)) ?? 0 }));
}

export interface DailyRow {
  readonly day: number;
  readonly count: number;
}

/** A key's count on each day of the range, days without one at 0; a typed key too few visitors asked shows nothing. */
export async function dailyReport(store: InsightStore, kind: Exclude<ReportKind, 'gaps'>, key: string, range: DayRange): Promise<DailyRow[]> {
  const [counted] = REPORT_KINDS[kind];
  const shown = minVisitors([counted]) === 0 || (await store.totals({ ...range, kinds: [counted], key, notFoundOnly: false, minVisitorsOnOneDay: MIN_VISITORS_OF_TYPED_KEY, limit: 1 })).length > 0;
  const counts = new Map(shown ? (await store.daily(counted, key, range)).map(({ day, count }) => [day, count]) : []);
  return Array.from({ length: range.toDay - range.fromDay + 1 }, (_, index) => ({ day: range.fromDay + index, count: counts.get(range.fromDay + index) ?? 0 }));
}
