import type Database from 'better-sqlite3';
import { auditColumns, auditEntry, slotVersion, tokenTarget, AUDIT_INSERT_COLUMNS, AUDIT_SELECT_COLUMNS, type AuditRecordTexts, type AuditRow } from './audit-rows.js';
import { auditPageSql } from './audit-query.js';
import {
  DuplicateNameError,
  type AccessStore,
  type Actor,
  type ApiToken,
  type AuditEntry,
  type AuditQuery,
  type NewApiToken,
  type NewAuditEntry,
  type Operator,
  type OperatorChange,
  type Role,
  type SlotVersion,
} from '../access.js';

/** Operators, tokens and the audit, beside the catalogue's tables in the same file. */
export const ACCESS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS operators (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    scope TEXT NOT NULL,
    secret_hash BLOB NOT NULL UNIQUE,
    expires_at TEXT,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time TEXT NOT NULL,
    actor_type TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    slot_id INTEGER,
    version INTEGER,
    before TEXT,
    after TEXT
  );
  CREATE INDEX IF NOT EXISTS audit_by_time ON audit (time, id);
  CREATE INDEX IF NOT EXISTS audit_by_actor ON audit (actor_name, time, id);
  CREATE INDEX IF NOT EXISTS audit_by_action ON audit (action, time, id);
  CREATE INDEX IF NOT EXISTS audit_by_slot ON audit (slot_id, time, id) WHERE slot_id IS NOT NULL;
`;

const UNIQUE = 'SQLITE_CONSTRAINT_UNIQUE';

interface OperatorRow {
  readonly id: number;
  readonly name: string;
  readonly role: string;
  readonly password_hash: string;
  readonly disabled: number;
  readonly created_at: string;
  readonly updated_at: string;
}
interface TokenRow {
  readonly id: number;
  readonly name: string;
  readonly scope: string;
  readonly expires_at: string | null;
  readonly created_at: string;
  readonly last_used_at: string | null;
}

const operator = (row: OperatorRow): Operator => ({
  id: row.id,
  name: row.name,
  role: row.role as Role,
  disabled: row.disabled === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
const token = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope as ApiToken['scope'],
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});
const TOKEN_COLUMNS = 'id, name, scope, expires_at, created_at, last_used_at';

/** The INSERT of an entry, compiled once per connection: every write of the catalogue runs it. */
const inserts = new WeakMap<Database.Database, Database.Statement>();

/** Writes an audit entry on `db`, inside whatever transaction is open there (a slot write's records as `texts`). */
export function writeAuditEntry(db: Database.Database, entry: NewAuditEntry, texts?: AuditRecordTexts): void {
  let insert = inserts.get(db);
  if (insert === undefined) {
    insert = db.prepare(`INSERT INTO audit (${AUDIT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    inserts.set(db, insert);
  }
  insert.run(...auditColumns(entry, texts));
}

/** The access half of the SQLite store, on its connection; `write` runs a function as one durable write transaction. */
export class SqliteAccessStore implements AccessStore {
  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
  ) {}

  async createOperator(input: { name: string; role: Role; passwordHash: string }, time: string, actor: Actor): Promise<Operator> {
    return this.accessChange(() => {
      let id: number;
      try {
        id = Number(
          this.db
            .prepare('INSERT INTO operators (name, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
            .run(input.name, input.role, input.passwordHash, time, time).lastInsertRowid,
        );
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === UNIQUE) throw new DuplicateNameError(input.name);
        throw error;
      }
      writeAuditEntry(this.db, { time, actor, action: 'operator.create', target: { type: 'operator', id: input.name } });
      return operator(this.db.prepare('SELECT * FROM operators WHERE id = ?').get(id) as OperatorRow);
    });
  }

  async operators(): Promise<readonly Operator[]> {
    return (this.db.prepare('SELECT * FROM operators ORDER BY name').all() as OperatorRow[]).map(operator);
  }

  async operatorCredentials(name: string): Promise<{ operator: Operator; passwordHash: string } | undefined> {
    const row = this.db.prepare('SELECT * FROM operators WHERE name = ?').get(name) as OperatorRow | undefined;
    return row === undefined ? undefined : { operator: operator(row), passwordHash: row.password_hash };
  }

  async changeOperator(name: string, change: OperatorChange, time: string, actor: Actor): Promise<Operator | undefined> {
    return this.accessChange(() => {
      const row = this.db.prepare('SELECT * FROM operators WHERE name = ?').get(name) as OperatorRow | undefined;
      if (row === undefined) return undefined;
      const set =
        change.action === 'operator.passwd'
          ? { column: 'password_hash', value: change.passwordHash }
          : change.action === 'operator.role'
            ? { column: 'role', value: change.role }
            : { column: 'disabled', value: change.action === 'operator.disable' ? 1 : 0 };
      this.db.prepare(`UPDATE operators SET ${set.column} = ?, updated_at = ? WHERE id = ?`).run(set.value, time, row.id);
      writeAuditEntry(this.db, { time, actor, action: change.action, target: { type: 'operator', id: row.name } });
      return operator(this.db.prepare('SELECT * FROM operators WHERE id = ?').get(row.id) as OperatorRow);
    });
  }

  async createToken(input: NewApiToken, time: string, actor: Actor): Promise<ApiToken> {
    return this.accessChange(() => {
      const id = Number(
        this.db
          .prepare('INSERT INTO api_tokens (name, scope, secret_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(input.name, input.scope, input.secretHash, input.expiresAt, time).lastInsertRowid,
      );
      const created = token(this.db.prepare(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = ?`).get(id) as TokenRow);
      writeAuditEntry(this.db, { time, actor, action: 'token.create', target: tokenTarget(created) });
      return created;
    });
  }

  async tokens(): Promise<readonly ApiToken[]> {
    return (this.db.prepare(`SELECT ${TOKEN_COLUMNS} FROM api_tokens ORDER BY id`).all() as TokenRow[]).map(token);
  }

  async tokenBySecretHash(secretHash: Buffer): Promise<ApiToken | undefined> {
    const row = this.db.prepare(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE secret_hash = ?`).get(secretHash) as TokenRow | undefined;
    return row === undefined ? undefined : token(row);
  }

  async revokeToken(id: number, time: string, actor: Actor): Promise<boolean> {
    return this.accessChange(() => {
      const row = this.db.prepare(`DELETE FROM api_tokens WHERE id = ? RETURNING ${TOKEN_COLUMNS}`).get(id) as TokenRow | undefined;
      if (row === undefined) return false;
      writeAuditEntry(this.db, { time, actor, action: 'token.revoke', target: tokenTarget(token(row)) });
      return true;
    });
  }

  async recordTokenUse(id: number, time: string): Promise<void> {
    this.write(() => this.db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(time, id));
  }

  async accessVersion(): Promise<number> {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'access_version'").get() as { value: number } | undefined;
    return row?.value ?? 0;
  }

  async record(entry: NewAuditEntry): Promise<void> {
    this.write(() => writeAuditEntry(this.db, entry));
  }

  async audit(query: AuditQuery): Promise<readonly AuditEntry[]> {
    const { sql, params } = auditPageSql(query, () => '?');
    return (this.db.prepare(sql).all(...params) as AuditRow[]).map(auditEntry);
  }

  async slotHistory(id: number, limit: number): Promise<readonly SlotVersion[]> {
    const rows = this.db
      .prepare(`SELECT ${AUDIT_SELECT_COLUMNS} FROM audit WHERE slot_id = ? ORDER BY time DESC, id DESC LIMIT ?`)
      .all(id, limit) as AuditRow[];
    return rows.map(slotVersion);
  }

  async pruneAudit(before: string, batch: number): Promise<number> {
    return this.write(
      () => this.db.prepare('DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE time < ? ORDER BY time, id LIMIT ?)').run(before, batch).changes,
    );
  }

  /** An operator or token change: its audit entry and a new access version in the same transaction. */
  private accessChange<T>(work: () => T): T {
    return this.write(() => {
      const result = work();
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('access_version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1").run();
      return result;
    });
  }
}
