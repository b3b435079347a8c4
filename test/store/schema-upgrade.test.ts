import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PostgresStore } from '../../src/store/postgres.js';
import { INSIGHT_MIGRATION } from '../../src/store/insights/postgres-insights.js';
import { MIGRATIONS } from '../../src/store/postgres-migrations.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { slotFields, TEST_ACTOR } from '../support/fixtures.js';
import { createTestDatabase } from '../support/postgres.js';

const T1 = '2026-02-02T00:00:00.000Z';
const RECORD = JSON.stringify({ ...slotFields({ name: 'From Before' }), id: 1, createdAt: T1, updatedAt: T1 });

/** A database filled by the schema as it was before operators and versions, then opened by this version. */
async function upgraded(store: Store): Promise<void> {
  assert.deepEqual(await store.migrate(), { fresh: false });
  const before = await store.readSlot(1);
  assert.equal(before?.record.name, 'From Before');
  assert.equal(before?.version, 0, 'a slot never written since has version 0');
  const written = await store.replaceSlot(1, slotFields({ name: 'From Now' }), T1, TEST_ACTOR, 0);
  assert.equal((await store.readSlot(1))?.version, written?.sequence);
  assert.equal((await store.access.audit({ limit: 5 }))[0]?.action, 'slot.replace');
  assert.equal(await store.access.accessVersion(), 0);
  // Given a history id once (decisions §20), kept by every later opening.
  const { history } = await store.load();
  assert.match(history, /^[A-Za-z0-9_-]{22}$/);
  await store.migrate();
  assert.equal((await store.readChanges(0, 1)).history, history);
}

describe('opening a database made before operators, tokens and slot versions', () => {
  it('SQLite: adds the version column and the access tables to the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-upgrade-'));
    try {
      const path = join(dir, 'old.db');
      const old = new Database(path);
      old.exec(`
        CREATE TABLE slots (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE COLLATE NOCASE, record TEXT NOT NULL);
        CREATE TABLE categories (position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, emojis TEXT NOT NULL);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE changes (seq INTEGER PRIMARY KEY, change TEXT NOT NULL);
        INSERT INTO meta VALUES ('initialised', 1), ('change_seq', 1), ('next_id', 2);
      `);
      old.prepare('INSERT INTO slots VALUES (1, ?, ?)').run('from-before', RECORD);
      old.close();
      const store = new SqliteStore(path);
      try {
        await upgraded(store);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: runs migration 3 over a database at version 2', async () => {
    const database = await createTestDatabase();
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        for (const migration of MIGRATIONS.filter((step) => step.version <= 2)) {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        }
        await client.query("INSERT INTO meta (key, value) VALUES ('initialised', 1)");
        await client.query("UPDATE meta SET value = 1 WHERE key = 'change_seq'");
        await client.query('INSERT INTO slots (id, slug, record) VALUES (1, $1, $2)', ['from-before', RECORD]);
      } finally {
        await client.end();
      }
      const store = new PostgresStore(database.url);
      try {
        await upgraded(store);
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  });
  it('PostgreSQL: released steps keep their numbers (insights 7, as released), the history id is step 8, the registers by key step 9', async () => {
    assert.deepEqual(
      MIGRATIONS.map((step) => step.version),
      MIGRATIONS.map((_step, index) => index + 1),
    );
    assert.equal(INSIGHT_MIGRATION.version, 7);
    assert.match(MIGRATIONS.find((step) => step.version === 8)?.sql ?? '', /CREATE TABLE history_id/);
    assert.match(MIGRATIONS.find((step) => step.version === 9)?.sql ?? '', /CREATE INDEX insight_visitors_by_key/);
  });
});
