import pg from 'pg';
import { auditColumns, auditEntry, slotVersion, tokenTarget, AUDIT_INSERT_COLUMNS, AUDIT_SELECT_COLUMNS, type AuditRow } from './audit-rows.js';
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

const UNIQUE_VIOLATION = '23505';

interface OperatorRow {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly password_hash: string;
  readonly disabled: boolean;
  readonly created_at: Date;
  readonly updated_at: Date;
}
interface TokenRow {
  readonly id: string;
  readonly name: string;
  readonly scope: string;
  readonly expires_at: Date | null;
  readonly created_at: Date;
  readonly last_used_at: Date | null;
}

const operator = (row: OperatorRow): Operator => ({
  id: Number(row.id),
  name: row.name,
  role: row.role as Role,
  disabled: row.disabled,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
const token = (row: TokenRow): ApiToken => ({
  id: Number(row.id),
  name: row.name,
  scope: row.scope as ApiToken['scope'],
  expiresAt: row.expires_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});
const TOKEN_COLUMNS = 'id, name, scope, expires_at, created_at, last_used_at';

/** Writes an audit entry inside the transaction `client` has open. */
export async function writeAuditEntry(client: pg.ClientBase, entry: NewAuditEntry): Promise<void> {
  const params = auditColumns(entry);
  const placeholders = params.map((_value, index) => `$${index + 1}`).join(', ');
  await client.query(`INSERT INTO audit (${AUDIT_INSERT_COLUMNS}) VALUES (${placeholders})`, [...params]);
}

/** What the access half borrows from the catalogue store: its transactions, pool and notification channel. */
export interface PostgresAccessDeps {
  readonly transaction: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
  readonly query: <R extends pg.QueryResultRow>(sql: string, params: readonly unknown[]) => Promise<pg.QueryResult<R>>;
  readonly channel: string;
  readonly instanceId: string;
}

/** The access half of the PostgreSQL store. */
export class PostgresAccessStore implements AccessStore {
  constructor(private readonly deps: PostgresAccessDeps) {}

  async createOperator(input: { name: string; role: Role; passwordHash: string }, time: string, actor: Actor): Promise<Operator> {
    return this.accessChange(async (client) => {
      let row: OperatorRow | undefined;
      try {
        const inserted = await client.query<OperatorRow>(
          'INSERT INTO operators (name, role, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING *',
          [input.name, input.role, input.passwordHash, time],
        );
        row = inserted.rows[0];
      } catch (error) {
        if (error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION) throw new DuplicateNameError(input.name);
        throw error;
      }
      await writeAuditEntry(client, { time, actor, action: 'operator.create', target: { type: 'operator', id: input.name } });
      return operator(row as OperatorRow);
    });
  }

  async operators(): Promise<readonly Operator[]> {
    return (await this.deps.query<OperatorRow>('SELECT * FROM operators ORDER BY lower(name)', [])).rows.map(operator);
  }

  async operatorCredentials(name: string): Promise<{ operator: Operator; passwordHash: string } | undefined> {
    const row = (await this.deps.query<OperatorRow>('SELECT * FROM operators WHERE lower(name) = lower($1)', [name])).rows[0];
    return row === undefined ? undefined : { operator: operator(row), passwordHash: row.password_hash };
  }

  async changeOperator(name: string, change: OperatorChange, time: string, actor: Actor): Promise<Operator | undefined> {
    return this.accessChange(async (client) => {
      const set =
        change.action === 'operator.passwd'
          ? { column: 'password_hash', value: change.passwordHash }
          : change.action === 'operator.role'
            ? { column: 'role', value: change.role }
            : { column: 'disabled', value: change.action === 'operator.disable' };
      const updated = await client.query<OperatorRow>(`UPDATE operators SET ${set.column} = $1, updated_at = $2 WHERE lower(name) = lower($3) RETURNING *`, [
        set.value,
        time,
        name,
      ]);
      const row = updated.rows[0];
      if (row === undefined) return undefined;
      await writeAuditEntry(client, { time, actor, action: change.action, target: { type: 'operator', id: row.name } });
      return operator(row);
    });
  }

  async createToken(input: NewApiToken, time: string, actor: Actor): Promise<ApiToken> {
    return this.accessChange(async (client) => {
      const inserted = await client.query<TokenRow>(
        `INSERT INTO api_tokens (name, scope, secret_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${TOKEN_COLUMNS}`,
        [input.name, input.scope, input.secretHash, input.expiresAt, time],
      );
      const created = token(inserted.rows[0] as TokenRow);
      await writeAuditEntry(client, { time, actor, action: 'token.create', target: tokenTarget(created) });
      return created;
    });
  }

  async tokens(): Promise<readonly ApiToken[]> {
    return (await this.deps.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens ORDER BY id`, [])).rows.map(token);
  }

  async tokenBySecretHash(secretHash: Buffer): Promise<ApiToken | undefined> {
    const row = (await this.deps.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE secret_hash = $1`, [secretHash])).rows[0];
    return row === undefined ? undefined : token(row);
  }

  async revokeToken(id: number, time: string, actor: Actor): Promise<boolean> {
    return this.accessChange(async (client) => {
      const row = (await client.query<TokenRow>(`DELETE FROM api_tokens WHERE id = $1 RETURNING ${TOKEN_COLUMNS}`, [id])).rows[0];
      if (row === undefined) return false;
      await writeAuditEntry(client, { time, actor, action: 'token.revoke', target: tokenTarget(token(row)) });
      return true;
    });
  }

  async recordTokenUse(id: number, time: string): Promise<void> {
    await this.deps.query('UPDATE api_tokens SET last_used_at = $1 WHERE id = $2', [time, id]);
  }

  async accessVersion(): Promise<number> {
    const row = (await this.deps.query<{ value: string }>("SELECT value FROM meta WHERE key = 'access_version'", [])).rows[0];
    return Number(row?.value ?? 0);
  }

  async record(entry: NewAuditEntry): Promise<void> {
    await this.deps.transaction((client) => writeAuditEntry(client, entry));
  }

  async audit(query: AuditQuery): Promise<readonly AuditEntry[]> {
    const { sql, params } = auditPageSql(query, (position) => `$${position}`);
    return (await this.deps.query<AuditRow>(sql, params)).rows.map(auditEntry);
  }

  async slotHistory(id: number, limit: number): Promise<readonly SlotVersion[]> {
    const rows = await this.deps.query<AuditRow>(
      `SELECT ${AUDIT_SELECT_COLUMNS} FROM audit WHERE slot_id = $1 ORDER BY time DESC, id DESC LIMIT $2`,
      [id, limit],
    );
    return rows.rows.map(slotVersion);
  }

  async pruneAudit(before: string, batch: number): Promise<number> {
    const deleted = await this.deps.query(
      'DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE time < $1 ORDER BY time, id LIMIT $2)',
      [before, batch],
    );
    return deleted.rowCount ?? 0;
  }

  /**
   * An operator or token change, its audit entry, a new access version and a notification (sent on
   * commit) in one transaction: other instances wake and drop the tokens they cached.
   */
  private accessChange<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.deps.transaction(async (client) => {
      const result = await work(client);
      await client.query("UPDATE meta SET value = value + 1 WHERE key = 'access_version'");
      await client.query('SELECT pg_notify($1, $2)', [this.deps.channel, this.deps.instanceId]);
      return result;
    });
  }
}
