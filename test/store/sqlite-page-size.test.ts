import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { LOG_BYTES_LIMIT } from '../../src/store/sqlite-checkpointer.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { slotFields } from '../support/fixtures.js';
import { eventually } from '../support/wait.js';

const T0 = '2026-01-01T00:00:00.000Z';

function pageSizeOf(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** Slots whose import writes about twice `LOG_BYTES_LIMIT` of log. */
function slotsPastTheLogLimit() {
  return Array.from({ length: 4000 }, (_, index) => slotFields({ name: `Slot ${index + 1}`, description: 'z'.repeat(2000) }));
}

/**
 * Imports into `store`, then waits for the checkpoint thread to empty the log: it does so once the
 * log is longer than `LOG_BYTES_LIMIT`, counted in the file's own pages.
 */
async function importAndSeeTheLogEmptied(store: SqliteStore, path: string): Promise<void> {
  await store.migrate();
  const slots = slotsPastTheLogLimit();
  await store.replaceCatalogue(slots, { fruit: ['🍒'] }, T0);
  assert.ok(statSync(`${path}-wal`).size > LOG_BYTES_LIMIT, 'the import is past the limit');
  await eventually(() => statSync(`${path}-wal`).size === 0, 20_000, 'the checkpoint thread to empty the log');
  assert.equal((await store.load()).slots.length, slots.length);
}

describe('SqliteStore page size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-page-size-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a new file with 16 KiB pages, and empties its log past the limit in bytes', async () => {
    const path = join(dir, 'new.db');
    const store = new SqliteStore(path, { onCheckpointError: (error) => assert.fail(String(error)) });
    try {
      await importAndSeeTheLogEmptied(store, path);
    } finally {
      await store.close();
    }
    assert.equal(pageSizeOf(path), 16 * 1024);
  });

  it('keeps the 4 KiB pages of a file made before, and serves from it as from any other', async () => {
    const path = join(dir, 'earlier.db');
    const earlier = new Database(path);
    earlier.pragma('page_size = 4096');
    earlier.pragma('journal_mode = WAL');
    earlier.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    earlier.close();
    const store = new SqliteStore(path, { onCheckpointError: (error) => assert.fail(String(error)) });
    try {
      await importAndSeeTheLogEmptied(store, path);
      const { record } = await store.createSlot(slotFields({ name: 'One More Slot' }), T0);
      assert.equal((await store.load()).slots.at(-1)?.slug, record.slug);
    } finally {
      await store.close();
    }
    assert.equal(pageSizeOf(path), 4096);
  });
});
