import Database from 'better-sqlite3';
import pg from 'pg';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { benchDatabase, type BenchDatabase } from '../audit/stores.js';

export type StoreKind = 'sqlite' | 'postgres';

/** 2025-01-01T00:00:00Z: audit entry i is written i seconds later. */
const EPOCH_SECONDS = 1_735_689_600;

/**
 * Audit entries as slot edits leave them, each with a small record after it (a real one carries the
 * slot's record, before and after; the size of a row is not what is measured, its count is), written
 * by one statement inside the database: a million in seconds, not a million calls.
 */
const SQLITE_FILL = `
  WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
  INSERT INTO audit (time, actor_type, actor_name, action, target_type, target_id, slot_id, version, after)
  SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ${EPOCH_SECONDS} + i, 'unixepoch'), 'token', 'actor-' || (i % 5), 'slot.replace',
         'slot', CAST(i % 5 + 1 AS TEXT), i % 5 + 1, i, '{"name":"Edited slot ' || i || '","rtp":96.5,"volatility":"High"}'
    FROM seq`;
const POSTGRES_FILL = `
  INSERT INTO audit (time, actor_type, actor_name, action, target_type, target_id, slot_id, version, after)
  SELECT to_timestamp(${EPOCH_SECONDS} + i), 'token', 'actor-' || (i % 5), 'slot.replace',
         'slot', (i % 5 + 1)::text, i % 5 + 1, i, jsonb_build_object('name', 'Edited slot ' || i, 'rtp', 96.5, 'volatility', 'High')
    FROM generate_series(1, $1) AS i`;

async function fillAudit(kind: StoreKind, location: string, entries: number): Promise<void> {
  if (kind === 'sqlite') {
    const db = new Database(location);
    try {
      db.prepare(SQLITE_FILL).run(entries);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    await client.query(POSTGRES_FILL, [entries]);
  } finally {
    await client.end();
  }
}

/** A new database of `kind` holding `document`'s slots (seeded through the store, as a first start does) and `auditEntries` audit entries. */
export async function seededDatabase(kind: StoreKind, document: CatalogueDocument, auditEntries: number): Promise<BenchDatabase> {
  const database = await benchDatabase(kind);
  const store = kind === 'sqlite' ? new SqliteStore(database.location) : new PostgresStore(database.location);
  try {
    await CatalogueService.prepare(store, async () => document, new Date().toISOString());
  } finally {
    await store.close();
  }
  if (auditEntries > 0) await fillAudit(kind, database.location, auditEntries);
  return database;
}
