import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { rollUpOneDay } from '../../src/insights/roll-up.js';
import type { HourCount } from '../../src/store/insights.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { createTestDatabase } from '../support/postgres.js';

const DAY_MS = 86_400_000;
/** 16 days whose last ends a block of 16 (20,592 is a multiple of 16). */
const FIRST = 20_592;
const LAST = FIRST + 15;

describe('PostgreSQL insight blocks: the planner knows their size', () => {
  it('the roll-up gathers the blocks\' statistics when it builds a block of 16 days, whether autovacuum runs or not', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    try {
      const store = new PostgresStore(database.url);
      try {
        await store.migrate();
        const counts: HourCount[] = [];
        for (let day = FIRST; day <= LAST; day++) for (let key = 0; key < 20; key++) counts.push({ kind: 'play', hour: day * 24 + (key % 24), key: String(key), found: true, count: 1 + key });
        await store.insights.addCounts(counts);
        let rolled = 0;
        while ((await rollUpOneDay(store.insights, (LAST + 1) * DAY_MS + 3_600_000)) !== undefined) rolled++;
        assert.equal(rolled, 16);
      } finally {
        await store.close();
      }
      await client.connect();
      const { rows } = await client.query(`SELECT reltuples, (SELECT COUNT(*) FROM insight_blocks)::float4 AS rows FROM pg_class WHERE relname = 'insight_blocks'`);
      // 20 keys in 16 blocks of a day, 8 of 2, 4 of 4, 2 of 8, and the blocks of 16, 32, 64 and 128 ending on the last
      // day. ANALYZE reads every row of a table this small: its estimate is the count (never analysed, it is -1).
      assert.deepEqual(rows, [{ reltuples: 20 * 34, rows: 20 * 34 }]);
    } finally {
      await client.end().catch(() => undefined);
      await database.drop();
    }
  });
});
