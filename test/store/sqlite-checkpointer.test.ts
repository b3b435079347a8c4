import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteCheckpointer } from '../../src/store/sqlite-checkpointer.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { slotFields } from '../support/fixtures.js';
import { checkpointedShare, isCheckpointed } from '../support/sqlite-file.js';
import { eventually } from '../support/wait.js';

const T0 = '2026-01-01T00:00:00.000Z';

/** A WAL database whose commits never checkpoint: what they write stays in the log until someone copies it. */
function uncheckpointed(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE filler (text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  db.transaction(() => {
    for (let row = 0; row < 2000; row++) insert.run('x'.repeat(1000));
  })();
  return db;
}

describe('SqliteCheckpointer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-checkpoint-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the log into the database file when asked, and not before', async () => {
    const path = join(dir, 'asked.db');
    const db = uncheckpointed(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    try {
      assert.ok(checkpointedShare(path) < 0.1, `the file held ${checkpointedShare(path)} of the log before any checkpoint`);
      checkpointer.request();
      await eventually(() => isCheckpointed(path), 10_000, 'the checkpoint thread to copy the log');
    } finally {
      await checkpointer.close();
      db.close();
    }
  });

  it('lets a requested checkpoint finish before it closes', async () => {
    const path = join(dir, 'closing.db');
    const db = uncheckpointed(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    checkpointer.request();
    await checkpointer.close();
    // The thread took the checkpoint and then the close, in order: the copy is complete, and the writer is
    // the only connection left.
    assert.ok(isCheckpointed(path));
    db.close();
  });

  it('closes at once when nothing was ever asked of it', async () => {
    const checkpointer = new SqliteCheckpointer(join(dir, 'never.db'), (error) => assert.fail(error));
    await checkpointer.close();
  });

  it('reports a thread that cannot open the database, once, and is quiet after', async () => {
    const failures: Error[] = [];
    const checkpointer = new SqliteCheckpointer(join(dir, 'nothing.db'), (error) => failures.push(error));
    checkpointer.request();
    await eventually(() => failures.length > 0, 10_000, 'the failure to be reported');
    checkpointer.request();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(failures.length, 1);
    assert.match(String(failures[0]), /unable to open database file/);
    await checkpointer.close();
  });
});

describe('SqliteStore with its checkpoint thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-store-checkpoint-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has what it commits copied into the database file while it stays open', async () => {
    const path = join(dir, 'catalogue.db');
    const store = new SqliteStore(path, { onCheckpointFailure: (error) => assert.fail(error) });
    try {
      await store.migrate();
      const slots = Array.from({ length: 1500 }, (_, index) => slotFields({ name: `Slot ${index + 1}` }));
      await store.replaceCatalogue(slots, { fruit: ['🍒'] }, T0);
      await eventually(() => isCheckpointed(path), 10_000, 'the import to be checkpointed');
      const { record } = await store.createSlot(slotFields({ name: 'One More Slot' }), T0);
      await eventually(() => isCheckpointed(path), 10_000, 'the new slot to be checkpointed');
      assert.equal((await store.load()).slots.at(-1)?.id, record.id);
    } finally {
      await store.close();
    }
  });
});
