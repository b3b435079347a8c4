import type { Migration } from '../migration-step.js';
import type { PostgresQuery } from '../sessions/postgres-sessions.js';
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
import { POSTGRES_INSIGHT_BLOCKS_SCHEMA } from './sqlite-insights.js';
import { daySketchesStatement, dailyStatement, dayTotalsStatement, keyDaysStatement, totalBoundStatement, totalsStatement, type DayRow, type TotalRow } from './insight-sql.js';

/** Insights' tables (decisions §21). Hours and days are counted from the Unix epoch, UTC; `found` is 0 or 1. */
export const INSIGHT_MIGRATION: Migration = {
  version: 7,
  sql: `
    CREATE TABLE insight_hours (
      kind text NOT NULL, hour integer NOT NULL, key text NOT NULL, found smallint NOT NULL, count bigint NOT NULL,
      PRIMARY KEY (kind, hour, key, found)
    );
    CREATE TABLE insight_days (
      kind text NOT NULL, day integer NOT NULL, key text NOT NULL, found smallint NOT NULL, count bigint NOT NULL,
      PRIMARY KEY (kind, day, key, found)
    );
    CREATE TABLE insight_visitors (
      kind text NOT NULL, day integer NOT NULL, key text NOT NULL, register integer NOT NULL, rank integer NOT NULL,
      PRIMARY KEY (kind, day, key, register)
    );
    CREATE TABLE insight_secrets (
      day integer PRIMARY KEY,
      secret bytea NOT NULL
    );
  `,
};

// Rows come sorted by their key, so two instances adding to the same rows lock them in the same order.
const ADD_COUNTS_SQL = `
  INSERT INTO insight_hours (kind, hour, key, found, count)
  SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::smallint[], $5::bigint[])
  ON CONFLICT (kind, hour, key, found) DO UPDATE SET count = insight_hours.count + excluded.count`;
const ADD_VISITORS_SQL = `
  INSERT INTO insight_visitors (kind, day, key, register, rank)
  SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::integer[], $5::integer[])
  ON CONFLICT (kind, day, key, register) DO UPDATE SET rank = GREATEST(insight_visitors.rank, excluded.rank)`;
// One statement: rows leave the hours as they reach the days, so two instances pruning at once cannot fold a row twice.
const FOLD_HOURS_SQL = `
  WITH moved AS (DELETE FROM insight_hours WHERE hour < $1 RETURNING kind, hour, key, found, count)
  INSERT INTO insight_days (kind, day, key, found, count)
  SELECT kind, hour / 24, key, found, SUM(count) FROM moved GROUP BY kind, hour / 24, key, found
  ON CONFLICT (kind, day, key, found) DO UPDATE SET count = insight_days.count + excluded.count`;

const columns = <T>(rows: readonly T[], ...pick: ((row: T) => unknown)[]) => pick.map((column) => rows.map(column));
const byKey = <T extends { readonly kind: string; readonly key: string }>(order: (row: T) => string) => (a: T, b: T) => {
  const left = order(a);
  const right = order(b);
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The registers indexed by key as well, so a report reads only its shown keys' registers, not every key's of each day. */
export const INSIGHT_REGISTERS_BY_KEY_MIGRATION: Migration = {
  version: 9,
  sql: `CREATE INDEX insight_visitors_by_key ON insight_visitors (kind, key, day, register, rank);`,
};

/** Closed days rolled up into aligned blocks of days, so a long report reads a few blocks (decisions §21). */
export const INSIGHT_BLOCKS_MIGRATION: Migration = { version: 10, sql: POSTGRES_INSIGHT_BLOCKS_SCHEMA };

// Every statement of a roll-up is idempotent (DO NOTHING, GREATEST): two instances rolling up the same closed day
// write the same rows, and one that stopped half-way is finished by the next call.
const ADD_ROLLED_DAY_SQL = `
  INSERT INTO insight_blocks (kind, size, start, key, count, missed, visitors, shown)
  SELECT kind, 1, $1, key, count, missed, visitors, shown FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::smallint[])
    AS day (kind, key, count, missed, visitors, shown)
  ON CONFLICT (kind, size, start, key) DO NOTHING`;

/**
 * The blocks' statistics are gathered when a block of this many days is built (every 16 days), not left to
 * autovacuum, which may be off or not yet round: without them the planner takes a block for a row or two, and
 * answers a report's look-up of some keys in each block by reading every key of the block through the count
 * index (the 400-day report at a fifth of issue 49's size: 80-100 ms for that one statement, against about 10).
 */
const ANALYZED_FROM_SIZE = 16;

/** The insights half of the PostgreSQL store; each statement commits on its own. */
export class PostgresInsightStore implements InsightStore, DailyKeyCounts {
  constructor(private readonly query: PostgresQuery) {}

  async addCounts(counts: readonly HourCount[]): Promise<void> {
    if (counts.length === 0) return;
    const rows = [...counts].sort(byKey((row) => `${row.kind}\u0000${row.hour}\u0000${row.key}\u0000${row.found ? 1 : 0}`));
    await this.query(
      ADD_COUNTS_SQL,
      columns(rows, (row) => row.kind, (row) => row.hour, (row) => row.key, (row) => (row.found ? 1 : 0), (row) => row.count),
    );
  }

  async addVisitors(registers: readonly VisitorRegister[]): Promise<void> {
    if (registers.length === 0) return;
    const rows = [...registers].sort(byKey((row) => `${row.kind}\u0000${row.day}\u0000${row.key}\u0000${row.register}`));
    await this.query(
      ADD_VISITORS_SQL,
      columns(rows, (row) => row.kind, (row) => row.day, (row) => row.key, (row) => row.register, (row) => row.rank),
    );
  }

  async daySecret(day: number, candidate: Buffer): Promise<Buffer> {
    await this.query('INSERT INTO insight_secrets (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, candidate]);
    await this.query('DELETE FROM insight_secrets WHERE day < $1', [day - 1]);
    const { rows } = await this.query('SELECT secret FROM insight_secrets WHERE day = $1', [day]);
    return (rows[0] as { secret: Buffer }).secret;
  }

  async pruneInsights(hourlyBefore: number, dailyBefore: number): Promise<void> {
    await this.query(FOLD_HOURS_SQL, [hourlyBefore]);
    await this.query('DELETE FROM insight_days WHERE day < $1', [dailyBefore]);
    await this.query('DELETE FROM insight_visitors WHERE day < $1', [dailyBefore]);
    await this.query('DELETE FROM insight_blocks WHERE start < $1', [dailyBefore]);
    await this.query('UPDATE insight_rollup SET kept_from = GREATEST(kept_from, $1)', [dailyBefore]);
  }

  async daySketches(kinds: readonly InsightKind[], keys: readonly string[] | undefined, range: DayRange): Promise<DaySketch[]> {
    const { sql, params } = daySketchesStatement('postgres', kinds, keys, range);
    return (await this.query(sql, params)).rows as DaySketch[];
  }

  async rollUpState(): Promise<RollUpState> {
    const { rows } = await this.query('SELECT through_day, kept_from FROM insight_rollup', []);
    const [row] = rows as { through_day: number | null; kept_from: number | null }[];
    return { throughDay: row?.through_day ?? undefined, keptFrom: row?.kept_from ?? undefined };
  }

  async firstInsightDay(): Promise<number | undefined> {
    const { rows } = await this.query(FIRST_INSIGHT_DAY_SQL, []);
    return (rows[0] as { day: number | null }).day ?? undefined;
  }

  async addRolledDay(day: number, totals: readonly BlockTotal[], blocks: readonly DayBlock[]): Promise<void> {
    if (totals.length > 0) {
      await this.query(ADD_ROLLED_DAY_SQL, [
        day,
        ...columns(totals, (row) => row.kind, (row) => row.key, (row) => row.count, (row) => row.missed, (row) => row.visitors, (row) => (row.shown ? 1 : 0)),
      ]);
    }
    for (const block of blocks) {
      const { sql, params } = buildBlockStatement('postgres', block);
      await this.query(sql, params);
    }
    if (blocks.some(({ size }) => size >= ANALYZED_FROM_SIZE)) await this.query('ANALYZE insight_blocks', []);
    await this.query('UPDATE insight_rollup SET through_day = GREATEST(through_day, $1)', [day]);
  }

  async blockTops(kinds: readonly InsightKind[], blocks: readonly DayBlock[], byMissed: boolean, limit: number): Promise<KeyScore[][]> {
    if (blocks.length === 0) return [];
    const { sql, params } = blockTopsStatement('postgres', kinds, blocks, byMissed, limit);
    return listsOfBlocks((await this.query(sql, params)).rows as (KeyScore & { list: number })[], blocks.length, limit);
  }

  async blockTotals(kinds: readonly InsightKind[], blocks: readonly DayBlock[], keys: readonly string[]): Promise<BlockTotal[]> {
    if (blocks.length === 0 || keys.length === 0) return [];
    const { sql, params } = blockTotalsStatement('postgres', kinds, blocks, keys);
    const { rows } = await this.query(sql, params);
    return (rows as BlockTotalRow[]).map((row) => ({ ...row, shown: row.shown === 1 }));
  }

  async totals(query: TotalsQuery): Promise<KeyTotal[]> {
    const { sql, params } = totalsStatement('postgres', query);
    const { rows } = await this.query(sql, params);
    return (rows as TotalRow[]).map(({ kind, key, count, found_count }) => ({ kind, key, count, foundCount: found_count }));
  }

  async totalBound(query: AsksQuery): Promise<number> {
    const { sql, params } = totalBoundStatement('postgres', query);
    const { rows } = await this.query(sql, params);
    return (rows[0] as { bound: number }).bound;
  }

  async daily(kind: InsightKind, key: string, range: DayRange): Promise<DayCount[]> {
    const { sql, params } = dailyStatement('postgres', kind, key, range);
    const { rows } = await this.query(sql, params);
    return (rows as DayRow[]).map(({ day, count, found_count }) => ({ day, count, foundCount: found_count }));
  }

  async dayTotals(kinds: readonly InsightKind[], range: DayRange): Promise<KindDayCount[]> {
    const { sql, params } = dayTotalsStatement('postgres', kinds, range);
    const { rows } = await this.query(sql, params);
    return rows as KindDayCount[];
  }

  async keyDays(kind: InsightKind, range: DayRange): Promise<KeyDayCount[]> {
    const { sql, params } = keyDaysStatement('postgres', kind, range);
    const { rows } = await this.query(sql, params);
    return rows as KeyDayCount[];
  }
}
