import type Database from 'better-sqlite3';
import type { Actor } from '../access.js';
import { writeAuditEntry } from '../access/sqlite-access.js';
import { attemptOf, backlogOf, endpointOf, leasedOf, secretsOf, webhookTarget, type AttemptRow, type BacklogRow, type EndpointRow } from './webhook-rows.js';
import {
  ATTEMPTS_KEPT,
  type DeliveryAttempt,
  type DeliveryState,
  type EndpointBacklog,
  type EndpointInput,
  type EndpointSecrets,
  type EndpointStatus,
  type LeasedEndpoint,
  type WebhookAuditAction,
  type WebhookEndpoint,
  type WebhookStore,
} from './webhook-store.js';

export const WEBHOOK_SCHEMA = `
  CREATE TABLE IF NOT EXISTS webhook_endpoints (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_until INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    cursor INTEGER NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    sequence INTEGER,
    message_id TEXT NOT NULL,
    time TEXT NOT NULL,
    status INTEGER,
    duration_ms REAL NOT NULL,
    error TEXT
  );
  CREATE INDEX IF NOT EXISTS webhook_attempts_by_endpoint ON webhook_attempts (endpoint_id, id);
`;

const LATEST = "(SELECT COALESCE((SELECT value FROM meta WHERE key = 'change_seq'), 0))";
/** An endpoint with changes to deliver whose turn has come and whose lease (if any) has run out; binds `now` twice. */
const DUE = `status = 'enabled' AND next_attempt_at <= ? AND (lease_owner IS NULL OR lease_until < ?) AND cursor < ${LATEST}`;

/**
 * The webhook tables on the catalogue's SQLite file. Every write goes through `write`, the
 * catalogue store's own (an IMMEDIATE transaction, then its checkpoint), so a lease taken here
 * is taken by one process only.
 */
export class SqliteWebhookStore implements WebhookStore {
  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
    /** The catalogue store's statements compiled once: the lease is asked every second. */
    private readonly statement: (sql: string) => Database.Statement,
  ) {}

  async createEndpoint(input: EndpointInput, secret: string, now: string, actor: Actor): Promise<WebhookEndpoint> {
    return this.write(() => {
      const row = this.db
        .prepare(
          `INSERT INTO webhook_endpoints (url, events, description, status, secret, created_at, updated_at, cursor)
           VALUES (?, ?, ?, 'enabled', ?, ?, ?, ${LATEST}) RETURNING *`,
        )
        .get(input.url, JSON.stringify(input.events), input.description, secret, now, now) as EndpointRow;
      this.audited('webhook.create', row, now, actor);
      return endpointOf(row);
    });
  }

  async listEndpoints(): Promise<readonly WebhookEndpoint[]> {
    return (this.db.prepare('SELECT * FROM webhook_endpoints ORDER BY id').all() as EndpointRow[]).map(endpointOf);
  }

  async backlog(): Promise<readonly EndpointBacklog[]> {
    const rows = this.statement(
      `SELECT id, status, MAX(${LATEST} - cursor, 0) AS undelivered, (SELECT time FROM changes WHERE seq > cursor ORDER BY seq LIMIT 1) AS oldest
         FROM webhook_endpoints WHERE status <> 'disabled' ORDER BY id`,
    ).all() as BacklogRow[];
    return rows.map(backlogOf);
  }

  async getEndpoint(id: number): Promise<WebhookEndpoint | undefined> {
    const row = this.row(id);
    return row === undefined ? undefined : endpointOf(row);
  }

  async getSecrets(id: number): Promise<EndpointSecrets | undefined> {
    const row = this.row(id);
    return row === undefined ? undefined : secretsOf(row);
  }

  async updateEndpoint(id: number, input: EndpointInput, status: EndpointStatus | undefined, now: string, actor: Actor): Promise<WebhookEndpoint | undefined> {
    return this.write(() => {
      const row = this.db
        .prepare(
          `UPDATE webhook_endpoints SET url = ?, events = ?, description = ?, updated_at = ?,
             status = COALESCE(?, status),
             failures = CASE WHEN ? = 'enabled' AND status <> 'enabled' THEN 0 ELSE failures END,
             next_attempt_at = CASE WHEN ? = 'enabled' AND status <> 'enabled' THEN 0 ELSE next_attempt_at END
           WHERE id = ? RETURNING *`,
        )
        .get(input.url, JSON.stringify(input.events), input.description, now, status ?? null, status ?? null, status ?? null, id) as EndpointRow | undefined;
      if (row === undefined) return undefined;
      this.audited('webhook.update', row, now, actor);
      return endpointOf(row);
    });
  }

  async rotateSecret(id: number, secret: string, previousUntil: number, now: string, actor: Actor): Promise<WebhookEndpoint | undefined> {
    return this.write(() => {
      const row = this.db
        .prepare('UPDATE webhook_endpoints SET previous_secret = secret, secret = ?, previous_until = ?, updated_at = ? WHERE id = ? RETURNING *')
        .get(secret, previousUntil, now, id) as EndpointRow | undefined;
      if (row === undefined) return undefined;
      this.audited('webhook.rotate', row, now, actor);
      return endpointOf(row);
    });
  }

  async deleteEndpoint(id: number, now: string, actor: Actor): Promise<boolean> {
    return this.write(() => {
      const row = this.db.prepare('DELETE FROM webhook_endpoints WHERE id = ? RETURNING *').get(id) as EndpointRow | undefined;
      if (row === undefined) return false;
      this.audited('webhook.delete', row, now, actor);
      return true;
    });
  }

  /** The audit entry of an owner's change to an endpoint (its row after, or as deleted), in the transaction that makes it (never its secret). */
  private audited(action: WebhookAuditAction, row: EndpointRow, now: string, actor: Actor): void {
    writeAuditEntry(this.db, { time: now, actor, action, target: webhookTarget(row) });
  }

  async listAttempts(endpointId: number): Promise<readonly DeliveryAttempt[]> {
    return (this.db.prepare('SELECT * FROM webhook_attempts WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?').all(endpointId, ATTEMPTS_KEPT) as AttemptRow[]).map(attemptOf);
  }

  async recordAttempt(attempt: DeliveryAttempt): Promise<void> {
    this.write(() => this.insertAttempts([attempt]));
  }

  async leaseDue(owner: string, now: number, until: number, limit: number): Promise<readonly LeasedEndpoint[]> {
    // Asked every second and most often with nothing due: a read says so without taking the write lock.
    const { due } = this.statement(`SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE ${DUE}) AS due`).get(now, now) as { due: number };
    if (due === 0) return [];
    return this.write(() => {
      const rows = this.statement(
        `UPDATE webhook_endpoints SET lease_owner = ?, lease_until = ?
          WHERE id IN (SELECT id FROM webhook_endpoints WHERE ${DUE} ORDER BY next_attempt_at LIMIT ?)
          RETURNING *`,
      ).all(owner, until, now, now, limit) as EndpointRow[];
      return rows.map(leasedOf);
    });
  }

  async progress(id: number, owner: string, attempts: readonly DeliveryAttempt[], state: DeliveryState, until: number | null): Promise<boolean> {
    return this.write(() => {
      const held = this.db
        .prepare(
          // An owner's change of status meanwhile stands: delivery only moves an enabled endpoint on.
          `UPDATE webhook_endpoints SET cursor = ?, failures = ?, next_attempt_at = ?, status = CASE WHEN status = 'enabled' THEN ? ELSE status END,
             lease_until = COALESCE(?, 0), lease_owner = CASE WHEN ? IS NULL THEN NULL ELSE lease_owner END
            WHERE id = ? AND lease_owner = ?`,
        )
        .run(state.cursor, state.failures, state.nextAttemptAt, state.status, until, until, id, owner).changes > 0;
      if (held) this.insertAttempts(attempts);
      return held;
    });
  }

  async release(id: number, owner: string): Promise<void> {
    this.write(() => this.db.prepare('UPDATE webhook_endpoints SET lease_owner = NULL, lease_until = 0 WHERE id = ? AND lease_owner = ?').run(id, owner));
  }

  /** Inserts attempts of endpoints that still exist, keeping the newest of each. */
  private insertAttempts(attempts: readonly DeliveryAttempt[]): void {
    const insert = this.db.prepare(
      `INSERT INTO webhook_attempts (endpoint_id, sequence, message_id, time, status, duration_ms, error)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?)`,
    );
    const prune = this.db.prepare('DELETE FROM webhook_attempts WHERE endpoint_id = ? AND id <= ?');
    for (const attempt of attempts) {
      const inserted = insert.run(attempt.endpointId, attempt.sequence, attempt.messageId, attempt.time, attempt.status, attempt.durationMs, attempt.error, attempt.endpointId);
      if (inserted.changes > 0) prune.run(attempt.endpointId, Number(inserted.lastInsertRowid) - ATTEMPTS_KEPT * 2);
    }
  }

  private row(id: number): EndpointRow | undefined {
    return this.db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?').get(id) as EndpointRow | undefined;
  }
}
