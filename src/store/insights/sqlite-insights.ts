import type Database from 'better-sqlite3';
import type {
  AsksQuery,
  BlockTotal,
  DailyKeyCounts,
  DayBlock,
  DayCount,
  DayRange,
  DaySketch,
  HourCount,
  InsightKind,
  InsightStore,
  KeyDayCount,
  KeyScore,
  KeyTotal,
  KindDayCount,
  RollUpState,
  TotalsQuery,
  VisitorRegister,
} from '../insights.js';
import { blockTopsStatement, blockTotalsStatement, buildBlockStatement, FIRST_INSIGHT_DAY_SQL, listsOfBlocks, type BlockTotalRow } from './block-sql.js';
import { daySketchesStatement, dailyStatement, dayTotalsStatement, keyDaysStatement, totalBoundStatement, totalsStatement, type DayRow, type TotalRow } from './insight-sql.js';

/**
 * The roll-up of closed days (decisions §21): each day's totals per kind and key as a block of one day, and
 * aligned blocks of 2, 4 … 256 days, read sorted by count or by not-found count; and the roll-up's watermark.
 * Shared with PostgreSQL's migration, which spells `key` in code point order (COLLATE "C").
 */
function blocksSchema(keyType: string, integer: string, tableOptions: string): string {
  return `
  CREATE TABLE IF NOT EXISTS insight_blocks (
    kind text NOT NULL, size integer NOT NULL, start integer NOT NULL, key ${keyType} NOT NULL,
    count ${integer} NOT NULL, missed ${integer} NOT NULL, visitors ${integer} NOT NULL, shown smallint NOT NULL,
    PRIMARY KEY (kind, size, start, key)
  ) ${tableOptions};
  CREATE INDEX IF NOT EXISTS insight_blocks_by_count ON insight_blocks (kind, size, start, count DESC, key);
  CREATE INDEX IF NOT EXISTS insight_blocks_by_missed ON insight_blocks (kind, size, start, missed DESC, key) WHERE missed > 0;
  CREATE TABLE IF NOT EXISTS insight_rollup (
    singleton integer PRIMARY KEY CHECK (singleton = 1), through_day integer, kept_from integer
  );
  INSERT INTO insight_rollup (singleton) VALUES (1) ON CONFLICT (singleton) DO NOTHING;`;
}
const INSIGHT_BLOCKS_SCHEMA = blocksSchema('text', 'integer', 'WITHOUT ROWID');
export const POSTGRES_INSIGHT_BLOCKS_SCHEMA = blocksSchema('text COLLATE "C"', 'bigint', '');

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
  ${INSIGHT_BLOCKS_SCHEMA}
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
const ADD_ROLLED_DAY_SQL = `
  INSERT INTO insight_blocks (kind, size, start, key, count, missed, visitors, shown)
  SELECT value ->> 0, 1, ?, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?) WHERE true
  ON CONFLICT (kind, size, start, key) DO NOTHING`;
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
      this.db.prepare('DELETE FROM insight_blocks WHERE start < ?').run(dailyBefore);
      this.db.prepare('UPDATE insight_rollup SET kept_from = max(coalesce(kept_from, ?), ?)').run(dailyBefore, dailyBefore);
    });
  }

  async totals(query: TotalsQuery): Promise<KeyTotal[]> {
    const { sql, params } = totalsStatement('sqlite', query);
    const rows = this.db.prepare(sql).all(...params) as TotalRow[];
    return rows.map(({ kind, key, count, found_count }) => ({ kind, key, count, foundCount: found_count }));
  }

  async totalBound(query: AsksQuery): Promise<number> {
    const { sql, params } = totalBoundStatement('sqlite', query);
    return this.db.prepare(sql).pluck().get(...params) as number;
  }

  async daySketches(kinds: readonly InsightKind[], keys: readonly string[] | undefined, range: DayRange): Promise<DaySketch[]> {
    const { sql, params } = daySketchesStatement('sqlite', kinds, keys, range);
    return this.db.prepare(sql).all(...params) as DaySketch[];
  }

  async rollUpState(): Promise<RollUpState> {
    const row = this.db.prepare('SELECT through_day, kept_from FROM insight_rollup').get() as { through_day: number | null; kept_from: number | null };
    return { throughDay: row.through_day ?? undefined, keptFrom: row.kept_from ?? undefined };
  }

  async firstInsightDay(): Promise<number | undefined> {
    return (this.db.prepare(FIRST_INSIGHT_DAY_SQL).pluck().get() as number | null) ?? undefined;
  }

  async addRolledDay(day: number, totals: readonly BlockTotal[], blocks: readonly DayBlock[]): Promise<void> {
    const rows = JSON.stringify(totals.map(({ kind, key, count, missed, visitors, shown }) => [kind, key, count, missed, visitors, shown ? 1 : 0]));
    this.write(() => {
      this.db.prepare(ADD_ROLLED_DAY_SQL).run(day, rows);
      for (const block of blocks) {
        const { sql, params } = buildBlockStatement('sqlite', block);
        this.db.prepare(sql).run(...params);
      }
      this.db.prepare('UPDATE insight_rollup SET through_day = max(coalesce(through_day, ?), ?)').run(day, day);
    });
  }

  async blockTops(kinds: readonly InsightKind[], blocks: readonly DayBlock[], byMissed: boolean, limit: number): Promise<KeyScore[][]> {
    if (blocks.length === 0) return [];
    const { sql, params } = blockTopsStatement('sqlite', kinds, blocks, byMissed, limit);
    return listsOfBlocks(this.db.prepare(sql).all(...params) as (KeyScore & { list: number })[], blocks.length, limit);
  }

  async blockTotals(kinds: readonly InsightKind[], blocks: readonly DayBlock[], keys: readonly string[]): Promise<BlockTotal[]> {
    if (blocks.length === 0 || keys.length === 0) return [];
    const { sql, params } = blockTotalsStatement('sqlite', kinds, blocks, keys);
    return (this.db.prepare(sql).all(...params) as BlockTotalRow[]).map((row) => ({ ...row, shown: row.shown === 1 }));
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
