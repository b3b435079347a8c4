import type pg from 'pg';
import { attemptOf, endpointOf, leasedOf, secretsOf, type AttemptRow, type EndpointRow } from './webhook-rows.js';
import {
  ATTEMPTS_KEPT,
  type DeliveryAttempt,
  type DeliveryState,
  type EndpointInput,
  type EndpointSecrets,
  type EndpointStatus,
  type LeasedEndpoint,
  type WebhookEndpoint,
  type WebhookStore,
} from './webhook-store.js';

/** The webhook tables (migration 11 of postgres-migrations.ts); each method is one statement, so one transaction. */
export class PostgresWebhookStore implements WebhookStore {
  constructor(
    private readonly pool: pg.Pool,
    /** The catalogue store's translation of pg's failures into the store's errors. */
    private readonly translate: (error: unknown) => unknown,
  ) {}

  async createEndpoint(input: EndpointInput, secret: string, now: string): Promise<WebhookEndpoint> {
    const rows = await this.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (url, events, description, status, secret, created_at, updated_at, cursor)
       VALUES ($1, $2, $3, 'enabled', $4, $5, $5, (SELECT value FROM meta WHERE key = 'change_seq')) RETURNING *`,
      [input.url, JSON.stringify(input.events), input.description, secret, now],
    );
    return endpointOf(rows[0] as EndpointRow);
  }

  async listEndpoints(): Promise<readonly WebhookEndpoint[]> {
    return (await this.query<EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id')).map(endpointOf);
  }

  async getEndpoint(id: number): Promise<WebhookEndpoint | undefined> {
    const row = await this.row(id);
    return row === undefined ? undefined : endpointOf(row);
  }

  async getSecrets(id: number): Promise<EndpointSecrets | undefined> {
    const row = await this.row(id);
    return row === undefined ? undefined : secretsOf(row);
  }

  async updateEndpoint(id: number, input: EndpointInput, status: EndpointStatus | undefined, now: string): Promise<WebhookEndpoint | undefined> {
    const rows = await this.query<EndpointRow>(
      `UPDATE webhook_endpoints SET url = $2, events = $3, description = $4, updated_at = $5,
         status = COALESCE($6, status),
         failures = CASE WHEN $6 = 'enabled' AND status <> 'enabled' THEN 0 ELSE failures END,
         next_attempt_at = CASE WHEN $6 = 'enabled' AND status <> 'enabled' THEN 0 ELSE next_attempt_at END
       WHERE id = $1 RETURNING *`,
      [id, input.url, JSON.stringify(input.events), input.description, now, status ?? null],
    );
    return rows[0] === undefined ? undefined : endpointOf(rows[0]);
  }

  async rotateSecret(id: number, secret: string, previousUntil: number, now: string): Promise<WebhookEndpoint | undefined> {
    const rows = await this.query<EndpointRow>(
      'UPDATE webhook_endpoints SET previous_secret = secret, secret = $2, previous_until = $3, updated_at = $4 WHERE id = $1 RETURNING *',
      [id, secret, previousUntil, now],
    );
    return rows[0] === undefined ? undefined : endpointOf(rows[0]);
  }

  async deleteEndpoint(id: number): Promise<boolean> {
    return (await this.query('DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id', [id])).length > 0;
  }

  async listAttempts(endpointId: number): Promise<readonly DeliveryAttempt[]> {
    return (await this.query<AttemptRow>('SELECT * FROM webhook_attempts WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2', [endpointId, ATTEMPTS_KEPT])).map(attemptOf);
  }

  async recordAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.query(
      `WITH inserted AS (
         INSERT INTO webhook_attempts (endpoint_id, sequence, message_id, time, status, duration_ms, error)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = $1) RETURNING id
       )
       DELETE FROM webhook_attempts WHERE endpoint_id = $1 AND id <= (SELECT id FROM inserted) - $8`,
      [attempt.endpointId, attempt.sequence, attempt.messageId, attempt.time, attempt.status, attempt.durationMs, attempt.error, ATTEMPTS_KEPT * 2],
    );
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

  async renewLease(id: number, owner: string, until: number): Promise<boolean> {
    return (await this.query('UPDATE webhook_endpoints SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 RETURNING id', [id, owner, until])).length > 0;
  }

  async settle(id: number, owner: string, state: DeliveryState): Promise<boolean> {
    const rows = await this.query(
      // An owner's change of status meanwhile stands: delivery only moves an enabled endpoint on.
      `UPDATE webhook_endpoints SET cursor = $3, failures = $4, next_attempt_at = $5, status = CASE WHEN status = 'enabled' THEN $6 ELSE status END,
              lease_owner = NULL, lease_until = 0
        WHERE id = $1 AND lease_owner = $2 RETURNING id`,
      [id, owner, state.cursor, state.failures, state.nextAttemptAt, state.status],
    );
    return rows.length > 0;
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
