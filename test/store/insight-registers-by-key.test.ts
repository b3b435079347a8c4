import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { VisitorRegister } from '../../src/store/insights.js';
import { daySketchesStatement } from '../../src/store/insights/insight-sql.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { createTestDatabase } from '../support/postgres.js';

const DAY = 20_600;
const RANGE = { fromDay: DAY - 29, toDay: DAY };
/** Registers of 50 keys over 30 days: a report over the range shows a few of them. */
const REGISTERS: VisitorRegister[] = Array.from({ length: 30 }, (_, dayIndex) =>
  Array.from({ length: 50 }, (_, key) => Array.from({ length: 40 }, (_, register) => ({ kind: 'play' as const, day: RANGE.fromDay + dayIndex, key: String(key), register, rank: 1 + ((key + register) % 4) }))),
).flat(2);
const SHOWN = ['3', '17'];

describe('the registers of a report\'s shown keys are read by key, not every key\'s of each day', () => {
  it('SQLite: a file whose insight tables predate the index gets it at open, and the per-day registers query searches it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-registers-'));
    try {
      const path = join(dir, 'old.db');
      const old = new Database(path);
      old.exec(`CREATE TABLE insight_visitors (
        kind TEXT NOT NULL, day INTEGER NOT NULL, key TEXT NOT NULL, register INTEGER NOT NULL, rank INTEGER NOT NULL,
        PRIMARY KEY (kind, day, key, register)
      ) WITHOUT ROWID`);
      old.prepare('INSERT INTO insight_visitors VALUES (?, ?, ?, ?, ?)').run('play', DAY, '3', 7, 4);
      old.close();
      const store = new SqliteStore(path);
      try {
        await store.migrate();
        await store.insights.addVisitors(REGISTERS);
        const [three] = await store.insights.daySketches(['play'], ['3'], { fromDay: DAY, toDay: DAY });
        assert.equal(three?.touched, 40, 'the row from before is one of the 40 registers');
      } finally {
        await store.close();
      }
      const file = new Database(path, { readonly: true });
      try {
        const { sql, params } = daySketchesStatement('sqlite', ['play'], SHOWN, RANGE);
        const plan = (file.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(({ detail }) => detail).join('\n');
        assert.match(plan, /SEARCH insight_visitors USING COVERING INDEX insight_visitors_by_key \(kind=\? AND key=\? AND day>\? AND day<\?\)/);
      } finally {
        file.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: migration 9 adds the index, and the per-day registers query scans it for the shown keys only', async () => {
    const database = await createTestDatabase();
    try {
      const store = new PostgresStore(database.url);
      try {
        await store.migrate();
        await store.insights.addVisitors(REGISTERS);
      } finally {
        await store.close();
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('ANALYZE insight_visitors');
        const { sql, params } = daySketchesStatement('postgres', ['play'], SHOWN, RANGE);
        const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`, [...params]);
        const plan = rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
        // An index-only or a bitmap scan, as the planner likes; either reads the shown keys' 2 x 30 x 40 register rows, no other.
        assert.match(plan, /(Index Only Scan using|Bitmap Index Scan on) insight_visitors_by_key[^\n]*\(actual rows=2400 loops=1\)/);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });
});
