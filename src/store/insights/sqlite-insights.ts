import type Database from 'better-sqlite3';
import type { DailyKeyCounts, DayCount, DayRange, HourCount, InsightKind, InsightStore, KeyDayCount, KeyRegisters, KeyTotal, KindDayCount, TotalsQuery, VisitorRegister } from '../insights.js';
import { dailyStatement, dayTotalsStatement, keyDaysStatement, groupRegisters, registersStatement, totalsStatement, type DayRow, type RegisterRow, type TotalRow } from './insight-sql.js';

/**
 * Insights' tables (decisions §21). Hours and days are counted from the Unix epoch, UTC; `found` is 0 or 1.
 * The registers are also indexed by key, so a report reads only its shown keys' registers, not every key's of each day.
 */
export const INSIGHT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS insight_hours (
    kind TEXT NOT NULL, hour INTEGER NOT NULL, key TEXT NOT NULL, found INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (kind, hour, key, found)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS insight_days (
    kind TEXT NOT NULL, day INTEGER NOT NULL, key TEXT NOT NULL, found INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (kind, day, key, found)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS insight_visitors (
    kind TEXT NOT NULL, day INTEGER NOT NULL, key TEXT NOT NULL, register INTEGER NOT NULL, rank INTEGER NOT NULL,
    PRIMARY KEY (kind, day, key, register)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS insight_visitors_by_key ON insight_visitors (kind, key, day, register, rank);
  CREATE TABLE IF NOT EXISTS insight_secrets (
    day INTEGER PRIMARY KEY,
    secret BLOB NOT NULL
  );
`;

// `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
const ADD_COUNTS_SQL = `
  INSERT INTO insight_hours (kind, hour, key, found, count)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?) WHERE true
  ON CONFLICT (kind, hour, key, found) DO UPDATE SET count = count + excluded.count`;
const ADD_VISITORS_SQL = `
  INSERT INTO insight_visitors (kind, day, key, register, rank)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?) WHERE true
  ON CONFLICT (kind, day, key, register) DO UPDATE SET rank = max(rank, excluded.rank)`;
const FOLD_HOURS_SQL = `
  INSERT INTO insight_days (kind, day, key, found, count)
  SELECT kind, hour / 24, key, found, SUM(count) FROM insight_hours WHERE hour < ? GROUP BY kind, hour / 24, key, found
  ON CONFLICT (kind, day, key, found) DO UPDATE SET count = count + excluded.count`;

/** The insights half of the SQLite store, on its connection; `write` runs a function as one durable write transaction. */
export class SqliteInsightStore implements InsightStore, DailyKeyCounts {
  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
  ) {}

  async addCounts(counts: readonly HourCount[]): Promise<void> {
    if (counts.length === 0) return;
    const rows = JSON.stringify(counts.map(({ kind, hour, key, found, count }) => [kind, hour, key, found ? 1 : 0, count]));
    this.write(() => this.db.prepare(ADD_COUNTS_SQL).run(rows));
  }

  async addVisitors(registers: readonly VisitorRegister[]): Promise<void> {
    if (registers.length === 0) return;
    const rows = JSON.stringify(registers.map(({ kind, day, key, register, rank }) => [kind, day, key, register, rank]));
    this.write(() => this.db.prepare(ADD_VISITORS_SQL).run(rows));
  }

  async daySecret(day: number, candidate: Buffer): Promise<Buffer> {
    return this.write(() => {
      this.db.prepare('INSERT INTO insight_secrets (day, secret) VALUES (?, ?) ON CONFLICT (day) DO NOTHING').run(day, candidate);
      this.db.prepare('DELETE FROM insight_secrets WHERE day < ?').run(day - 1);
      return this.db.prepare('SELECT secret FROM insight_secrets WHERE day = ?').pluck().get(day) as Buffer;
    });
  }

  async pruneInsights(hourlyBefore: number, dailyBefore: number): Promise<void> {
    this.write(() => {
      this.db.prepare(FOLD_HOURS_SQL).run(hourlyBefore);
      this.db.prepare('DELETE FROM insight_hours WHERE hour < ?').run(hourlyBefore);
      this.db.prepare('DELETE FROM insight_days WHERE day < ?').run(dailyBefore);
      this.db.prepare('DELETE FROM insight_visitors WHERE day < ?').run(dailyBefore);
    });
  }

  async totals(query: TotalsQuery): Promise<KeyTotal[]> {
    const { sql, params } = totalsStatement('sqlite', query);
    const rows = this.db.prepare(sql).all(...params) as TotalRow[];
    return rows.map(({ kind, key, count, found_count }) => ({ kind, key, count, foundCount: found_count }));
  }

  async registers(kinds: readonly InsightKind[], keys: readonly string[], range: DayRange): Promise<KeyRegisters[]> {
    if (keys.length === 0) return [];
    const { sql, params } = registersStatement('sqlite', kinds, keys, range);
    return groupRegisters(this.db.prepare(sql).all(...params) as RegisterRow[]);
  }

  async daily(kind: InsightKind, key: string, range: DayRange): Promise<DayCount[]> {
    const { sql, params } = dailyStatement('sqlite', kind, key, range);
    const rows = this.db.prepare(sql).all(...params) as DayRow[];
    return rows.map(({ day, count, found_count }) => ({ day, count, foundCount: found_count }));
  }

  async dayTotals(kinds: readonly InsightKind[], range: DayRange): Promise<KindDayCount[]> {
    const { sql, params } = dayTotalsStatement('sqlite', kinds, range);
    return this.db.prepare(sql).all(...params) as KindDayCount[];
  }

  async keyDays(kind: InsightKind, range: DayRange): Promise<KeyDayCount[]> {
    const { sql, params } = keyDaysStatement('sqlite', kind, range);
    return this.db.prepare(sql).all(...params) as KeyDayCount[];
  }
}
