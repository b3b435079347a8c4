import type { DayBlock, InsightKind, KeyScore } from '../insights.js';
import { Parameters, total, type Dialect, type Statement } from './insight-sql.js';

/**
 * The statements over `insight_blocks` (decisions §21): each closed day's totals per kind and key, and
 * aligned power-of-two spans of days built from their two halves, so a long range is read as a few blocks.
 */

/** A block as the sums of its two halves' rows; shown when either half is. */
export function buildBlockStatement(dialect: Dialect, block: DayBlock): Statement {
  const p = new Parameters(dialect);
  const half = block.size / 2;
  const sql = `INSERT INTO insight_blocks (kind, size, start, key, count, missed, visitors, shown)
    SELECT kind, ${p.value(block.size)}, ${p.value(block.start)}, key, SUM(count), SUM(missed), SUM(visitors), MAX(shown) FROM insight_blocks
    WHERE size = ${p.value(half)} AND start IN (${p.value(block.start)}, ${p.value(block.start + half)})
    GROUP BY kind, key
    ON CONFLICT (kind, size, start, key) DO NOTHING`;
  return { sql, params: p.values };
}

/**
 * Each block's keys of the highest count (or not-found count), one statement for every block and kind (one
 * round trip): each part read in the order of an index, so only `limit` rows of it are read (the not-found
 * counts' index holds only the rows above 0). Rows carry their block's place in `blocks`.
 */
export function blockTopsStatement(dialect: Dialect, kinds: readonly InsightKind[], blocks: readonly DayBlock[], byMissed: boolean, limit: number): Statement {
  const p = new Parameters(dialect);
  const score = byMissed ? 'missed' : 'count';
  // pg reads bigint as text: the counts are numbers well inside a double.
  const scoreAs = dialect === 'postgres' ? `${score}::float8` : score;
  const parts = blocks.flatMap((block, index) =>
    kinds.map(
      (kind) => `SELECT ${index} AS list, kind, key, score FROM (SELECT kind, key, ${scoreAs} AS score FROM insight_blocks
        WHERE kind = ${p.value(kind)} AND size = ${p.value(block.size)} AND start = ${p.value(block.start)} ${byMissed ? 'AND missed > 0' : ''}
        ORDER BY ${score} DESC, key LIMIT ${p.value(limit)}) AS part`,
    ),
  );
  return { sql: parts.join(' UNION ALL '), params: p.values };
}

/** `blockTopsStatement`'s rows as each block's list, its kinds together, the highest first, at most `limit` long. */
export function listsOfBlocks(rows: readonly (KeyScore & { readonly list: number })[], blocks: number, limit: number): KeyScore[][] {
  const lists = Array.from({ length: blocks }, (): KeyScore[] => []);
  for (const { list, kind, key, score } of rows) lists[list]?.push({ kind, key, score });
  return lists.map((list) => list.sort((a, b) => b.score - a.score).slice(0, limit));
}

/**
 * The keys' sums over the blocks together: each block looked up by its primary key, then summed. On
 * PostgreSQL the blocks are a list joined laterally, one look-up each: as a UNION ALL of one look-up a block,
 * the planner ran them as a Parallel Append under a Gather, whose two workers cost four times the look-ups
 * (the 400-day report at a fifth of issue 49's size), and no table setting stops a Parallel Append of scans
 * that are not partial.
 */
export function blockTotalsStatement(dialect: Dialect, kinds: readonly InsightKind[], blocks: readonly DayBlock[], keys: readonly string[]): Statement {
  const p = new Parameters(dialect);
  const sums = `${total(dialect, 'count')} AS count, ${total(dialect, 'missed')} AS missed, ${total(dialect, 'visitors')} AS visitors, MAX(shown) AS shown`;
  if (dialect === 'postgres') {
    const sql = `SELECT kind, key, ${sums}
      FROM unnest(${p.value(blocks.map((block) => block.size))}::integer[], ${p.value(blocks.map((block) => block.start))}::integer[]) AS chosen (size, start)
      CROSS JOIN LATERAL (SELECT kind, key, count, missed, visitors, shown FROM insight_blocks
        WHERE kind ${p.inList(kinds)} AND size = chosen.size AND start = chosen.start AND key ${p.inList(keys)}) AS blocks
      GROUP BY kind, key`;
    return { sql, params: p.values };
  }
  const eachBlock = blocks.map(
    ({ size, start }) => `SELECT kind, key, count, missed, visitors, shown FROM insight_blocks
      WHERE kind ${p.inList(kinds)} AND size = ${p.value(size)} AND start = ${p.value(start)} AND key ${p.inList(keys)}`,
  );
  const sql = `SELECT kind, key, ${sums} FROM (${eachBlock.join(' UNION ALL ')}) AS blocks GROUP BY kind, key`;
  return { sql, params: p.values };
}

export interface BlockTotalRow {
  readonly kind: InsightKind;
  readonly key: string;
  readonly count: number;
  readonly missed: number;
  readonly visitors: number;
  readonly shown: number;
}

/** The first day anything was counted or registered on (hours by their day). */
export const FIRST_INSIGHT_DAY_SQL = `SELECT MIN(day) AS day FROM (
    SELECT MIN(hour) / 24 AS day FROM insight_hours UNION ALL SELECT MIN(day) FROM insight_days UNION ALL SELECT MIN(day) FROM insight_visitors
  ) AS firsts`;
