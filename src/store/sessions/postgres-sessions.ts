import type { Role } from '../access.js';
import type { Migration } from '../migration-step.js';
import type { SessionStore, StoredSession } from '../sessions.js';

/** Console sessions, sign-in failures and pending imports (decisions §18). */
export const SESSION_MIGRATION: Migration = {
  version: 6,
  sql: `
    CREATE TABLE console_sessions (
      id_hash bytea PRIMARY KEY,
      operator_id bigint NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
      created_at bigint NOT NULL,
      last_seen_at bigint NOT NULL
    );
    CREATE INDEX console_sessions_by_last_seen ON console_sessions (last_seen_at);
    CREATE TABLE sign_in_failures (
      key text NOT NULL,
      at bigint NOT NULL
    );
    CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at);
    CREATE INDEX sign_in_failures_by_time ON sign_in_failures (at);
    CREATE TABLE pending_imports (
      id_hash bytea PRIMARY KEY,
      operator_id bigint NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
      created_at bigint NOT NULL,
      document bytea NOT NULL
    );
  `,
};

interface SessionRow {
  readonly operator_id: string;
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  readonly updated_at: Date;
  readonly created_at: string;
  readonly last_seen_at: string;
}

/** Runs one statement on the pool, with the store's error translation. */
export type PostgresQuery = (sql: string, params: readonly unknown[]) => Promise<{ readonly rows: readonly unknown[] }>;

/** The session half of the PostgreSQL store; each statement commits on its own. Times are milliseconds. */
export class PostgresSessionStore implements SessionStore {
  constructor(private readonly query: PostgresQuery) {}

  async createSession(idHash: Buffer, operatorId: number, now: number): Promise<void> {
    await this.query('INSERT INTO console_sessions (id_hash, operator_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [idHash, operatorId, now]);
  }

  async session(idHash: Buffer): Promise<StoredSession | undefined> {
    const { rows } = await this.query(
      `SELECT s.operator_id, o.name, o.role, o.disabled, o.updated_at, s.created_at, s.last_seen_at
       FROM console_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.id_hash = $1`,
      [idHash],
    );
    const row = rows[0] as SessionRow | undefined;
    if (row === undefined) return undefined;
    return {
      operatorId: Number(row.operator_id),
      operatorName: row.name,
      role: row.role as Role,
      disabled: row.disabled,
      operatorChangedAt: row.updated_at.getTime(),
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
    };
  }

  async touchSession(idHash: Buffer, now: number): Promise<void> {
    await this.query('UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, now]);
  }

  async endSession(idHash: Buffer): Promise<void> {
    await this.query('DELETE FROM console_sessions WHERE id_hash = $1', [idHash]);
  }

  async pruneSessions(idleBefore: number, createdBefore: number): Promise<void> {
    await this.query('DELETE FROM console_sessions WHERE last_seen_at < $1 OR created_at < $2', [idleBefore, createdBefore]);
  }

  async recordSignInFailure(keys: readonly string[], at: number, before: number): Promise<void> {
    await this.query('DELETE FROM sign_in_failures WHERE at < $1', [before]);
    await this.query('INSERT INTO sign_in_failures (key, at) SELECT unnest($1::text[]), $2', [[...keys], at]);
  }

  async signInFailures(key: string, since: number): Promise<{ count: number; latest: number }> {
    const { rows } = await this.query('SELECT count(*)::int AS count, coalesce(max(at), 0) AS latest FROM sign_in_failures WHERE key = $1 AND at >= $2', [key, since]);
    const row = rows[0] as { count: number; latest: string };
    return { count: row.count, latest: Number(row.latest) };
  }

  async clearSignInFailures(key: string, before: number): Promise<void> {
    await this.query('DELETE FROM sign_in_failures WHERE key = $1 OR at < $2', [key, before]);
  }

  async savePendingImport(idHash: Buffer, operatorId: number, now: number, document: Buffer, before: number): Promise<void> {
    await this.query('DELETE FROM pending_imports WHERE created_at < $1', [before]);
    await this.query('INSERT INTO pending_imports (id_hash, operator_id, created_at, document) VALUES ($1, $2, $3, $4)', [idHash, operatorId, now, document]);
  }

  async pendingImport(idHash: Buffer, operatorId: number): Promise<Buffer | undefined> {
    const { rows } = await this.query('SELECT document FROM pending_imports WHERE id_hash = $1 AND operator_id = $2', [idHash, operatorId]);
    return (rows[0] as { document: Buffer } | undefined)?.document;
  }

  async dropPendingImport(idHash: Buffer): Promise<void> {
    await this.query('DELETE FROM pending_imports WHERE id_hash = $1', [idHash]);
  }
}
