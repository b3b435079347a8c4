import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { CategoryMap } from '../catalogue/records/categories.js';
import type { ImportedSlot } from '../catalogue/records/document.js';
import type { SlotRecord } from '../catalogue/records/slot.js';
import type { Actor, AuditAction } from './access.js';
import { ACCESS_SCHEMA, SqliteAccessStore, writeAuditEntry } from './access/sqlite-access.js';
import { SESSION_SCHEMA, SqliteSessionStore } from './sessions/sqlite-sessions.js';
import { INSIGHT_SCHEMA, SqliteInsightStore } from './insights/sqlite-insights.js';
import { newHistoryId, type HistorySegment } from './history-id.js';
import { changeText, recordText, slotChangeText } from './record-text.js';
import { importedRecords, repeatedStringsShared, slotRecord } from './records.js';
import { LOG_PAGES_LIMIT, SqliteCheckpointer } from './sqlite-checkpointer.js';
import { SqliteStateStore } from './state/sqlite-state.js';
import { SqliteWebhookStore, WEBHOOK_SCHEMA } from './webhooks/sqlite-webhooks.js';
import type { WebhookStore } from './webhooks/webhook-store.js';
import {
  AGE_PRUNE_BATCH,
  CatalogueMovedError,
  DEFAULT_CHANGE_RETENTION,
  DuplicateSlugError,
  StoreUnavailableError,
  VersionConflictError,
  type CatalogueData,
  type RestoreOutcome,
  type ChangeLogPage,
  type ChangeRetention,
  type SlotInput,
  type Store,
  type VersionedSlot,
  type WrittenSlot,
} from './store.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS slots (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE COLLATE NOCASE,
    record TEXT NOT NULL,
    -- The sequence number of the change that last wrote the slot (decisions §17); 0 before any.
    version INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS categories (
    position INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    emojis TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  );
  -- The history id (decisions §20): one row, beside the change sequence it names.
  CREATE TABLE IF NOT EXISTS history_id (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    value TEXT NOT NULL
  );
  -- The histories begun by restores (decisions §20): the changes after \`since\` were made under \`history\`.
  CREATE TABLE IF NOT EXISTS history_segments (
    since INTEGER PRIMARY KEY,
    history TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS changes (
    seq INTEGER PRIMARY KEY,
    change TEXT NOT NULL,
    time TEXT NOT NULL DEFAULT ''
  );
`;


/** How long a writer waits on a lock before giving up (SQLITE_BUSY, a 503). */
const BUSY_TIMEOUT_MS = 5000;
/** How long a writer catching up with the checkpoint thread waits for readers of older snapshots. */
const CATCH_UP_WAIT_MS = 100;
/** How often a subscriber checks whether another process committed to the same file. */
const CHANGE_POLL_MS = 250;
/** Slots read and parsed between two chances for requests to run (a few milliseconds of work). */
const LOAD_PAGE = 256;

/** SQLite result codes that mean the file cannot be written now, rather than that the write is wrong. */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN|NOMEM|PROTOCOL)/;

interface SlotRow {
  readonly record: string;
  readonly version: number;
}
/** A row of a load page, as an array: no object per row. */
type PagedSlotRow = readonly [id: number, record: string];
interface ChangeRow {
  readonly seq: number;
  readonly change: string;
  readonly time: string;
}
interface CategoryRow {
  readonly name: string;
  readonly emojis: string;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

const SEQUENCE_SQL = "SELECT value FROM meta WHERE key = 'change_seq'";
const HISTORY_SQL = 'SELECT value FROM history_id';
const CHANGES_SQL = 'SELECT seq, change, time FROM changes WHERE seq > ? ORDER BY seq LIMIT ?';

/** The sequence number of the last change committed, read with `read`: SEQUENCE_SQL prepared on the connection whose transaction asks. */
function sequenceIn(read: Database.Statement): number {
  const row = read.get() as { value: number } | undefined;
  return row?.value ?? 0;
}

/** The history id, read with `read`: HISTORY_SQL prepared on the connection whose transaction asks. */
function historyIn(read: Database.Statement): string {
  const row = read.get() as { value: string } | undefined;
  return row?.value ?? '';
}

/** Runs one write, turning SQLite's failures into the store's errors. */
function translated<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (UNAVAILABLE_CODES.test(errorCode(error) ?? '')) throw new StoreUnavailableError({ cause: error });
    throw error;
  }
}

export interface SqliteStoreOptions {
  /** How much of the change log is kept. */
  readonly changeRetention?: ChangeRetention;
  /**
   * Told when a checkpoint fails: the thread's (commits then checkpoint the log themselves, as SQLite
   * does by default) or a writer's catching up with it (the thread copies on).
   */
  readonly onCheckpointError?: (error: unknown) => void;
  /**
   * Whether checkpoints run on a thread of their own (the default, for a server). A command that
   * commits once and closes leaves them to SQLite, as at its default, and to the close: the thread's
   * start cost more CPU than the operator command's whole write.
   */
  readonly checkpointThread?: boolean;
}

/**
 * A change as stored: unreadable text (edited by hand) is passed on as it is, for the reader's check
 * to refuse.
 */
function storedChange(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The embedded store: one SQLite file in WAL mode, every commit synced to disk before it returns. */
export class SqliteStore implements Store {
  readonly access: SqliteAccessStore;
  readonly sessions: SqliteSessionStore;
  readonly insights: SqliteInsightStore;
  private readonly db: Database.Database;
  /** A second connection for loads, which read page by page in one transaction while the first goes on writing. */
  private reader: Database.Database | undefined;
  /** Loads take turns on the reader: its transaction spans several turns of the event loop. */
  private loading: Promise<unknown> = Promise.resolve();
  private readonly listeners: (() => void)[] = [];
  private changePoll: NodeJS.Timeout | undefined;
  private readonly checkpointer: SqliteCheckpointer | undefined;
  private readonly onCheckpointError: (error: unknown) => void;

  private readonly retention: ChangeRetention;
  /**
   * When the oldest change the log keeps expires (by age, in Date.now() terms): until then a write
   * has nothing to prune. Learnt by pruning; 0 (prune at the next write) until then, and after a
   * failed write, whose prune rolled back with it. Other processes on the file only append newer
   * changes or prune too, which leaves it true or early.
   */
  private oldestChangeExpiresAt = 0;
  /** Statements compiled once: compiling one costs about as much as running it, and a write runs several. */
  private readonly statements = new Map<string, Database.Statement>();
  readonly webhooks: WebhookStore;
  readonly state: SqliteStateStore;

  constructor(
    private readonly path: string,
    options: SqliteStoreOptions = {},
  ) {
    this.retention = options.changeRetention ?? DEFAULT_CHANGE_RETENTION;
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('foreign_keys = ON');
    // Checkpoints happen on a thread of their own, not inside the commit that crosses the threshold.
    const checkpointThread = options.checkpointThread ?? true;
    this.db.pragma(`wal_autocheckpoint = ${checkpointThread ? 0 : LOG_PAGES_LIMIT}`);
    this.onCheckpointError = options.onCheckpointError ?? (() => undefined);
    this.webhooks = new SqliteWebhookStore(
      this.db,
      (work) => this.commitAndCheckpoint(this.db.transaction(work)),
      (sql) => this.statement(sql),
    );
    this.checkpointer = checkpointThread
      ? new SqliteCheckpointer(path, (error) => {
          if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${LOG_PAGES_LIMIT}`);
          this.onCheckpointError(error);
        })
      : undefined;
    this.access = new SqliteAccessStore(this.db, (work) => this.commitAndCheckpoint(this.db.transaction(work)));
    this.sessions = new SqliteSessionStore(this.db, (work) => this.commitAndCheckpoint(this.db.transaction(work)));
    this.insights = new SqliteInsightStore(this.db, (work) => this.commitAndCheckpoint(this.db.transaction(work)));
    this.state = new SqliteStateStore(this.db, path);
  }

  /**
   * One transaction, taken with the write lock: a fresh file's two dozen statements were as many
   * synced commits, tens of milliseconds of every first start on a busy disk; and a migration
   * stopped half way now leaves nothing half made.
   */
  async migrate(): Promise<{ fresh: boolean }> {
    return this.db.transaction(() => this.migrateInTransaction()).immediate();
  }

  private migrateInTransaction(): { fresh: boolean } {
    this.db.exec(SCHEMA + WEBHOOK_SCHEMA);
    // Files made before slots had versions: adding a column with a constant default rewrites nothing.
    const slotColumns = this.db.prepare("SELECT name FROM pragma_table_info('slots')").pluck().all();
    if (!slotColumns.includes('version')) this.db.exec('ALTER TABLE slots ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
    this.db.exec(ACCESS_SCHEMA);
    const changeColumns = this.db.prepare("SELECT name FROM pragma_table_info('changes')").pluck().all();
    if (!changeColumns.includes('time')) {
      // A log from before times were kept: its changes are dated by when this version first opened it.
      this.db.exec("ALTER TABLE changes ADD COLUMN time TEXT NOT NULL DEFAULT ''");
      this.db.prepare('UPDATE changes SET time = ?').run(new Date().toISOString());
    }
    this.db.exec(SESSION_SCHEMA + INSIGHT_SCHEMA);
    // A database made now, or one made before history ids: either way it gets its id once.
    this.db.prepare('INSERT OR IGNORE INTO history_id (singleton, value) VALUES (1, ?)').run(newHistoryId());
    const initialised = this.db.prepare("SELECT value FROM meta WHERE key = 'initialised'").get();
    return { fresh: initialised === undefined };
  }

  /**
   * The whole catalogue as one transaction saw it, read in pages with the event loop free in between,
   * so a reload after another process's write (100,000 slots: about a second of parsing) does not
   * hold up requests. WAL keeps the transaction's view fixed while writers commit meanwhile.
   */
  async load(): Promise<CatalogueData> {
    const run = this.loading.then(() => this.readAll());
    this.loading = run.catch(() => undefined);
    return run;
  }

  private async readAll(): Promise<CatalogueData> {
    this.reader ??= new Database(this.path, { fileMustExist: true });
    const reader = this.reader;
    reader.exec('BEGIN');
    try {
      const page = reader.prepare('SELECT id, record FROM slots WHERE id > ? ORDER BY id LIMIT ?').raw();
      const shared = repeatedStringsShared();
      const slots: SlotRecord[] = [];
      for (let after = 0; ; ) {
        const rows = page.all(after, LOAD_PAGE) as PagedSlotRow[];
        for (const [, record] of rows) slots.push(shared(JSON.parse(record) as SlotRecord));
        if (rows.length < LOAD_PAGE) break;
        after = (rows[rows.length - 1] as PagedSlotRow)[0];
        await new Promise((resolve) => setImmediate(resolve));
      }
      const categories: Record<string, string[]> = {};
      for (const row of reader.prepare('SELECT name, emojis FROM categories ORDER BY position').all() as CategoryRow[]) {
        categories[row.name] = JSON.parse(row.emojis) as string[];
      }
      return { slots, categories, sequence: sequenceIn(reader.prepare(SEQUENCE_SQL)), history: historyIn(reader.prepare(HISTORY_SQL)) };
    } finally {
      reader.exec('COMMIT');
    }
  }

  async seed(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void> {
    const seed = this.db.transaction(() => {
      if (this.db.prepare("SELECT value FROM meta WHERE key = 'initialised'").get() !== undefined) return;
      this.replaceInTransaction(slots, categories, now);
    });
    this.commitAndCheckpoint(seed);
  }

  async replaceCatalogue(
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
    actor: Actor,
    ifSequence?: number,
  ): Promise<{ readonly records: readonly SlotRecord[]; readonly sequence: number }> {
    const replace = this.db.transaction(() => {
      // The transaction is IMMEDIATE: it holds the write lock from its start, so no writer lands after this look.
      const latest = sequenceIn(this.statement(SEQUENCE_SQL));
      if (ifSequence !== undefined && latest !== ifSequence) throw new CatalogueMovedError(latest);
      const replaced = this.replaceInTransaction(slots, categories, now);
      writeAuditEntry(this.db, { time: now, actor, action: 'catalogue.import', target: { type: 'catalogue', id: 'catalogue' } });
      return replaced;
    });
    return this.commitAndCheckpoint(replace);
  }

  async createSlot(slot: SlotInput, now: string, actor: Actor): Promise<WrittenSlot> {
    const create = this.db.transaction(() => {
      const id = this.nextId();
      const record = slotRecord(id, slot, now, now);
      const text = recordText(record);
      // Logged first, so the row is written once, with its version.
      const sequence = this.logChange(slotChangeText(text));
      this.insert(record, text, sequence);
      this.setNextId(id + 1);
      this.audited({ id, before: null, after: text, sequence, action: 'slot.create', now, actor });
      return { record, sequence };
    });
    return this.commitAndCheckpoint(create);
  }

  async replaceSlot(id: number, slot: SlotInput, now: string, actor: Actor, ifVersion?: number): Promise<WrittenSlot | undefined> {
    const replace = this.db.transaction(() => {
      const previous = this.currentRecord(id, ifVersion);
      if (previous === undefined) return undefined;
      const record = slotRecord(id, slot, previous.record.createdAt, now);
      const text = recordText(record);
      const sequence = this.logChange(slotChangeText(text));
      this.update(record, text, sequence);
      this.audited({ id, before: previous.text, after: text, sequence, action: 'slot.replace', now, actor });
      return { record, sequence };
    });
    return this.commitAndCheckpoint(replace);
  }

  async deleteSlot(id: number, now: string, actor: Actor, ifVersion?: number): Promise<number | undefined> {
    const remove = this.db.transaction(() => {
      const previous = this.currentRecord(id, ifVersion);
      if (previous === undefined) return undefined;
      this.statement('DELETE FROM slots WHERE id = ?').run(id);
      const sequence = this.logChange(changeText({ kind: 'slotDeleted', id, slug: previous.record.slug }));
      this.audited({ id, before: previous.text, after: null, sequence, action: 'slot.delete', now, actor });
      return sequence;
    });
    return this.commitAndCheckpoint(remove);
  }

  async replaceCategories(categories: CategoryMap, now: string, actor: Actor): Promise<number> {
    const replace = this.db.transaction(() => {
      this.replaceCategoriesInTransaction(categories);
      writeAuditEntry(this.db, { time: now, actor, action: 'categories.replace', target: { type: 'categories', id: 'categories' } });
      return this.logChange(changeText({ kind: 'categories', categories }));
    });
    return this.commitAndCheckpoint(replace);
  }

  async restoreSlot(id: number, version: number, now: string, actor: Actor): Promise<RestoreOutcome> {
    const restore = this.db.transaction((): RestoreOutcome => {
      const saved = this.statement('SELECT after FROM audit WHERE slot_id = ? AND version = ?').get(id, version) as { after: string | null } | undefined;
      if (saved === undefined) return { missing: 'version' };
      if (saved.after === null) return { missing: 'record' };
      const old = JSON.parse(saved.after) as SlotRecord;
      const previous = this.currentRecord(id);
      const record = slotRecord(id, old, previous?.record.createdAt ?? old.createdAt, now);
      const text = recordText(record);
      const sequence = this.logChange(slotChangeText(text));
      if (previous === undefined) this.insert(record, text, sequence);
      else this.update(record, text, sequence);
      this.audited({ id, before: previous?.text ?? null, after: text, sequence, action: 'slot.restore', now, actor });
      return { written: { record, sequence } };
    });
    return this.commitAndCheckpoint(restore);
  }

  async readSlot(id: number): Promise<VersionedSlot | undefined> {
    const row = this.db.prepare('SELECT record, version FROM slots WHERE id = ?').get(id) as SlotRow | undefined;
    return row === undefined ? undefined : { record: JSON.parse(row.record) as SlotRecord, version: row.version };
  }

  async readChanges(after: number, limit: number): Promise<ChangeLogPage> {
    const read = this.db.transaction(() => {
      // Compiled once: the feed asks this for every page, a repeated page for this alone.
      const latest = sequenceIn(this.statement(SEQUENCE_SQL));
      const history = historyIn(this.statement(HISTORY_SQL));
      const rows = this.statement(CHANGES_SQL).all(after, limit) as ChangeRow[];
      const first = rows[0];
      if (first === undefined ? latest !== after : first.seq !== after + 1) return { latest, history, changes: undefined };
      return { latest, history, changes: rows.map((row) => ({ sequence: row.seq, time: row.time, change: storedChange(row.change) })) };
    });
    return read();
  }

  /** Other processes on the same file are noticed through SQLite's `data_version`, which only their commits change. */
  async onChange(listener: () => void): Promise<void> {
    this.listeners.push(listener);
    if (this.changePoll !== undefined) return;
    let version = this.dataVersion();
    this.changePoll = setInterval(() => {
      const current = this.dataVersion();
      if (current === version) return;
      version = current;
      for (const notify of this.listeners) notify();
    }, CHANGE_POLL_MS);
    this.changePoll.unref();
  }

  async historySegments(): Promise<readonly HistorySegment[]> {
    return this.db.prepare('SELECT since, history FROM history_segments ORDER BY since').all() as HistorySegment[];
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    clearInterval(this.changePoll);
    await this.checkpointer?.close();
    await this.loading;
    this.reader?.close();
    this.db.close();
  }

  /** Runs a write transaction (IMMEDIATE: the write lock first), then asks for what it logged to be checkpointed. */
  private commitAndCheckpoint<T>(transaction: Database.Transaction<() => T>): T {
    // Judged before this commit: its own growth (an import's) is the thread's to copy.
    const behind = this.checkpointer?.beforeCommit() ?? false;
    let result: T;
    try {
      result = translated(() => transaction.immediate());
    } catch (error) {
      this.oldestChangeExpiresAt = 0;
      throw error;
    }
    // The commit is durable now: nothing after it may turn it into a failed write.
    try {
      this.checkpointer?.request();
      if (behind) this.catchUpWithCheckpoints();
    } catch (error) {
      this.onCheckpointError(error);
    }
    return result;
  }

  /**
   * Copies and empties the log here, as SQLite would at commit: the thread cannot keep up, and the
   * log only starts over when a write begins with all of it copied. While the thread copies, SQLite
   * answers busy at once; readers of older snapshots are waited for briefly. Either way (a row saying
   * busy, not an error) the next try comes only after as much growth again, so a long read costs at
   * most one wait per 16 MiB of commits.
   */
  private catchUpWithCheckpoints(): void {
    this.db.pragma(`busy_timeout = ${CATCH_UP_WAIT_MS}`);
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      this.checkpointer?.countGrowthFromNow();
    }
  }

  /** `sql` compiled on the writing connection, once. */
  private statement(sql: string): Database.Statement {
    let compiled = this.statements.get(sql);
    if (compiled === undefined) {
      compiled = this.db.prepare(sql);
      this.statements.set(sql, compiled);
    }
    return compiled;
  }

  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  private replaceInTransaction(
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
  ): { readonly records: readonly SlotRecord[]; readonly sequence: number } {
    const { records, nextId } = importedRecords(slots, this.nextId(), now);
    this.db.prepare('DELETE FROM slots').run();
    // Every slot is at the import's version: the number its change is logged under below (one writer at a time).
    const version = sequenceIn(this.statement(SEQUENCE_SQL)) + 1;
    const insert = this.db.prepare('INSERT INTO slots (id, slug, record, version) VALUES (?, ?, ?, ?)');
    for (const record of records) this.insert(record, recordText(record), version, insert);
    this.setNextId(nextId);
    this.replaceCategoriesInTransaction(categories);
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('initialised', 1)").run();
    return { records, sequence: this.logChange(changeText({ kind: 'imported' })) };
  }

  /**
   * Slot `id` as stored (and its text, which the audit keeps as it is), or undefined; with
   * `ifVersion`, only while it is at that version (else `VersionConflictError`, rolling the
   * transaction back).
   */
  private currentRecord(id: number, ifVersion?: number): { readonly record: SlotRecord; readonly text: string } | undefined {
    const row = this.statement('SELECT record, version FROM slots WHERE id = ?').get(id) as SlotRow | undefined;
    if (row === undefined) return undefined;
    const record = JSON.parse(row.record) as SlotRecord;
    if (ifVersion !== undefined && row.version !== ifVersion) throw new VersionConflictError({ record, version: row.version });
    return { record, text: row.record };
  }

  /** The audit entry of a slot change, in the write's transaction, with the records as the texts already written. */
  private audited(write: {
    id: number;
    before: string | null;
    after: string | null;
    sequence: number;
    action: AuditAction;
    now: string;
    actor: Actor;
  }): void {
    const { id, before, after, sequence, action, now, actor } = write;
    writeAuditEntry(this.db, { time: now, actor, action, target: { type: 'slot', id: String(id) }, version: sequence }, { before, after });
  }

  private update(record: SlotRecord, text: string, version: number): void {
    try {
      this.statement('UPDATE slots SET slug = ?, record = ?, version = ? WHERE id = ?').run(record.slug, text, version, record.id);
    } catch (error) {
      throw errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE' ? new DuplicateSlugError(record.slug) : error;
    }
  }

  /**
   * Appends a change (its JSON text) to the log under the next sequence number, dropping what is
   * past the retained range.
   */
  private logChange(changeText: string): number {
    const now = Date.now();
    const { value: sequence } = this.statement(
      "INSERT INTO meta (key, value) VALUES ('change_seq', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1 RETURNING value",
    ).get() as { value: number };
    this.statement('INSERT INTO changes (seq, change, time) VALUES (?, ?, ?)').run(sequence, changeText, new Date(now).toISOString());
    if (this.retention.kind === 'count') {
      this.statement('DELETE FROM changes WHERE seq <= ?').run(sequence - this.retention.changes);
    } else if (now >= this.oldestChangeExpiresAt) {
      this.pruneChangesByAge(now, this.retention.ms);
    }
    return sequence;
  }

  /**
   * Drops the expired changes at the front of the log (only the oldest few are looked at: times
   * follow sequence order), then learns when the oldest one left expires: no write before then
   * has anything to drop.
   */
  private pruneChangesByAge(now: number, retainedMs: number): void {
    this.statement('DELETE FROM changes WHERE seq IN (SELECT seq FROM (SELECT seq, time FROM changes ORDER BY seq LIMIT ?) WHERE time < ?)').run(
      AGE_PRUNE_BATCH,
      new Date(now - retainedMs).toISOString(),
    );
    const oldest = this.statement('SELECT time FROM changes ORDER BY seq LIMIT 1').get() as { time: string } | undefined;
    const expiresAt = oldest === undefined ? Number.NaN : Date.parse(oldest.time) + retainedMs;
    this.oldestChangeExpiresAt = Number.isNaN(expiresAt) ? 0 : expiresAt;
  }

  private insert(record: SlotRecord, text: string, version: number, statement = this.statement('INSERT INTO slots (id, slug, record, version) VALUES (?, ?, ?, ?)')): void {
    try {
      statement.run(record.id, record.slug, text, version);
    } catch (error) {
      throw errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE' ? new DuplicateSlugError(record.slug) : error;
    }
  }

  /** The next id to assign: ids only grow, so one is never reused after a delete. */
  private nextId(): number {
    const row = this.statement("SELECT value FROM meta WHERE key = 'next_id'").get() as { value: number } | undefined;
    const max = this.statement('SELECT COALESCE(MAX(id), 0) AS max FROM slots').get() as { max: number };
    return Math.max(row?.value ?? 1, max.max + 1);
  }

  private setNextId(nextId: number): void {
    this.statement("INSERT INTO meta (key, value) VALUES ('next_id', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(nextId);
  }

  private replaceCategoriesInTransaction(categories: CategoryMap): void {
    this.db.prepare('DELETE FROM categories').run();
    const insert = this.db.prepare('INSERT INTO categories (position, name, emojis) VALUES (?, ?, ?)');
    Object.entries(categories).forEach(([name, emojis], position) => insert.run(position, name, JSON.stringify(emojis)));
  }
}
