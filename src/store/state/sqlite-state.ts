import Database from 'better-sqlite3';
import { newHistoryId } from '../history-id.js';
import { NotEmptyError, STATE_PAGE, type StateRead, type StateRow, type StateStore, type StateSummary } from './state-rows.js';

/** Each kind's table, columns as the rows name them, and the column it is paged by. */
const TABLES = {
  slot: { sql: 'SELECT id, slug, record, version FROM slots', key: 'id' },
  operator: {
    sql: 'SELECT id, name, role, password_hash AS passwordHash, disabled, created_at AS createdAt, updated_at AS updatedAt FROM operators',
    key: 'id',
  },
  token: {
    sql: 'SELECT id, name, scope, secret_hash AS secretHash, expires_at AS expiresAt, created_at AS createdAt, last_used_at AS lastUsedAt FROM api_tokens',
    key: 'id',
  },
  webhook: {
    sql: `SELECT id, url, events, description, status, secret, previous_secret AS previousSecret, previous_until AS previousUntil,
            created_at AS createdAt, updated_at AS updatedAt, cursor, failures, next_attempt_at AS nextAttemptAt FROM webhook_endpoints`,
    key: 'id',
  },
  attempt: {
    sql: `SELECT id, endpoint_id AS endpointId, sequence, message_id AS messageId, time, status, duration_ms AS durationMs, error FROM webhook_attempts`,
    key: 'id',
  },
  // Only what some endpoint has not yet received (decisions §20).
  change: { sql: 'SELECT seq AS sequence, time, change FROM changes WHERE seq > (SELECT COALESCE(MIN(cursor), 1e18) FROM webhook_endpoints)', key: 'sequence' },
  audit: {
    sql: `SELECT id, time, actor_type AS actorType, actor_name AS actorName, action, target_type AS targetType, target_id AS targetId,
            slot_id AS slotId, version, before, after FROM audit`,
    key: 'id',
  },
} as const;

type PagedKind = keyof typeof TABLES;
const PAGED_KINDS = Object.keys(TABLES) as PagedKind[];

/** A row as SQLite answers it, made the store-neutral row: booleans, base64. */
function stateRow(kind: PagedKind, row: Record<string, unknown>): StateRow {
  if (kind === 'operator') return { kind, ...row, disabled: row['disabled'] === 1 } as StateRow;
  if (kind === 'token') return { kind, ...row, secretHash: (row['secretHash'] as Buffer).toString('base64') } as StateRow;
  return { kind, ...row } as StateRow;
}

const meta = (db: Database.Database, key: string): number => (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as number | undefined) ?? 0;

/** The whole state of the SQLite file: read on a connection of its own, written on the store's. */
export class SqliteStateStore implements StateStore {
  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
  ) {}

  async read<T>(use: (read: StateRead) => Promise<T>): Promise<T> {
    const reader = new Database(this.path, { readonly: true, fileMustExist: true });
    try {
      // One read transaction: in WAL mode its first read fixes what every later one sees.
      reader.exec('BEGIN');
      const counts: Record<string, number> = { categories: 1 };
      for (const kind of PAGED_KINDS) counts[kind] = reader.prepare(`SELECT COUNT(*) FROM (${TABLES[kind].sql})`).pluck().get() as number;
      const summary: StateSummary = {
        sequence: meta(reader, 'change_seq'),
        history: (reader.prepare('SELECT value FROM history_id').pluck().get() as string | undefined) ?? '',
        nextId: Math.max(meta(reader, 'next_id'), ((reader.prepare('SELECT MAX(id) FROM slots').pluck().get() as number | null) ?? 0) + 1),
        segments: reader.prepare('SELECT since, history FROM history_segments ORDER BY since').all() as StateSummary['segments'],
        counts,
      };
      return await use({ summary, rows: rowsOf(reader) });
    } finally {
      // Closing ends the read transaction.
      reader.close();
    }
  }

  async write(summary: StateSummary, rows: AsyncIterable<StateRow>): Promise<{ readonly history: string }> {
    const { db } = this;
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const [table, what] of [['slots', 'slots'], ['operators', 'operators'], ['api_tokens', 'API tokens'], ['webhook_endpoints', 'webhook endpoints'], ['audit', 'audit entries']]) {
        const count = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
        if (count > 0) throw new NotEmptyError(`${count} ${what}`);
      }
      for (const table of ['changes', 'categories', 'console_sessions', 'sign_in_failures', 'pending_imports', 'webhook_attempts', 'history_segments']) {
        db.exec(`DELETE FROM ${table}`);
      }
      const insert = {
        slot: db.prepare('INSERT INTO slots (id, slug, record, version) VALUES (@id, @slug, @record, @version)'),
        operator: db.prepare(
          'INSERT INTO operators (id, name, role, password_hash, disabled, created_at, updated_at) VALUES (@id, @name, @role, @passwordHash, @disabled, @createdAt, @updatedAt)',
        ),
        token: db.prepare(
          'INSERT INTO api_tokens (id, name, scope, secret_hash, expires_at, created_at, last_used_at) VALUES (@id, @name, @scope, @secretHash, @expiresAt, @createdAt, @lastUsedAt)',
        ),
        webhook: db.prepare(`INSERT INTO webhook_endpoints (id, url, events, description, status, secret, previous_secret, previous_until, created_at, updated_at, cursor, failures, next_attempt_at)
          VALUES (@id, @url, @events, @description, @status, @secret, @previousSecret, @previousUntil, @createdAt, @updatedAt, @cursor, @failures, @nextAttemptAt)`),
        attempt: db.prepare(`INSERT INTO webhook_attempts (id, endpoint_id, sequence, message_id, time, status, duration_ms, error)
          VALUES (@id, @endpointId, @sequence, @messageId, @time, @status, @durationMs, @error)`),
        change: db.prepare('INSERT INTO changes (seq, change, time) VALUES (@sequence, @change, @time)'),
        audit: db.prepare(`INSERT INTO audit (id, time, actor_type, actor_name, action, target_type, target_id, slot_id, version, before, after)
          VALUES (@id, @time, @actorType, @actorName, @action, @targetType, @targetId, @slotId, @version, @before, @after)`),
        category: db.prepare('INSERT INTO categories (position, name, emojis) VALUES (?, ?, ?)'),
      };
      for await (const row of rows) {
        const { kind, ...fields } = row;
        if (row.kind === 'categories') {
          Object.entries(JSON.parse(row.map) as Record<string, unknown>).forEach(([name, emojis], position) => insert.category.run(position, name, JSON.stringify(emojis)));
        } else if (row.kind === 'operator') {
          insert.operator.run({ ...fields, disabled: row.disabled ? 1 : 0 });
        } else if (row.kind === 'token') {
          insert.token.run({ ...fields, secretHash: Buffer.from(row.secretHash, 'base64') });
        } else {
          insert[kind as Exclude<typeof kind, 'categories' | 'operator' | 'token'>].run(fields);
        }
      }
      const history = newHistoryId();
      const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
      setMeta.run('change_seq', summary.sequence);
      setMeta.run('next_id', summary.nextId);
      setMeta.run('initialised', 1);
      // Every instance's token cache starts over.
      db.prepare("INSERT INTO meta (key, value) VALUES ('access_version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1").run();
      db.prepare('INSERT INTO history_id (singleton, value) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET value = excluded.value').run(history);
      const segment = db.prepare('INSERT OR REPLACE INTO history_segments (since, history) VALUES (?, ?)');
      for (const { since, history: earlier } of summary.segments) segment.run(since, earlier);
      segment.run(summary.sequence, history);
      db.exec('COMMIT');
      return { history };
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** The rows of `reader`'s transaction, page by page, each kind by its key. */
async function* rowsOf(reader: Database.Database): AsyncGenerator<StateRow> {
  const categories = reader.prepare('SELECT name, emojis FROM categories ORDER BY position').all() as { name: string; emojis: string }[];
  yield { kind: 'categories', map: `{${categories.map((row) => `${JSON.stringify(row.name)}:${row.emojis}`).join(',')}}` };
  for (const kind of PAGED_KINDS) {
    const { sql, key } = TABLES[kind];
    const page = reader.prepare(`SELECT * FROM (${sql}) WHERE ${key} > ? ORDER BY ${key} LIMIT ?`);
    for (let after = 0; ; ) {
      const rows = page.all(after, STATE_PAGE) as Record<string, unknown>[];
      for (const row of rows) yield stateRow(kind, row);
      if (rows.length < STATE_PAGE) break;
      after = rows[rows.length - 1]?.[key] as number;
    }
  }
}
