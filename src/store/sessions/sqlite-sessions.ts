import type Database from 'better-sqlite3';
import type { Role } from '../access.js';
import type { SessionStore, StoredSession } from '../sessions.js';

/** Console sessions and sign-in failures, beside the operators in the same file. Times are milliseconds. */
export const SESSION_SCHEMA = `
  CREATE TABLE IF NOT EXISTS console_sessions (
    id_hash BLOB PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS console_sessions_by_last_seen ON console_sessions (last_seen_at);
  CREATE TABLE IF NOT EXISTS sign_in_failures (
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sign_in_failures_by_key ON sign_in_failures (key, at);
  CREATE INDEX IF NOT EXISTS sign_in_failures_by_time ON sign_in_failures (at);
  CREATE TABLE IF NOT EXISTS pending_imports (
    id_hash BLOB PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    document BLOB NOT NULL
  );
`;

interface SessionRow {
  readonly operator_id: number;
  readonly name: string;
  readonly role: string;
  readonly disabled: number;
  readonly updated_at: string;
  readonly created_at: number;
  readonly last_seen_at: number;
}

/** The session half of the SQLite store, on its connection; `write` runs a function as one durable write transaction. */
export class SqliteSessionStore implements SessionStore {
  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
  ) {}

  async createSession(idHash: Buffer, operatorId: number, now: number): Promise<void> {
    this.write(() => this.db.prepare('INSERT INTO console_sessions (id_hash, operator_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)').run(idHash, operatorId, now, now));
  }

  async session(idHash: Buffer): Promise<StoredSession | undefined> {
    const row = this.db
      .prepare(
        `SELECT s.operator_id, o.name, o.role, o.disabled, o.updated_at, s.created_at, s.last_seen_at
         FROM console_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.id_hash = ?`,
      )
      .get(idHash) as SessionRow | undefined;
    if (row === undefined) return undefined;
    return {
      operatorId: row.operator_id,
      operatorName: row.name,
      role: row.role as Role,
      disabled: row.disabled === 1,
      operatorChangedAt: Date.parse(row.updated_at),
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    };
  }

  async touchSession(idHash: Buffer, now: number): Promise<void> {
    this.write(() => this.db.prepare('UPDATE console_sessions SET last_seen_at = ? WHERE id_hash = ?').run(now, idHash));
  }

  async endSession(idHash: Buffer): Promise<void> {
    this.write(() => this.db.prepare('DELETE FROM console_sessions WHERE id_hash = ?').run(idHash));
  }

  async pruneSessions(idleBefore: number, createdBefore: number): Promise<void> {
    this.write(() => this.db.prepare('DELETE FROM console_sessions WHERE last_seen_at < ? OR created_at < ?').run(idleBefore, createdBefore));
  }

  async recordSignInFailure(keys: readonly string[], at: number, before: number): Promise<void> {
    this.write(() => {
      this.db.prepare('DELETE FROM sign_in_failures WHERE at < ?').run(before);
      const insert = this.db.prepare('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)');
      for (const key of keys) insert.run(key, at);
    });
  }

  async signInFailures(key: string, since: number): Promise<{ count: number; latest: number }> {
    const row = this.db.prepare('SELECT count(*) AS count, coalesce(max(at), 0) AS latest FROM sign_in_failures WHERE key = ? AND at >= ?').get(key, since) as {
      count: number;
      latest: number;
    };
    return { count: row.count, latest: row.latest };
  }

  async clearSignInFailures(key: string, before: number): Promise<void> {
    this.write(() => this.db.prepare('DELETE FROM sign_in_failures WHERE key = ? OR at < ?').run(key, before));
  }

  async savePendingImport(idHash: Buffer, operatorId: number, now: number, document: Buffer, before: number): Promise<void> {
    this.write(() => {
      this.db.prepare('DELETE FROM pending_imports WHERE created_at < ?').run(before);
      this.db.prepare('INSERT INTO pending_imports (id_hash, operator_id, created_at, document) VALUES (?, ?, ?, ?)').run(idHash, operatorId, now, document);
    });
  }

  async pendingImport(idHash: Buffer, operatorId: number): Promise<Buffer | undefined> {
    const row = this.db.prepare('SELECT document FROM pending_imports WHERE id_hash = ? AND operator_id = ?').get(idHash, operatorId) as { document: Buffer } | undefined;
    return row?.document;
  }

  async dropPendingImport(idHash: Buffer): Promise<void> {
    this.write(() => this.db.prepare('DELETE FROM pending_imports WHERE id_hash = ?').run(idHash));
  }
}
