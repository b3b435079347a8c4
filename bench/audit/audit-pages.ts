import Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { auditCursor } from '../../src/http/input/audit-query.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { median } from '../measure/rounds.js';
import { benchDatabase } from './stores.js';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
/** 2025-01-01T00:00:00Z: entry i is written i seconds later. */
const EPOCH_SECONDS = 1_735_689_600;
const iso = (entry: number) => new Date((EPOCH_SECONDS + entry) * 1000).toISOString();

/**
 * Entries as a busy catalogue would have them, without records: five actors, four actions and five
 * slots in turn, a second apart. What is measured is finding a page's rows, which records would not
 * change (a page of 200 serialises the same at either size).
 */
const SQLITE_FILL = `
  WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
  INSERT INTO audit (time, actor_type, actor_name, action, target_type, target_id, slot_id, version)
  SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ${EPOCH_SECONDS} + i, 'unixepoch'), 'token', 'actor-' || (i % 5),
         CASE i % 4 WHEN 0 THEN 'slot.create' WHEN 1 THEN 'slot.replace' WHEN 2 THEN 'slot.delete' ELSE 'slot.restore' END,
         'slot', CAST(i % 5 + 1 AS TEXT), i % 5 + 1, i
    FROM seq`;
const POSTGRES_FILL = `
  INSERT INTO audit (time, actor_type, actor_name, action, target_type, target_id, slot_id, version)
  SELECT to_timestamp(${EPOCH_SECONDS} + i), 'token', 'actor-' || (i % 5),
         (ARRAY['slot.create', 'slot.replace', 'slot.delete', 'slot.restore'])[i % 4 + 1],
         'slot', (i % 5 + 1)::text, i % 5 + 1, i
    FROM generate_series(1, $1) AS i`;

/** Each query of the issue: no filter, each filter, a time range, and a page deep in the middle by cursor. */
function auditQueries(entries: number): readonly { readonly name: string; readonly query: string }[] {
  const middle = Math.floor(entries / 2);
  return [
    { name: 'no filter', query: 'limit=200' },
    { name: 'actor', query: 'limit=200&actor=actor-3' },
    { name: 'action', query: 'limit=200&action=slot.replace' },
    { name: 'slot', query: 'limit=200&slot=3' },
    { name: 'since + until', query: `limit=200&since=${iso(Math.floor(entries / 4))}&until=${iso(Math.floor((entries * 3) / 4))}` },
    { name: 'cursor (middle)', query: `limit=200&cursor=${auditCursor({ time: iso(middle), id: middle })}` },
  ];
}

async function fill(kind: 'sqlite' | 'postgres', location: string, entries: number): Promise<void> {
  if (kind === 'sqlite') {
    const db = new Database(location);
    try {
      db.prepare(SQLITE_FILL).run(entries);
      db.exec('ANALYZE');
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    await client.query(POSTGRES_FILL, [entries]);
    await client.query('ANALYZE audit');
  } finally {
    await client.end();
  }
}

interface AuditApp {
  readonly entries: number;
  ask(query: string): Promise<number>;
  close(): Promise<void>;
}

/** The service over a fresh database of `kind` holding `entries` audit entries. */
async function auditApp(kind: 'sqlite' | 'postgres', entries: number): Promise<AuditApp> {
  const database = await benchDatabase(kind);
  const store: Store = kind === 'sqlite' ? new SqliteStore(database.location) : new PostgresStore(database.location);
  await store.migrate();
  await fill(kind, database.location, entries);
  const catalogue = await CatalogueService.open(store, async () => ({ slots: [], categories: {} }));
  const app = await buildApp({ config: loadConfig({ ADMIN_TOKEN, LOG_LEVEL: 'silent' }), catalogue, logger: false });
  return {
    entries,
    async ask(query) {
      const started = performance.now();
      const response = await app.inject({ url: `/api/admin/audit?${query}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
      return ms;
    },
    async close() {
      await app.close();
      await store.close();
      await database.drop();
    },
  };
}

/**
 * Median milliseconds of `GET /api/admin/audit?<query>` (through the app, with `inject`) per query,
 * over `few` and over `many` entries, asked of both databases by turns (a warm-up of `repeats`
 * first), so the caches and the machine's load are alike for both.
 */
export async function auditPageTimes(kind: 'sqlite' | 'postgres', few: number, many: number, repeats: number): Promise<Map<string, { few: number; many: number }>> {
  const small = await auditApp(kind, few);
  try {
    const large = await auditApp(kind, many);
    try {
      const times = new Map<string, { few: number; many: number }>();
      const smallQueries = auditQueries(few);
      const largeQueries = auditQueries(many);
      for (const [index, { name, query }] of smallQueries.entries()) {
        const largeQuery = largeQueries[index]?.query ?? '';
        const samples = { few: [] as number[], many: [] as number[] };
        for (let i = 0; i < repeats * 2; i++) {
          const [first, second] = i % 2 === 0 ? [small, large] : [large, small];
          for (const app of [first, second]) {
            const ms = await app.ask(app === small ? query : largeQuery);
            if (i >= repeats) samples[app === small ? 'few' : 'many'].push(ms);
          }
        }
        times.set(name, { few: median(samples.few), many: median(samples.many) });
      }
      return times;
    } finally {
      await large.close();
    }
  } finally {
    await small.close();
  }
}
