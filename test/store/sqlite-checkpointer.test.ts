import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as pause } from 'node:timers/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { BEHIND_LOG_GROWTH_BYTES, LOG_PAGES_LIMIT, SqliteCheckpointer, THREAD_START_LOG_BYTES } from '../../src/store/sqlite-checkpointer.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { longSlots, slotFields, TEST_ACTOR } from '../support/fixtures.js';
import { rowsInFileAlone } from '../support/sqlite-file.js';
import { eventually, within } from '../support/wait.js';

const T0 = '2026-01-01T00:00:00.000Z';
const ROWS = 6000;
/** Long enough for a wrongly started thread to have opened the file and copied the log (~60 ms). */
const QUIET_MS = 1000;

/** A WAL database whose commits never checkpoint: what they write stays in the log until someone copies it. */
function uncheckpointed(path: string, rows = ROWS): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE filler (text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  db.transaction(() => {
    for (let row = 0; row < rows; row++) insert.run('x'.repeat(1000));
  })();
  return db;
}

const fillerInFile = (path: string) => rowsInFileAlone(path, 'filler');

/** Polls `done` with the event loop held: no message from a thread is heard meanwhile. */
function waitWithoutYielding(done: () => boolean, timeoutMs: number, what: string): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    Atomics.wait(sleeper, 0, 0, 10);
  }
}
const logBytes = (path: string) => statSync(`${path}-wal`).size;

/**
 * A database whose log only grows: a read begun now keeps every later commit in it, so the thread can
 * neither copy nor empty it, and the log's growth is what the test commits. Nothing the test does yields,
 * so the checkpoint asked for first is running throughout, as it is for the writer between its commits.
 */
function heldLog(path: string): { commit: (megabytes: number) => void; release: () => void } {
  const db = uncheckpointed(path);
  const reader = new Database(path);
  reader.exec('BEGIN');
  reader.prepare('SELECT count(*) FROM filler').get();
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  const commit = (megabytes: number) =>
    db.transaction(() => {
      for (let row = 0; row < megabytes * 1000; row++) insert.run('y'.repeat(1000));
    })();
  const release = () => {
    reader.exec('COMMIT');
    reader.close();
    db.close();
  };
  return { commit, release };
}

describe('SqliteCheckpointer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-checkpoint-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the log into the database file when asked, then empties the log, longer than SQLite lets one grow', async () => {
    const path = join(dir, 'asked.db');
    const db = uncheckpointed(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    try {
      assert.equal(fillerInFile(path), 0, 'the rows are in the log only');
      assert.ok(statSync(`${path}-wal`).size > LOG_PAGES_LIMIT * 4096, 'the log is past the limit');
      checkpointer.request();
      await eventually(() => statSync(`${path}-wal`).size === 0, 10_000, 'the checkpoint thread to copy and empty the log');
      assert.equal(fillerInFile(path), ROWS);
    } finally {
      await checkpointer.close();
      db.close();
    }
  });

  it('starts no thread while the log is shorter than SQLite lets one grow, and one once it is not', async () => {
    const path = join(dir, 'short.db');
    const short = 100;
    const db = uncheckpointed(path, short);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    try {
      assert.ok(logBytes(path) < THREAD_START_LOG_BYTES, 'the log is short');
      checkpointer.request();
      await pause(QUIET_MS);
      assert.equal(fillerInFile(path), 0, 'the rows are still in the log only');
      const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
      db.transaction(() => {
        for (let row = short; row < ROWS; row++) insert.run('x'.repeat(1000));
      })();
      checkpointer.request();
      await eventually(() => fillerInFile(path) === ROWS, 10_000, 'the checkpoint thread to copy the log once it is long');
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
    // The thread took the checkpoint and then the close, in that order.
    assert.equal(fillerInFile(path), ROWS);
    db.close();
  });

  it('starts no thread once closed, though asked again', async () => {
    const path = join(dir, 'closed.db');
    const db = uncheckpointed(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    await within(checkpointer.close(), 5000, 'closing a checkpointer that never started');
    checkpointer.request();
    await pause(QUIET_MS);
    assert.equal(fillerInFile(path), 0);
    await within(checkpointer.close(), 5000, 'closing it again');
    db.close();
  });

  it('takes commits outpacing the thread for falling behind, but not one large commit, nor the commit after it', async () => {
    const path = join(dir, 'behind.db');
    const { commit, release } = heldLog(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    try {
      checkpointer.request();
      assert.equal(checkpointer.beforeCommit(), false, 'nothing written yet');
      commit(25);
      checkpointer.request();
      assert.equal(checkpointer.beforeCommit(), false, 'right after one commit of 25 MB');
      const afterLarge = logBytes(path);
      while (logBytes(path) - afterLarge <= BEHIND_LOG_GROWTH_BYTES) {
        assert.equal(checkpointer.beforeCommit(), false, `after ${logBytes(path) - afterLarge} bytes of small commits`);
        commit(1);
        checkpointer.request();
      }
      assert.equal(checkpointer.beforeCommit(), true, 'once small commits grew the log past the bound');
    } finally {
      await checkpointer.close();
      release();
    }
  });

  it('takes a second large commit before the thread answers for falling behind: a loop of large writes that never yields', async () => {
    const path = join(dir, 'large-stream.db');
    const { commit, release } = heldLog(path);
    const checkpointer = new SqliteCheckpointer(path, (error) => assert.fail(error));
    try {
      checkpointer.request();
      assert.equal(checkpointer.beforeCommit(), false, 'nothing written yet');
      commit(20);
      checkpointer.request();
      assert.equal(checkpointer.beforeCommit(), false, 'right after one commit of 20 MB');
      commit(20);
      checkpointer.request();
      assert.equal(checkpointer.beforeCommit(), true, 'after a second commit of 20 MB while the same checkpoint runs');
    } finally {
      await checkpointer.close();
      release();
    }
  });

  it('reports a thread that cannot open the database, once, with SQLite\'s code, and is quiet after', async () => {
    const failures: Error[] = [];
    const path = join(dir, 'nothing.db');
    // A log long enough to start the thread, beside no database for it to open.
    writeFileSync(`${path}-wal`, Buffer.alloc(THREAD_START_LOG_BYTES));
    const checkpointer = new SqliteCheckpointer(path, (error) => failures.push(error));
    checkpointer.request();
    await eventually(() => failures.length > 0, 10_000, 'the failure to be reported');
    checkpointer.request();
    await pause(QUIET_MS);
    assert.equal(failures.length, 1);
    assert.match(String(failures[0]), /unable to open database file/);
    assert.equal((failures[0] as Error & { code?: unknown }).code, 'SQLITE_CANTOPEN');
    await checkpointer.close();
  });
});

describe('SqliteStore with its checkpoint thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-store-checkpoint-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has what it commits copied into the database file while it stays open, once its log has been long', async () => {
    const path = join(dir, 'catalogue.db');
    const store = new SqliteStore(path, { onCheckpointError: (error) => assert.fail(String(error)) });
    try {
      await store.migrate();
      await store.createSlot(slotFields({ name: 'Small Write' }), T0, TEST_ACTOR);
      await pause(QUIET_MS);
      assert.equal(rowsInFileAlone(path, 'slots') ?? 0, 0, 'a short log is left to the close');
      const slots = longSlots(2500);
      await store.replaceCatalogue(slots, { fruit: ['🍒'] }, T0, TEST_ACTOR);
      assert.ok(logBytes(path) >= THREAD_START_LOG_BYTES, 'the import took the log past the threshold');
      await eventually(() => rowsInFileAlone(path, 'slots') === slots.length, 10_000, 'the import to be checkpointed');
      const { record } = await store.createSlot(slotFields({ name: 'One More Slot' }), T0, TEST_ACTOR);
      await eventually(() => rowsInFileAlone(path, 'slots', `id = ${record.id}`) === 1, 10_000, 'the new slot to be checkpointed');
    } finally {
      await store.close();
    }
  });

  it('leaves a large import\'s copy to the thread, not to its commit, even right after another write', async () => {
    const path = join(dir, 'large.db');
    const store = new SqliteStore(path, { onCheckpointError: (error) => assert.fail(String(error)) });
    try {
      await store.migrate();
      // ~25 MB of log: past the growth that makes a writer copy the log itself, were one large commit taken for a stream.
      const slots = longSlots(12_000);
      // The first import, past the threshold, starts the thread and its checkpoint. The test waits for
      // that checkpoint without yielding, so the store cannot hear it end and takes it as running through
      // the second import, while the thread, idle, has no request that could copy it before the look below.
      const first = longSlots(2500);
      await store.replaceCatalogue(first, { fruit: ['🍒'] }, T0, TEST_ACTOR);
      waitWithoutYielding(() => rowsInFileAlone(path, 'slots') === first.length, 20_000, 'the first import to be checkpointed');
      await store.replaceCatalogue(slots, { fruit: ['🍒'] }, T0, TEST_ACTOR);
      // The thread's copy of the import has not even been asked for; a writer copying it would leave 12,000 rows.
      assert.equal(rowsInFileAlone(path, 'slots'), first.length, 'the import is in the log only');
      await eventually(() => rowsInFileAlone(path, 'slots') === slots.length, 20_000, 'the import to be checkpointed');
    } finally {
      await store.close();
    }
  });

  it('keeps the log bounded under a stream of writes the thread cannot keep up with', async () => {
    const path = join(dir, 'stream.db');
    const store = new SqliteStore(path, { onCheckpointError: (error) => assert.fail(String(error)) });
    let longest = 0;
    try {
      await store.migrate();
      const { record } = await store.createSlot(slotFields({ name: 'Rewritten Slot' }), T0, TEST_ACTOR);
      // Back to back, never yielding: the thread's replies wait, so it is running at every commit.
      // 3,000 rewrites of a 2 KB description: the log passed 80 MB when nothing emptied it (bench/history/2026-11-25.md).
      for (let write = 0; write < 3000; write++) {
        await store.replaceSlot(record.id, slotFields({ name: 'Rewritten Slot', description: `${write} ${'y'.repeat(2000)}` }), T0, TEST_ACTOR);
        longest = Math.max(longest, statSync(`${path}-wal`).size);
      }
      // Each catch-up comes after the bound's growth, and one that finds the thread copying gives up
      // until as much again: on a machine busy enough for that, the log passes twice the bound once.
      assert.ok(longest < 3 * BEHIND_LOG_GROWTH_BYTES, `the log reached ${longest} bytes`);
      assert.equal((await store.load()).slots.find((slot) => slot.id === record.id)?.description.split(' ')[0], '2999');
    } finally {
      await store.close();
    }
  });
});
