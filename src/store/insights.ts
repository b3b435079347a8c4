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

export interface TotalsQuery extends DayRange {
  readonly kinds: readonly InsightKind[];
  /** Only this key. */
  readonly key?: string;
  /** Only the asks that found nothing (the gaps). */
  readonly notFoundOnly: boolean;
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

/** A key's registers over a range, each the highest rank of any day. */
export interface KeyRegisters {
  readonly kind: InsightKind;
  readonly key: string;
  readonly ranks: readonly number[];
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

export interface InsightStore {
  /** Adds the increments to the hours' counts, in one statement: instances add, never overwrite. */
  addCounts(counts: readonly HourCount[]): Promise<void>;
  /** Raises each register to its rank where it is lower, in one statement. */
  addVisitors(registers: readonly VisitorRegister[]): Promise<void>;
  /** The secret of `day`: the one stored, or `candidate` once stored; secrets of days before `day - 1` are deleted. */
  daySecret(day: number, candidate: Buffer): Promise<Buffer>;
  /** Folds hours before `hourlyBefore` into daily counts and deletes days (and their registers) before `dailyBefore`. */
  pruneInsights(hourlyBefore: number, dailyBefore: number): Promise<void>;
  totals(query: TotalsQuery): Promise<KeyTotal[]>;
  registers(kinds: readonly InsightKind[], keys: readonly string[], range: DayRange): Promise<KeyRegisters[]>;
  daily(kind: InsightKind, key: string, range: DayRange): Promise<DayCount[]>;
  /** Each kind's total on each day of the range that has one, every key together, by day then kind. */
  dayTotals(kinds: readonly InsightKind[], range: DayRange): Promise<KindDayCount[]>;
}

/** What the popular order reads (decisions §21): both stores' insight halves give it beside `InsightStore`. */
export interface DailyKeyCounts {
  /** Every key's count on each day of the range (found or not); days without one left out. */
  keyDays(kind: InsightKind, range: DayRange): Promise<KeyDayCount[]>;
}
