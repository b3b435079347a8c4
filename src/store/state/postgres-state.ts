import type pg from 'pg';
import { newHistoryId } from '../history-id.js';
import { NotEmptyError, STATE_PAGE, type RowOf, type StateRead, type StateRow, type StateStore, type StateSummary } from './state-rows.js';

/** Each kind's table as the rows name its columns (JSON as its text, so it is carried as stored), and the column it is paged by. */
const TABLES = {
  slot: { sql: 'SELECT id, slug, record::text AS record, version FROM slots', key: 'id' },
  operator: {
    sql: 'SELECT id, name, role, password_hash AS "passwordHash", disabled, created_at AS "createdAt", updated_at AS "updatedAt" FROM operators',
    key: 'id',
  },
  token: {
    sql: `SELECT id, name, scope, secret_hash AS "secretHash", expires_at AS "expiresAt", created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_tokens`,
    key: 'id',
  },
  webhook: {
    sql: `SELECT id, url, events, description, status, secret, previous_secret AS "previousSecret", previous_until AS "previousUntil",
            created_at AS "createdAt", updated_at AS "updatedAt", cursor, failures, next_attempt_at AS "nextAttemptAt" FROM webhook_endpoints`,
    key: 'id',
  },
  attempt: {
    sql: `SELECT id, endpoint_id AS "endpointId", sequence, message_id AS "messageId", time, status, duration_ms AS "durationMs", error FROM webhook_attempts`,
    key: 'id',
  },
  // Only what some endpoint has not yet received (decisions §20).
  change: {
    sql: 'SELECT seq AS sequence, time, change::text AS change FROM changes WHERE seq > (SELECT COALESCE(MIN(cursor), 9e18::bigint) FROM webhook_endpoints)',
    key: 'sequence',
  },
  audit: {
    sql: `SELECT id, time, actor_type AS "actorType", actor_name AS "actorName", action, target_type AS "targetType", target_id AS "targetId",
            slot_id AS "slotId", version, before::text AS before, after::text AS after FROM audit`,
    key: 'id',
  },
} as const;

type PagedKind = keyof typeof TABLES;
const PAGED_KINDS = Object.keys(TABLES) as PagedKind[];
/** Columns pg answers as strings (bigint) or Dates (timestamptz) that the rows hold as numbers and ISO texts. */
const NUMBERS = new Set(['id', 'version', 'endpointId', 'sequence', 'slotId', 'cursor', 'previousUntil', 'nextAttemptAt']);

function stateRow(kind: PagedKind, row: Record<string, unknown>): StateRow {
  const fields: Record<string, unknown> = { kind };
  for (const [name, value] of Object.entries(row)) {
    if (value instanceof Date) fields[name] = value.toISOString();
    else if (Buffer.isBuffer(value)) fields[name] = value.toString('base64');
    else if (NUMBERS.has(name) && typeof value === 'string') fields[name] = Number(value);
    else fields[name] = value;
  }
  return fields as StateRow;
}

/** Rows per INSERT, well under PostgreSQL's 65,535 parameters at thirteen columns. */
const INSERT_BATCH = 500;

/** How each kind is inserted: its table, columns, and the row's values in that order. */
const INSERTS: { readonly [K in Exclude<StateRow['kind'], 'categories'>]: { readonly table: string; readonly columns: string; readonly values: (row: RowOf<K>) => unknown[] } } = {
  slot: { table: 'slots', columns: 'id, slug, record, version', values: (r) => [r.id, r.slug, r.record, r.version] },
  operator: {
    table: 'operators',
    columns: 'id, name, role, password_hash, disabled, created_at, updated_at',
    values: (r) => [r.id, r.name, r.role, r.passwordHash, r.disabled, r.createdAt, r.updatedAt],
  },
  token: {
    table: 'api_tokens',
    columns: 'id, name, scope, secret_hash, expires_at, created_at, last_used_at',
    values: (r) => [r.id, r.name, r.scope, Buffer.from(r.secretHash, 'base64'), r.expiresAt, r.createdAt, r.lastUsedAt],
  },
  webhook: {
    table: 'webhook_endpoints',
    columns: 'id, url, events, description, status, secret, previous_secret, previous_until, created_at, updated_at, cursor, failures, next_attempt_at',
    values: (r) => [r.id, r.url, r.events, r.description, r.status, r.secret, r.previousSecret, r.previousUntil, r.createdAt, r.updatedAt, r.cursor, r.failures, r.nextAttemptAt],
  },
  attempt: {
    table: 'webhook_attempts',
    columns: 'id, endpoint_id, sequence, message_id, time, status, duration_ms, error',
    values: (r) => [r.id, r.endpointId, r.sequence, r.messageId, r.time, r.status, r.durationMs, r.error],
  },
  change: { table: 'changes', columns: 'seq, time, change', values: (r) => [r.sequence, r.time, r.change] },
  audit: {
    table: 'audit',
    columns: 'id, time, actor_type, actor_name, action, target_type, target_id, slot_id, version, before, after',
    values: (r) => [r.id, r.time, r.actorType, r.actorName, r.action, r.targetType, r.targetId, r.slotId, r.version, r.before, r.after],
  },
};

/** Tables whose ids come from a sequence: it must go on after the ids written. */
const SERIAL_TABLES = ['operators', 'api_tokens', 'webhook_endpoints', 'webhook_attempts', 'audit'];

/** The whole state of the PostgreSQL database, each read or write on one connection of the pool. */
export class PostgresStateStore implements StateStore {
  constructor(private readonly connect: () => Promise<pg.PoolClient>) {}

  async read<T>(use: (read: StateRead) => Promise<T>): Promise<T> {
    const client = await this.connect();
    const read = { ended: false };
    try {
      // One snapshot for every page: what committed after it is not seen, whatever writers do meanwhile.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const counts: Record<string, number> = { categories: 1 };
      for (const kind of PAGED_KINDS) counts[kind] = Number((await client.query<{ count: string }>(`SELECT COUNT(*) AS count FROM (${TABLES[kind].sql}) t`)).rows[0]?.count);
      const meta = await client.query<{ key: string; value: string }>('SELECT key, value FROM meta');
      const value = (key: string) => Number(meta.rows.find((row) => row.key === key)?.value ?? 0);
      const history = await client.query<{ value: string }>('SELECT value FROM history_id');
      const maxId = await client.query<{ max: string | null }>('SELECT MAX(id) AS max FROM slots');
      const segments = await client.query<{ since: string; history: string }>('SELECT since, history FROM history_segments ORDER BY since');
      const summary: StateSummary = {
        sequence: value('change_seq'),
        history: history.rows[0]?.value ?? '',
        nextId: Math.max(value('next_id'), Number(maxId.rows[0]?.max ?? 0) + 1),
        segments: segments.rows.map((row) => ({ since: Number(row.since), history: row.history })),
        counts,
      };
      const result = await use({ summary, rows: rowsOf(client, read) });
      read.ended = true;
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      read.ended = true;
      // Queued behind a page still being read, if any; a connection that cannot roll back is not reused.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw error;
    }
  }

  async write(summary: StateSummary, rows: AsyncIterable<StateRow>): Promise<{ readonly history: string }> {
    const client = await this.connect();
    try {
      await client.query('BEGIN');
      // Held to the commit: an instance starting on this database meanwhile migrates after, and finds it filled.
      await client.query('LOCK TABLE slots, operators, api_tokens, webhook_endpoints, audit IN EXCLUSIVE MODE');
      for (const [table, what] of [['slots', 'slots'], ['operators', 'operators'], ['api_tokens', 'API tokens'], ['webhook_endpoints', 'webhook endpoints'], ['audit', 'audit entries']]) {
        const count = Number((await client.query<{ count: string }>(`SELECT COUNT(*) AS count FROM ${table}`)).rows[0]?.count);
        if (count > 0) throw new NotEmptyError(`${count} ${what}`);
      }
      await client.query('DELETE FROM changes; DELETE FROM webhook_attempts; DELETE FROM console_sessions; DELETE FROM sign_in_failures; DELETE FROM pending_imports; DELETE FROM history_segments');
      const batches = new Map<string, StateRow[]>();
      const flush = async (kind: Exclude<StateRow['kind'], 'categories'>) => {
        const batch = batches.get(kind) ?? [];
        if (batch.length === 0) return;
        batches.set(kind, []);
        const { table, columns, values } = INSERTS[kind] as { table: string; columns: string; values: (row: StateRow) => unknown[] };
        const params = batch.flatMap((row) => values(row));
        const width = params.length / batch.length;
        const tuples = batch.map((_row, index) => `(${Array.from({ length: width }, (_column, column) => `$${index * width + column + 1}`).join(', ')})`);
        await client.query(`INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')}`, params);
      };
      let previous: Exclude<StateRow['kind'], 'categories'> | undefined;
      for await (const row of rows) {
        if (row.kind === 'categories') {
          await client.query('UPDATE category_map SET map = $1', [row.map]);
          continue;
        }
        // An attempt goes in after its endpoint: a kind's rows are flushed when the next kind begins.
        if (previous !== undefined && previous !== row.kind) await flush(previous);
        previous = row.kind;
        const batch = batches.get(row.kind) ?? [];
        batch.push(row);
        batches.set(row.kind, batch);
        if (batch.length >= INSERT_BATCH) await flush(row.kind);
      }
      if (previous !== undefined) await flush(previous);
      for (const table of SERIAL_TABLES) {
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX(id) FROM ${table}), 1), (SELECT COUNT(*) > 0 FROM ${table}))`);
      }
      const history = newHistoryId();
      await client.query("UPDATE meta SET value = $1 WHERE key = 'change_seq'", [summary.sequence]);
      await client.query("UPDATE meta SET value = $1 WHERE key = 'next_id'", [summary.nextId]);
      await client.query("UPDATE meta SET value = value + 1 WHERE key = 'access_version'");
      await client.query("INSERT INTO meta (key, value) VALUES ('initialised', 1) ON CONFLICT (key) DO NOTHING");
      await client.query('INSERT INTO history_id (value) VALUES ($1) ON CONFLICT (singleton) DO UPDATE SET value = excluded.value', [history]);
      for (const segment of [...summary.segments, { since: summary.sequence, history }]) {
        await client.query('INSERT INTO history_segments (since, history) VALUES ($1, $2) ON CONFLICT (since) DO UPDATE SET history = excluded.history', [segment.since, segment.history]);
      }
      await client.query('COMMIT');
      client.release();
      return { history };
    } catch (error) {
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw error;
    }
  }
}

/** The rows of `client`'s snapshot, page by page, each kind by its key; no page is asked for once the read has ended. */
async function* rowsOf(client: pg.PoolClient, read: { readonly ended: boolean }): AsyncGenerator<StateRow> {
  const map = await client.query<{ map: string }>('SELECT map::text AS map FROM category_map');
  yield { kind: 'categories', map: map.rows[0]?.map ?? '{}' };
  for (const kind of PAGED_KINDS) {
    const { sql, key } = TABLES[kind];
    for (let after = 0; !read.ended; ) {
      const page = await client.query<Record<string, unknown>>(`SELECT * FROM (${sql}) t WHERE ${key} > $1 ORDER BY ${key} LIMIT $2`, [after, STATE_PAGE]);
      for (const row of page.rows) yield stateRow(kind, row);
      if (page.rows.length < STATE_PAGE) break;
      after = Number(page.rows[page.rows.length - 1]?.[key]);
    }
  }
}
