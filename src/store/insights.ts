/**
 * The store's contract for insights (decisions §21): counts per hour, kind and key, summed across
 * instances; the registers of each key's daily distinct-visitor estimate; the secret of each day that
 * visitor ids are made with. No visitor id, address or User-Agent ever reaches these tables.
 */

/** What is counted: a redirect to a slot, a slot page, a match, a search, an emoji search. */
export type InsightKind = 'play' | 'view' | 'match' | 'search' | 'emoji-search';

/** Increments of one hour (hours since the Unix epoch, UTC) for one kind, key and outcome. */
export interface HourCount {
  readonly hour: number;
  readonly kind: InsightKind;
  readonly key: string;
  /** Whether the ask found anything; true for kinds that do not record it. */
  readonly found: boolean;
  readonly count: number;
}

/** One register of a key's HyperLogLog for one day (days since the Unix epoch, UTC): the highest rank seen. */
export interface VisitorRegister {
  readonly day: number;
  readonly kind: InsightKind;
  readonly key: string;
  readonly register: number;
  readonly rank: number;
}

/** A range of whole UTC days, both ends included. */
export interface DayRange {
  readonly fromDay: number;
  readonly toDay: number;
}

/** The asks of some kinds over a range. */
export interface AsksQuery extends DayRange {
  readonly kinds: readonly InsightKind[];
  /** Only the asks that found nothing (the gaps). */
  readonly notFoundOnly: boolean;
}

export interface TotalsQuery extends AsksQuery {
  /** Only this key. */
  readonly key?: string;
  /** Only these keys. */
  readonly keys?: readonly string[];
  /** Keys asked by fewer distinct visitors than this on every day of the range are left out (0: none). */
  readonly minVisitorsOnOneDay: number;
  readonly limit: number;
}

/** A key's total over a range, most counted first. */
export interface KeyTotal {
  readonly kind: InsightKind;
  readonly key: string;
  readonly count: number;
  /** How many of `count` found something. */
  readonly foundCount: number;
}

export interface DayCount {
  readonly day: number;
  readonly count: number;
  readonly foundCount: number;
}

/** One kind's total of one day, every key together. */
export interface KindDayCount {
  readonly kind: InsightKind;
  readonly day: number;
  readonly count: number;
}

/** One key's count on one day. */
export interface KeyDayCount {
  readonly key: string;
  readonly day: number;
  readonly count: number;
}

/** An aligned span of rolled-up days: `size` days (a power of two) from `start`, a multiple of `size`. */
export interface DayBlock {
  readonly start: number;
  readonly size: number;
}

/** A key's totals over one block: the sums of its days' counts, not-found counts and visitor estimates. */
export interface BlockTotal {
  readonly kind: InsightKind;
  readonly key: string;
  readonly count: number;
  readonly missed: number;
  readonly visitors: number;
  /** Whether enough distinct visitors asked the key on one of the days (the typed kinds' rule). */
  readonly shown: boolean;
}

/** A key's place in one block: its count, or its not-found count for the gaps. */
export interface KeyScore {
  readonly kind: InsightKind;
  readonly key: string;
  readonly score: number;
}

/** A key's registers of one day, summed up enough to estimate its visitors: how many were touched, and the sum of 2^-rank over them. */
export interface DaySketch {
  readonly kind: InsightKind;
  readonly key: string;
  readonly day: number;
  readonly touched: number;
  readonly inverseRanks: number;
}

/** How far the roll-up has got: the last day rolled up, and the first day retention keeps. */
export interface RollUpState {
  readonly throughDay: number | undefined;
  readonly keptFrom: number | undefined;
}

export interface InsightStore {
  /** Adds the increments to the hours' counts, in one statement: instances add, never overwrite. */
  addCounts(counts: readonly HourCount[]): Promise<void>;
  /** Raises each register to its rank where it is lower, in one statement. */
  addVisitors(registers: readonly VisitorRegister[]): Promise<void>;
  /** The secret of `day`: the one stored, or `candidate` once stored; secrets of days before `day - 1` are deleted. */
  daySecret(day: number, candidate: Buffer): Promise<Buffer>;
  /** Folds hours before `hourlyBefore` into daily counts and deletes days (their registers, the blocks starting on them) before `dailyBefore`. */
  pruneInsights(hourlyBefore: number, dailyBefore: number): Promise<void>;
  totals(query: TotalsQuery): Promise<KeyTotal[]>;
  /**
   * A count no key's total over the range exceeds, read without grouping the keys: over each hour kept (and day
   * folded) of each kind, its highest row's count times its outcomes (found, not found); 0 when nothing was asked.
   */
  totalBound(query: AsksQuery): Promise<number>;
  /** The keys' registers of each day of the range, summed up per day (every key when `keys` is undefined). */
  daySketches(kinds: readonly InsightKind[], keys: readonly string[] | undefined, range: DayRange): Promise<DaySketch[]>;
  rollUpState(): Promise<RollUpState>;
  /** The first day anything was counted or registered on, if any. */
  firstInsightDay(): Promise<number | undefined>;
  /**
   * Stores the day's rolled-up totals as its one-day block, builds `blocks` (ending on the day) from their halves
   * and moves the watermark to the day; again with the same rows, it changes nothing.
   */
  addRolledDay(day: number, totals: readonly BlockTotal[], blocks: readonly DayBlock[]): Promise<void>;
  /** Each block's `limit` keys of the highest count (or not-found count, `byMissed`), only those with one above 0. */
  blockTops(kinds: readonly InsightKind[], blocks: readonly DayBlock[], byMissed: boolean, limit: number): Promise<KeyScore[][]>;
  /** The keys' totals over the blocks together. */
  blockTotals(kinds: readonly InsightKind[], blocks: readonly DayBlock[], keys: readonly string[]): Promise<BlockTotal[]>;
  daily(kind: InsightKind, key: string, range: DayRange): Promise<DayCount[]>;
  /** Each kind's total on each day of the range that has one, every key together, by day then kind. */
  dayTotals(kinds: readonly InsightKind[], range: DayRange): Promise<KindDayCount[]>;
}

/** What the popular order reads (decisions §21): both stores' insight halves give it beside `InsightStore`. */
export interface DailyKeyCounts {
  /** Every key's count on each day of the range (found or not); days without one left out. */
  keyDays(kind: InsightKind, range: DayRange): Promise<KeyDayCount[]>;
}
