import type { AsksQuery, DayRange, InsightKind, TotalsQuery } from '../insights.js';

/** The two stores' spellings of the few things their SQL differs in. */
export type Dialect = 'sqlite' | 'postgres';

/** A statement's parameters, collected in the order their placeholders appear. */
export class Parameters {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: Dialect) {}

  value(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }

  /** `IN` a list of texts: an array on PostgreSQL, a JSON array on SQLite. */
  inList(values: readonly string[]): string {
    if (this.dialect === 'postgres') return `= ANY(${this.value([...values])}::text[])`;
    return `IN (SELECT value FROM json_each(${this.value(JSON.stringify(values))}))`;
  }
}

/** A sum as a JavaScript number (pg reads bigint and numeric as strings). */
export const total = (dialect: Dialect, expression: string) => (dialect === 'postgres' ? `SUM(${expression})::float8` : `SUM(${expression})`);
/** Keys in code point order: SQLite compares UTF-8 bytes already; PostgreSQL's default collation would not. */
const byCodePoints = (dialect: Dialect) => (dialect === 'postgres' ? 'key COLLATE "C"' : 'key');

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Each key's total over a range, from the hours kept and the days folded: rows are moved from one to the other, never copied. */
export function totalsStatement(dialect: Dialect, query: TotalsQuery): Statement {
  const p = new Parameters(dialect);
  const sql = `${grouped(p, dialect, query)}
    SELECT kind, key, count, found_count FROM grouped ORDER BY count DESC, ${byCodePoints(dialect)}, kind LIMIT ${p.value(query.limit)}`;
  return { sql, params: p.values };
}

/** `grouped`: each key's total over the query's range. */
function grouped(p: Parameters, dialect: Dialect, query: TotalsQuery): string {
  const gapsOnly = query.notFoundOnly ? 'AND found = 0' : '';
  const oneKey = () => (query.key === undefined ? '' : `AND key = ${p.value(query.key)}`) + (query.keys === undefined ? '' : ` AND key ${p.inList(query.keys)}`);
  const hours = `SELECT kind, key, found, count FROM insight_hours
    WHERE kind ${p.inList(query.kinds)} AND hour >= ${p.value(query.fromDay * 24)} AND hour < ${p.value((query.toDay + 1) * 24)} ${oneKey()} ${gapsOnly}`;
  const days = `SELECT kind, key, found, count FROM insight_days
    WHERE kind ${p.inList(query.kinds)} AND day >= ${p.value(query.fromDay)} AND day <= ${p.value(query.toDay)} ${oneKey()} ${gapsOnly}`;
  const askedEnough =
    query.minVisitorsOnOneDay > 0
      ? `WHERE (kind, key) IN (SELECT kind, key FROM insight_visitors
          WHERE kind ${p.inList(query.kinds)} AND day >= ${p.value(query.fromDay)} AND day <= ${p.value(query.toDay)} ${oneKey()}
          GROUP BY kind, day, key HAVING COUNT(*) >= ${p.value(query.minVisitorsOnOneDay)})`
      : '';
  return `WITH counted AS (${hours} UNION ALL ${days}),
    grouped AS (SELECT kind, key, ${total(dialect, 'count')} AS count, ${total(dialect, 'CASE WHEN found = 1 THEN count ELSE 0 END')} AS found_count
      FROM counted ${askedEnough} GROUP BY kind, key)`;
}

/**
 * A count no key's total over a range exceeds: a key's count in one hour (or folded day) of one kind is at most
 * that hour's highest row times its outcomes (a row per found and not found). Grouped by kind and hour, the
 * primary key's order, so the rows are read once in order, with no temporary B-tree of every key as `totals` needs.
 */
export function totalBoundStatement(dialect: Dialect, query: AsksQuery): Statement {
  const p = new Parameters(dialect);
  const gapsOnly = query.notFoundOnly ? 'AND found = 0' : '';
  const highest = 'MAX(count) * (1 + MAX(found) - MIN(found))';
  const hours = `SELECT ${highest} AS highest FROM insight_hours
    WHERE kind ${p.inList(query.kinds)} AND hour >= ${p.value(query.fromDay * 24)} AND hour < ${p.value((query.toDay + 1) * 24)} ${gapsOnly}
    GROUP BY kind, hour`;
  const days = `SELECT ${highest} AS highest FROM insight_days
    WHERE kind ${p.inList(query.kinds)} AND day >= ${p.value(query.fromDay)} AND day <= ${p.value(query.toDay)} ${gapsOnly}
    GROUP BY kind, day`;
  return { sql: `SELECT COALESCE(${total(dialect, 'highest')}, 0) AS bound FROM (${hours} UNION ALL ${days}) AS each_hour`, params: p.values };
}

/** A key's counts per day over a range. */
export function dailyStatement(dialect: Dialect, kind: InsightKind, key: string, range: DayRange): Statement {
  const p = new Parameters(dialect);
  const hours = `SELECT hour / 24 AS day, found, count FROM insight_hours
    WHERE kind = ${p.value(kind)} AND key = ${p.value(key)} AND hour >= ${p.value(range.fromDay * 24)} AND hour < ${p.value((range.toDay + 1) * 24)}`;
  const days = `SELECT day, found, count FROM insight_days
    WHERE kind = ${p.value(kind)} AND key = ${p.value(key)} AND day >= ${p.value(range.fromDay)} AND day <= ${p.value(range.toDay)}`;
  const sql = `WITH counted AS (${hours} UNION ALL ${days})
    SELECT day, ${total(dialect, 'count')} AS count, ${total(dialect, 'CASE WHEN found = 1 THEN count ELSE 0 END')} AS found_count
    FROM counted GROUP BY day ORDER BY day`;
  return { sql, params: p.values };
}

/** `counted` as the rows of `kinds` in the range by day, from the hours kept and the days folded, with `column` beside each. */
function countedByDay(p: Parameters, column: 'kind' | 'key', kinds: readonly InsightKind[], range: DayRange): string {
  const hours = `SELECT ${column}, hour / 24 AS day, count FROM insight_hours
    WHERE kind ${p.inList(kinds)} AND hour >= ${p.value(range.fromDay * 24)} AND hour < ${p.value((range.toDay + 1) * 24)}`;
  const days = `SELECT ${column}, day, count FROM insight_days
    WHERE kind ${p.inList(kinds)} AND day >= ${p.value(range.fromDay)} AND day <= ${p.value(range.toDay)}`;
  return `WITH counted AS (${hours} UNION ALL ${days})`;
}

/** Each kind's total per day over a range, every key together. */
export function dayTotalsStatement(dialect: Dialect, kinds: readonly InsightKind[], range: DayRange): Statement {
  const p = new Parameters(dialect);
  const sql = `${countedByDay(p, 'kind', kinds, range)}
    SELECT kind, day, ${total(dialect, 'count')} AS count FROM counted GROUP BY kind, day ORDER BY day, kind`;
  return { sql, params: p.values };
}

/** Every key's counts per day over a range, from the hours kept and the days folded. */
export function keyDaysStatement(dialect: Dialect, kind: InsightKind, range: DayRange): Statement {
  const p = new Parameters(dialect);
  const sql = `${countedByDay(p, 'key', [kind], range)}
    SELECT key, day, ${total(dialect, 'count')} AS count FROM counted GROUP BY key, day`;
  return { sql, params: p.values };
}

/** Each key's registers of each day of the range, summed up: how many were touched, and the sum of 2^-rank (exact in a double: 14 + 33 bits). */
export function daySketchesStatement(dialect: Dialect, kinds: readonly InsightKind[], keys: readonly string[] | undefined, range: DayRange): Statement {
  const p = new Parameters(dialect);
  const someKeys = () => (keys === undefined ? '' : `AND key ${p.inList(keys)}`);
  const sql = `SELECT kind, key, day, ${dialect === 'postgres' ? 'COUNT(*)::integer' : 'COUNT(*)'} AS touched, ${total(dialect, '1.0 / (CAST(1 AS bigint) << rank)')} AS "inverseRanks" FROM insight_visitors
    WHERE kind ${p.inList(kinds)} ${someKeys()} AND day >= ${p.value(range.fromDay)} AND day <= ${p.value(range.toDay)}
    GROUP BY kind, key, day`;
  return { sql, params: p.values };
}

export interface TotalRow {
  readonly kind: InsightKind;
  readonly key: string;
  readonly count: number;
  readonly found_count: number;
}

export interface DayRow {
  readonly day: number;
  readonly count: number;
  readonly found_count: number;
}
