import type { DayRange, InsightKind, InsightStore } from '../store/insights.js';
import { estimate } from './hyperloglog.js';

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

const minVisitors = (kinds: readonly InsightKind[]) => (kinds.some((kind) => TYPED.has(kind)) ? MIN_VISITORS_OF_TYPED_KEY : 0);

/** The most counted keys of a kind over a range, ties by key. */
export async function report(store: InsightStore, kind: ReportKind, range: DayRange, limit: number): Promise<ReportRow[]> {
  const kinds = REPORT_KINDS[kind];
  const totals = await store.totals({ ...range, kinds, notFoundOnly: kind === 'gaps', minVisitorsOnOneDay: minVisitors(kinds), limit });
  const sketches = await store.registers(kinds, [...new Set(totals.map(({ key }) => key))], range);
  const ranksOf = new Map(sketches.map(({ kind: counted, key, ranks }) => [`${counted} ${key}`, ranks]));
  return totals.map(({ kind: counted, key, count, foundCount }) => ({
    key,
    count,
    visitors: estimate(ranksOf.get(`${counted} ${key}`) ?? []),
    ...(FINDING.has(counted) && kind !== 'gaps' ? { found: foundCount > 0 } : {}),
    ...(kind === 'gaps' && (counted === 'match' || counted === 'search') ? { kind: counted } : {}),
  }));
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
