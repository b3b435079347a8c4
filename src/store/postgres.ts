import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { CategoryMap } from '../catalogue/records/categories.js';
import type { ImportedSlot } from '../catalogue/records/document.js';
import type { SlotRecord } from '../catalogue/records/slot.js';
import type { Actor } from './access.js';
import { PostgresAccessStore, writeAuditEntry } from './access/postgres-access.js';
import { PostgresSessionStore } from './sessions/postgres-sessions.js';
import { PostgresInsightStore } from './insights/postgres-insights.js';
import { newHistoryId, type HistorySegment } from './history-id.js';
import { MIGRATIONS } from './postgres-migrations.js';
import { importedRecords, repeatedStringsShared, slotRecord } from './records.js';
import { changeText, slotChangeText } from './record-text.js';
import { slotWriteStatement, type SlotWrite, type SlotWriteRow } from './postgres-slot-write.js';
import { PostgresStateStore } from './state/postgres-state.js';
import { PostgresWebhookStore } from './webhooks/postgres-webhooks.js';
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

/** The channel every instance listens on; the payload names the instance that wrote. */
const CHANNEL = 'slotmoji_catalogue';
/** Advisory lock key held while migrating, so instances starting together do not race. */
const MIGRATION_LOCK = 4_180_307_725;
const CONNECT_TIMEOUT_MS = 5_000;
/** Rows per INSERT: three parameters each, well under PostgreSQL's 65,535 per statement. */
const INSERT_BATCH = 2_000;
/** Slots per page of a load: a page's rows are all that is held besides the records parsed so far. */
const LOAD_PAGE = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 1_000;

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
]);
/** pg's own errors for a connection that is gone or never came; they carry no code. */
const CONNECTION_MESSAGES = /connection terminated|timeout exceeded when trying to connect|not queryable|connection .*closed/i;
/** SQLSTATE classes meaning "not now" rather than "wrong": connection (08), resources (53), shutdown (57P), read-only standby. */
const UNAVAILABLE_SQLSTATES = /^(08|53|57P|25006)/;
const UNIQUE_VIOLATION = '23505';

const ignore = (): void => undefined;

export interface PostgresStoreOptions {
  /** Told about a lost listener connection or a pooled connection that died while idle. */
  readonly onError?: (error: Error) => void;
  readonly poolSize?: number;
  /** How much of the change log is kept. */
  readonly changeRetention?: ChangeRetention;
  /** How this instance's connections are named in pg_stat_activity; its listener's name adds `-listener`. */
  readonly applicationName?: string;
}

function errorCode(error: Error): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Turns pg's failures into the store's errors; anything else (a bug) passes through. */
function translate(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = errorCode(error);
  if (error instanceof pg.DatabaseError) {
    if (code === UNIQUE_VIOLATION) return new DuplicateSlugError(/\)=\((.*)\) already exists/.exec(error.detail ?? '')?.[1] ?? '');
    return code !== undefined && UNAVAILABLE_SQLSTATES.test(code) ? new StoreUnavailableError({ cause: error }) : error;
  }
  if ((code !== undefined && NETWORK_CODES.has(code)) || CONNECTION_MESSAGES.test(error.message)) {
    return new StoreUnavailableError({ cause: error });
  }
  return error;
}

/**
 * The shared store: several instances serve one catalogue. Every write is one transaction that
 * also logs the change and sends a NOTIFY, delivered on commit; every instance LISTENs and tells its
 * subscribers, which then read the changes they have not applied. The listener reconnects by itself
 * after an outage, and subscribers hear of it, since notifications may have been missed meanwhile.
 */
export class PostgresStore implements Store {
  readonly access: PostgresAccessStore;
  readonly sessions: PostgresSessionStore;
  readonly insights: PostgresInsightStore;
  private readonly pool: pg.Pool;
  /** Names this store's own notifications, which its subscribers need not hear. */
  private readonly instanceId = randomUUID();
  private readonly listeners: (() => void)[] = [];
  private listening: Promise<void> | undefined;
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private closed = false;
  /**
   * When the oldest change the log keeps expires (by age, in performance.now() terms, as measured by
   * the database's clock): until then a slot write has nothing to prune. Learnt by pruning; 0
   * (prune at the next write) until then, and after a failed transaction, whose prune rolled back.
   * Other writers only append newer changes or prune too, which leaves it true or early.
   */
  private oldestChangeExpiresAt = 0;
  readonly webhooks: WebhookStore;
  readonly state: PostgresStateStore;

  constructor(
    private readonly url: string,
    private readonly options: PostgresStoreOptions = {},
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: options.applicationName ?? 'slotmoji',
    });
    // A pooled connection that dies while idle (a database restart) must not crash the process; the pool drops it.
    this.pool.on('error', (error) => this.options.onError?.(error));
    const query = async (sql: string, params: readonly unknown[]) => {
      try {
        return await this.pool.query(sql, [...params]);
      } catch (error) {
        throw translate(error);
      }
    };
    this.sessions = new PostgresSessionStore(query);
    this.insights = new PostgresInsightStore(query);
    this.access = new PostgresAccessStore({
      transaction: (work) => this.transaction(work),
      query,
      channel: CHANNEL,
      instanceId: this.instanceId,
    });
    this.webhooks = new PostgresWebhookStore(this.pool, translate, (work) => this.transaction(work));
    this.state = new PostgresStateStore(async () => {
      try {
        return await this.pool.connect();
      } catch (error) {
        throw translate(error);
      }
    });
  }

  async migrate(): Promise<{ fresh: boolean }> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      const done = new Set(applied.rows.map((row) => row.version));
      for (const migration of MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      }
      await client.query('INSERT INTO history_id (value) VALUES ($1) ON CONFLICT (singleton) DO NOTHING', [newHistoryId()]);
      const initialised = await client.query("SELECT 1 FROM meta WHERE key = 'initialised'");
      return { fresh: initialised.rowCount === 0 };
    });
  }

  /**
   * The whole catalogue as one transaction saw it, read page by page (by id), so what is held at
   * once is the records parsed so far and one page of rows, not a result set of the whole table.
   */
  async load(): Promise<CatalogueData> {
    // One snapshot for every read, so slots, categories and sequence number are from the same moment.
    return this.transaction(async (client) => {
      const shared = repeatedStringsShared();
      const slots: SlotRecord[] = [];
      for (let after = 0; ; ) {
        const page = await client.query<{ id: string; record: SlotRecord }>('SELECT id, record FROM slots WHERE id > $1 ORDER BY id LIMIT $2', [
          after,
          LOAD_PAGE,
        ]);
        for (const row of page.rows) slots.push(shared(row.record));
        if (page.rows.length < LOAD_PAGE) break;
        after = Number(page.rows[page.rows.length - 1]?.id);
      }
      const map = await client.query<{ map: CategoryMap }>('SELECT map FROM category_map');
      const sequence = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'change_seq'");
      const history = await client.query<{ value: string }>('SELECT value FROM history_id');
      return { slots, categories: map.rows[0]?.map ?? {}, sequence: Number(sequence.rows[0]?.value ?? 0), history: history.rows[0]?.value ?? '' };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async seed(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void> {
    await this.transaction(async (client) => {
      const nextId = await this.lockNextId(client);
      const initialised = await client.query("SELECT 1 FROM meta WHERE key = 'initialised'");
      if (initialised.rowCount === 0) await this.replaceInTransaction(client, nextId, slots, categories, now);
    });
  }

  async replaceCatalogue(
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
    actor: Actor,
    ifSequence?: number,
  ): Promise<{ readonly records: readonly SlotRecord[]; readonly sequence: number }> {
    return this.transaction(async (client) => {
      const replaced = await this.replaceInTransaction(client, await this.lockNextId(client), slots, categories, now, ifSequence);
      await writeAuditEntry(client, { time: now, actor, action: 'catalogue.import', target: { type: 'catalogue', id: 'catalogue' } });
      return replaced;
    });
  }

  async createSlot(slot: SlotInput, now: string, actor: Actor): Promise<WrittenSlot> {
    return this.transaction(async (client) => {
      const id = await this.lockNextId(client);
      const record = slotRecord(id, slot, now, now);
      const text = JSON.stringify(record);
      const sequence = await this.writeSlot(client, {
        row: { kind: 'insert', id, slug: record.slug, record: text },
        change: slotChangeText(text),
        action: 'slot.create',
        before: null,
        after: text,
        now,
        actor,
      });
      await this.setNextId(client, id + 1);
      return { record, sequence };
    });
  }

  async replaceSlot(id: number, slot: SlotInput, now: string, actor: Actor, ifVersion?: number): Promise<WrittenSlot | undefined> {
    return this.transaction(async (client) => {
      const previous = await this.lockedRecord(client, id, ifVersion);
      if (previous === undefined) return undefined;
      const record = slotRecord(id, slot, previous.record.createdAt, now);
      const text = JSON.stringify(record);
      const sequence = await this.writeSlot(client, {
        row: { kind: 'update', id, slug: record.slug, record: text },
        change: slotChangeText(text),
        action: 'slot.replace',
        before: previous.text,
        after: text,
        now,
        actor,
      });
      return { record, sequence };
    });
  }

  async deleteSlot(id: number, now: string, actor: Actor, ifVersion?: number): Promise<number | undefined> {
    return this.transaction(async (client) => {
      const previous = await this.lockedRecord(client, id, ifVersion);
      if (previous === undefined) return undefined;
      return this.writeSlot(client, {
        row: { kind: 'delete', id },
        change: changeText({ kind: 'slotDeleted', id, slug: previous.record.slug }),
        action: 'slot.delete',
        before: previous.text,
        after: null,
        now,
        actor,
      });
    });
  }

  async replaceCategories(categories: CategoryMap, now: string, actor: Actor): Promise<number> {
    return this.transaction(async (client) => {
      await client.query('UPDATE category_map SET map = $1', [JSON.stringify(categories)]);
      await writeAuditEntry(client, { time: now, actor, action: 'categories.replace', target: { type: 'categories', id: 'categories' } });
      return this.logChange(client, changeText({ kind: 'categories', categories }));
    });
  }

  async restoreSlot(id: number, version: number, now: string, actor: Actor): Promise<RestoreOutcome> {
    return this.transaction(async (client): Promise<RestoreOutcome> => {
      const saved = await client.query<{ after: SlotRecord | null }>('SELECT after FROM audit WHERE slot_id = $1 AND version = $2', [id, version]);
      const found = saved.rows[0];
      if (found === undefined) return { missing: 'version' };
      if (found.after === null) return { missing: 'record' };
      const old = found.after;
      const previous = await this.lockedRecord(client, id);
      const record = slotRecord(id, old, previous?.record.createdAt ?? old.createdAt, now);
      const text = JSON.stringify(record);
      const sequence = await this.writeSlot(client, {
        row: { kind: previous === undefined ? 'insert' : 'update', id, slug: record.slug, record: text },
        change: slotChangeText(text),
        action: 'slot.restore',
        before: previous?.text ?? null,
        after: text,
        now,
        actor,
      });
      return { written: { record, sequence } };
    });
  }

  async readSlot(id: number): Promise<VersionedSlot | undefined> {
    let current: pg.QueryResult<{ record: SlotRecord; version: string }>;
    try {
      current = await this.pool.query('SELECT record, version FROM slots WHERE id = $1', [id]);
    } catch (error) {
      throw translate(error);
    }
    const row = current.rows[0];
    return row === undefined ? undefined : { record: row.record, version: Number(row.version) };
  }

  async readChanges(after: number, limit: number): Promise<ChangeLogPage> {
    // One statement, so the latest number and the rows after `after` are from the same moment.
    let result: pg.QueryResult<{ latest: string; history: string; seq: string | null; time: Date | null; change: unknown }>;
    try {
      result = await this.pool.query(
        `SELECT m.value AS latest, (SELECT value FROM history_id) AS history, c.seq, c.time, c.change
           FROM meta m LEFT JOIN LATERAL (SELECT seq, time, change FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2) c ON true
          WHERE m.key = 'change_seq' ORDER BY c.seq`,
        [after, limit],
      );
    } catch (error) {
      throw translate(error);
    }
    const first = result.rows[0];
    const latest = Number(first?.latest ?? 0);
    const history = first?.history ?? '';
    if (first === undefined) return { latest, history, changes: undefined };
    if (first.seq === null) return { latest, history, changes: latest === after ? [] : undefined };
    if (Number(first.seq) !== after + 1) return { latest, history, changes: undefined };
    return { latest, history, changes: result.rows.map((row) => ({ sequence: Number(row.seq), time: (row.time ?? new Date(0)).toISOString(), change: row.change })) };
  }

  async onChange(listener: () => void): Promise<void> {
    this.listeners.push(listener);
    this.listening ??= this.connectListener().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    await this.listening;
  }

  async historySegments(): Promise<readonly HistorySegment[]> {
    try {
      const { rows } = await this.pool.query<{ since: string; history: string }>('SELECT since, history FROM history_segments ORDER BY since');
      return rows.map((row) => ({ since: Number(row.since), history: row.history }));
    } catch (error) {
      throw translate(error);
    }
  }

  async ping(): Promise<void> {
    try {
      await this.pool.query('SELECT 1');
    } catch (error) {
      throw translate(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /**
   * Runs `work` in one transaction on a pooled connection: committed entirely, or rolled back.
   * A connection that failed mid-way is destroyed rather than returned to the pool.
   */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    // A connection lost while checked out also emits 'error'; the pending query already reports it,
    // so this listener only keeps the event from crashing the process. It stays on a destroyed client.
    client.on('error', ignore);
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      client.off('error', ignore);
      client.release();
      return result;
    } catch (error) {
      this.oldestChangeExpiresAt = 0;
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      if (rolledBack) client.off('error', ignore);
      client.release(!rolledBack);
      throw translate(error);
    }
  }

  /**
   * The next id to hand out, with the counter row locked until the transaction ends: writers that
   * assign ids take turns, across every instance. Ids only grow, so none is reused after a delete.
   */
  private async lockNextId(client: pg.PoolClient): Promise<number> {
    const { rows } = await client.query<{ next: string }>(
      "SELECT GREATEST(value, (SELECT COALESCE(MAX(id), 0) + 1 FROM slots)) AS next FROM meta WHERE key = 'next_id' FOR UPDATE",
    );
    return Number(rows[0]?.next ?? 1);
  }

  private async setNextId(client: pg.PoolClient, nextId: number): Promise<void> {
    await client.query("UPDATE meta SET value = $1 WHERE key = 'next_id'", [nextId]);
  }

  private async replaceInTransaction(
    client: pg.PoolClient,
    firstFreeId: number,
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
    ifSequence?: number,
  ): Promise<{ readonly records: readonly SlotRecord[]; readonly sequence: number }> {
    const { records, nextId } = importedRecords(slots, firstFreeId, now);
    await client.query('DELETE FROM slots');
    // Every slot is at the import's version: the number its change is logged under below. The row of
    // the counter stays locked from here to the commit, so no other writer can take that number first.
    // Taken after the slots' rows, in the order every writer locks them (slot, then counter): no deadlock.
    const next = await client.query<{ next: string }>("SELECT value + 1 AS next FROM meta WHERE key = 'change_seq' FOR UPDATE");
    const version = Number(next.rows[0]?.next ?? 1);
    // Read under that lock, as last committed: a writer that committed before it is seen here, and
    // every later one waits for this transaction, so the catalogue cannot move between look and write.
    if (ifSequence !== undefined && version - 1 !== ifSequence) throw new CatalogueMovedError(version - 1);
    for (let start = 0; start < records.length; start += INSERT_BATCH) {
      const batch = records.slice(start, start + INSERT_BATCH);
      // Multi-row VALUES: about three times faster here than unnest() over a json[] array literal.
      const rows = batch.map((_record, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3}, $${batch.length * 3 + 1})`);
      await client.query(
        `INSERT INTO slots (id, slug, record, version) VALUES ${rows.join(', ')}`,
        [...batch.flatMap((record) => [record.id, record.slug, JSON.stringify(record)]), version],
      );
    }
    await this.setNextId(client, nextId);
    await client.query('UPDATE category_map SET map = $1', [JSON.stringify(categories)]);
    await client.query("INSERT INTO meta (key, value) VALUES ('initialised', 1) ON CONFLICT (key) DO NOTHING");
    return { records, sequence: await this.logChange(client, changeText({ kind: 'imported' })) };
  }

  /**
   * Slot `id` as stored (and its text, which the audit keeps as it is), its row locked until
   * commit, or undefined; with `ifVersion`, only while it is at that version (else
   * `VersionConflictError`, rolling the transaction back).
   */
  private async lockedRecord(client: pg.PoolClient, id: number, ifVersion?: number): Promise<{ readonly record: SlotRecord; readonly text: string } | undefined> {
    const current = await client.query<{ record: string; version: string }>({
      name: 'slotmoji-slot-locked',
      text: 'SELECT record::text AS record, version FROM slots WHERE id = $1 FOR UPDATE',
      values: [id],
    });
    const row = current.rows[0];
    if (row === undefined) return undefined;
    const record = JSON.parse(row.record) as SlotRecord;
    const version = Number(row.version);
    if (ifVersion !== undefined && version !== ifVersion) throw new VersionConflictError({ record, version });
    return { record, text: row.record };
  }

  /**
   * A slot's row written, its change logged and its audit entry, in one round trip
   * (`slotWriteStatement`); resolves with the change's sequence number.
   */
  private async writeSlot(client: pg.PoolClient, write: SlotWrite): Promise<number> {
    const retention = this.options.changeRetention ?? DEFAULT_CHANGE_RETENTION;
    const askedAt = performance.now();
    const pruneByAge = retention.kind === 'age' && askedAt >= this.oldestChangeExpiresAt;
    const statement = slotWriteStatement(write, { retention, pruneByAge }, { channel: CHANNEL, instanceId: this.instanceId });
    const { rows } = await client.query<SlotWriteRow>(statement);
    const row = rows[0];
    if (pruneByAge) this.oldestChangeExpiresAt = row?.expires_in_ms === null || row === undefined ? 0 : askedAt + row.expires_in_ms;
    return Number(row?.seq);
  }

  /**
   * Appends a change (its JSON text) to the log under the next sequence number, drops what is past
   * the retained range, and queues the NOTIFY (delivered only if the transaction commits), in one
   * round trip. Incrementing the counter locks its row until commit, so writers take their numbers
   * in commit order.
   */
  private async logChange(client: pg.PoolClient, change: string): Promise<number> {
    const retention = this.options.changeRetention ?? DEFAULT_CHANGE_RETENTION;
    // By age, only the oldest few are looked at: times follow sequence order, so the expired ones are at the front.
    const { rows } = await client.query<{ seq: string }>(
      `WITH next AS (UPDATE meta SET value = value + 1 WHERE key = 'change_seq' RETURNING value),
            logged AS (INSERT INTO changes (seq, change, time) SELECT value, $1, clock_timestamp() FROM next RETURNING seq),
            pruned AS (
              DELETE FROM changes
               WHERE seq <= (SELECT value FROM next) - $2::bigint
                  OR (seq IN (SELECT seq FROM changes ORDER BY seq LIMIT $6) AND time < clock_timestamp() - $5::float8 * interval '1 millisecond')
            )
       SELECT seq, pg_notify($3, $4) FROM logged`,
      [change, retention.kind === 'count' ? retention.changes : null, CHANNEL, this.instanceId, retention.kind === 'age' ? retention.ms : null, AGE_PRUNE_BATCH],
    );
    return Number(rows[0]?.seq);
  }

  /** A dedicated connection (LISTEN needs one that stays put) that reports others' commits. */
  private async connectListener(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `${this.options.applicationName ?? 'slotmoji'}-listener`,
    });
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.options.onError?.(error ?? new Error('database listener connection closed'));
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== this.instanceId) this.emitChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw translate(error);
    }
    if (this.closed) await client.end();
    else this.listener = client;
  }

  /** Retries the listener with a growing pause; once back, subscribers reload, as changes may have been missed. */
  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== undefined) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connectListener().then(
        () => {
          this.reconnectDelay = RECONNECT_MIN_MS;
          this.emitChange();
        },
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private emitChange(): void {
    if (this.closed) return;
    for (const listener of this.listeners) listener();
  }
}
