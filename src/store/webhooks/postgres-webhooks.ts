import type pg from 'pg';
import type { Actor } from '../access.js';
import { writeAuditEntry } from '../access/postgres-access.js';
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

/** Attempts as column arrays, for `unnest`: one statement whatever their number. */
function attemptColumns(attempts: readonly DeliveryAttempt[]): unknown[] {
  return [
    attempts.map((attempt) => attempt.endpointId),
    attempts.map((attempt) => attempt.sequence),
    attempts.map((attempt) => attempt.messageId),
    attempts.map((attempt) => attempt.time),
    attempts.map((attempt) => attempt.status),
    attempts.map((attempt) => attempt.durationMs),
    attempts.map((attempt) => attempt.error),
  ];
}

const INSERT_ATTEMPTS = `
  WITH recorded AS (
    INSERT INTO webhook_attempts (endpoint_id, sequence, message_id, time, status, duration_ms, error)
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::int[], $6::float8[], $7::text[]) AS a (endpoint_id)
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = a.endpoint_id)
    RETURNING endpoint_id, id
  )
  DELETE FROM webhook_attempts w USING recorded r WHERE w.endpoint_id = r.endpoint_id AND w.id <= r.id - ${ATTEMPTS_KEPT * 2}`;

/**
 * The webhook tables (migration 5 of postgres-migrations.ts). Each read and delivery write is one
 * statement; an owner's change is a transaction of the catalogue store's, with its audit entry.
 */
export class PostgresWebhookStore implements WebhookStore {
  constructor(
    private readonly pool: pg.Pool,
    /** The catalogue store's translation of pg's failures into the store's errors. */
    private readonly translate: (error: unknown) => unknown,
    /** The catalogue store's transactions: a checked-out client, rolled back and translated on failure. */
    private readonly transaction: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>,
  ) {}

  async createEndpoint(input: EndpointInput, secret: string, now: string, actor: Actor): Promise<WebhookEndpoint> {
    const row = await this.audited('webhook.create', now, actor, (client) =>
      client.query<EndpointRow>(
        `INSERT INTO webhook_endpoints (url, events, description, status, secret, created_at, updated_at, cursor)
         VALUES ($1, $2, $3, 'enabled', $4, $5, $5, (SELECT value FROM meta WHERE key = 'change_seq')) RETURNING *`,
        [input.url, JSON.stringify(input.events), input.description, secret, now],
      ),
    );
    return endpointOf(row as EndpointRow);
  }

  async listEndpoints(): Promise<readonly WebhookEndpoint[]> {
    return (await this.query<EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id')).map(endpointOf);
  }

  async backlog(): Promise<readonly EndpointBacklog[]> {
    const rows = await this.query<BacklogRow>(
      `SELECT id, status, GREATEST((SELECT value FROM meta WHERE key = 'change_seq') - cursor, 0) AS undelivered,
              (SELECT time FROM changes WHERE seq > cursor ORDER BY seq LIMIT 1) AS oldest
         FROM webhook_endpoints WHERE status <> 'disabled' ORDER BY id`,
    );
    return rows.map(backlogOf);
  }

  async getEndpoint(id: number): Promise<WebhookEndpoint | undefined> {
    const row = await this.row(id);
    return row === undefined ? undefined : endpointOf(row);
  }

  async getSecrets(id: number): Promise<EndpointSecrets | undefined> {
    const row = await this.row(id);
    return row === undefined ? undefined : secretsOf(row);
  }

  async updateEndpoint(id: number, input: EndpointInput, status: EndpointStatus | undefined, now: string, actor: Actor): Promise<WebhookEndpoint | undefined> {
    const row = await this.audited('webhook.update', now, actor, (client) =>
      client.query<EndpointRow>(
      `UPDATE webhook_endpoints SET url = $2, events = $3, description = $4, updated_at = $5,
         status = COALESCE($6, status),
         failures = CASE WHEN $6 = 'enabled' AND status <> 'enabled' THEN 0 ELSE failures END,
         next_attempt_at = CASE WHEN $6 = 'enabled' AND status <> 'enabled' THEN 0 ELSE next_attempt_at END
       WHERE id = $1 RETURNING *`,
      [id, input.url, JSON.stringify(input.events), input.description, now, status ?? null],
      ),
    );
    return row === undefined ? undefined : endpointOf(row);
  }

  async rotateSecret(id: number, secret: string, previousUntil: number, now: string, actor: Actor): Promise<WebhookEndpoint | undefined> {
    const row = await this.audited('webhook.rotate', now, actor, (client) =>
      client.query<EndpointRow>('UPDATE webhook_endpoints SET previous_secret = secret, secret = $2, previous_until = $3, updated_at = $4 WHERE id = $1 RETURNING *', [
        id,
        secret,
        previousUntil,
        now,
      ]),
    );
    return row === undefined ? undefined : endpointOf(row);
  }

  async deleteEndpoint(id: number, now: string, actor: Actor): Promise<boolean> {
    const row = await this.audited('webhook.delete', now, actor, (client) => client.query<EndpointRow>('DELETE FROM webhook_endpoints WHERE id = $1 RETURNING *', [id]));
    return row !== undefined;
  }

  /**
   * Runs an owner's change to one endpoint and, when it touched a row, writes its audit entry (never
   * the secret) in the same transaction; resolves with the row.
   */
  private async audited(
    action: WebhookAuditAction,
    now: string,
    actor: Actor,
    change: (client: pg.PoolClient) => Promise<pg.QueryResult<EndpointRow>>,
  ): Promise<EndpointRow | undefined> {
    return this.transaction(async (client) => {
      const row = (await change(client)).rows[0];
      if (row !== undefined) await writeAuditEntry(client, { time: now, actor, action, target: webhookTarget(row) });
      return row;
    });
  }

  async listAttempts(endpointId: number): Promise<readonly DeliveryAttempt[]> {
    return (await this.query<AttemptRow>('SELECT * FROM webhook_attempts WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2', [endpointId, ATTEMPTS_KEPT])).map(attemptOf);
  }

  async recordAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.query(INSERT_ATTEMPTS, attemptColumns([attempt]));
  }

  async leaseDue(owner: string, now: number, until: number, limit: number): Promise<readonly LeasedEndpoint[]> {
    // SKIP LOCKED: instances asking at the same moment each take other endpoints, none waits for another.
    const rows = await this.query<EndpointRow>(
      `WITH due AS (
         SELECT id FROM webhook_endpoints
          WHERE status = 'enabled' AND next_attempt_at <= $3 AND (lease_owner IS NULL OR lease_until < $3)
            AND cursor < (SELECT value FROM meta WHERE key = 'change_seq')
          ORDER BY next_attempt_at LIMIT $4
          FOR UPDATE SKIP LOCKED
       )
       UPDATE webhook_endpoints e SET lease_owner = $1, lease_until = $2 FROM due WHERE e.id = due.id RETURNING e.*`,
      [owner, until, now, limit],
    );
    return rows.map(leasedOf);
  }

  async progress(id: number, owner: string, attempts: readonly DeliveryAttempt[], state: DeliveryState, until: number | null): Promise<boolean> {
    // One statement: the endpoint moved on only while this owner holds it, and its attempts with it.
    const rows = await this.query(
      `WITH held AS (
         UPDATE webhook_endpoints SET cursor = $3, failures = $4, next_attempt_at = $5, status = CASE WHEN status = 'enabled' THEN $6 ELSE status END,
                lease_until = COALESCE($7::bigint, 0), lease_owner = CASE WHEN $7::bigint IS NULL THEN NULL ELSE lease_owner END
          WHERE id = $1 AND lease_owner = $2 RETURNING id
       ), recorded AS (
         INSERT INTO webhook_attempts (endpoint_id, sequence, message_id, time, status, duration_ms, error)
         SELECT * FROM unnest($8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::int[], $13::float8[], $14::text[]) WHERE EXISTS (SELECT 1 FROM held)
         RETURNING id
       ), pruned AS (
         DELETE FROM webhook_attempts WHERE endpoint_id = $1 AND id <= (SELECT max(id) FROM recorded) - $15
       )
       SELECT id FROM held`,
      [id, owner, state.cursor, state.failures, state.nextAttemptAt, state.status, until, ...attemptColumns(attempts), ATTEMPTS_KEPT * 2],
    );
    return rows.length > 0;
  }

  async release(id: number, owner: string): Promise<void> {
    await this.query('UPDATE webhook_endpoints SET lease_owner = NULL, lease_until = 0 WHERE id = $1 AND lease_owner = $2', [id, owner]);
  }

  private async row(id: number): Promise<EndpointRow | undefined> {
    return (await this.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = $1', [id]))[0];
  }

  private async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    try {
      return (await this.pool.query<Row>(text, values)).rows;
    } catch (error) {
      throw this.translate(error);
    }
  }
}
