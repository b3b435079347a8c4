import type { InsightStore } from '../store/insights.js';
import { report, type ReportRow } from './reports.js';

/** Days the chart of plays and views per day covers, today included. */
const CHART_DAYS = 28;
/** A week: the range of the top slots and the gaps, and what "rising" compares. */
const WEEK_DAYS = 7;
/** Rows of the top slots, the rising slots and the gaps. */
const OVERVIEW_ROWS = 10;
/** How many of a week's most played slots are weighed for "rising"; the report's own limit. */
const RISING_CANDIDATES = 200;

export interface DayFigures {
  readonly day: number;
  readonly plays: number;
  readonly views: number;
}

export interface Rising {
  readonly key: string;
  readonly thisWeek: number;
  readonly lastWeek: number;
}

export interface Gap {
  readonly kind: 'match' | 'search';
  readonly key: string;
  readonly count: number;
  readonly visitors: number;
}

/** What the console's Insights page shows (decisions §21). */
export interface InsightsOverview {
  /** The chart's days, oldest first, every day present (0 where nothing was counted). */
  readonly days: readonly DayFigures[];
  /** The week's most played slots. */
  readonly top: readonly ReportRow[];
  /** Slots played more this week than the week before, most gained first. */
  readonly rising: readonly Rising[];
  /** The week's matches and searches that found nothing (typed keys only once 3 visitors asked). */
  readonly gaps: readonly Gap[];
}

/** Plays and views on each of the chart's days ending `today`. */
async function dayFigures(store: InsightStore, today: number): Promise<DayFigures[]> {
  const fromDay = today - CHART_DAYS + 1;
  const totals = await store.dayTotals(['play', 'view'], { fromDay, toDay: today });
  const figures = Array.from({ length: CHART_DAYS }, (_, index) => ({ day: fromDay + index, plays: 0, views: 0 }));
  for (const { kind, day, count } of totals) {
    const figure = figures[day - fromDay];
    if (figure === undefined) continue;
    if (kind === 'play') figure.plays += count;
    else figure.views += count;
  }
  return figures;
}

/**
 * Slots whose plays rose from last week to this one, by the gain, ties by key. A slot absent from last
 * week's list had none then when that list was not full; otherwise its count is asked for alone.
 */
async function risingSlots(store: InsightStore, today: number): Promise<Rising[]> {
  const thisWeek = { fromDay: today - WEEK_DAYS + 1, toDay: today };
  const lastWeek = { fromDay: today - 2 * WEEK_DAYS + 1, toDay: today - WEEK_DAYS };
  const [now, before] = await Promise.all([report(store, 'plays', thisWeek, RISING_CANDIDATES), report(store, 'plays', lastWeek, RISING_CANDIDATES)]);
  const counted = new Map(before.map(({ key, count }) => [key, count]));
  const lastCount = async (key: string) => {
    const known = counted.get(key);
    if (known !== undefined || before.length < RISING_CANDIDATES) return known ?? 0;
    const [alone] = await store.totals({ ...lastWeek, kinds: ['play'], key, notFoundOnly: false, minVisitorsOnOneDay: 0, limit: 1 });
    return alone?.count ?? 0;
  };
  const weighed = await Promise.all(now.map(async ({ key, count }) => ({ key, thisWeek: count, lastWeek: await lastCount(key) })));
  return weighed
    .filter((slot) => slot.thisWeek > slot.lastWeek)
    .sort((a, b) => b.thisWeek - b.lastWeek - (a.thisWeek - a.lastWeek) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, OVERVIEW_ROWS);
}

/** The Insights page's figures for the day `today` (days since the Unix epoch, UTC). */
export async function insightsOverview(store: InsightStore, today: number): Promise<InsightsOverview> {
  const week = { fromDay: today - WEEK_DAYS + 1, toDay: today };
  const [days, top, rising, gapRows] = await Promise.all([
    dayFigures(store, today),
    report(store, 'plays', week, OVERVIEW_ROWS),
    risingSlots(store, today),
    report(store, 'gaps', week, OVERVIEW_ROWS),
  ]);
  const gaps = gapRows.flatMap(({ kind, key, count, visitors }) => (kind === undefined ? [] : [{ kind, key, count, visitors }]));
  return { days, top, rising, gaps };
}
