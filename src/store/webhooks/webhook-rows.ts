import type { AuditTarget } from '../access.js';
import type { DeliveryAttempt, EndpointBacklog, EndpointSecrets, EndpointStatus, LeasedEndpoint, WebhookEndpoint } from './webhook-store.js';

/** An endpoint row as either database gives it back (PostgreSQL's bigints arrive as strings). */
export interface EndpointRow {
  readonly id: number | string;
  readonly url: string;
  readonly events: string;
  readonly description: string;
  readonly status: string;
  readonly secret: string;
  readonly previous_secret: string | null;
  readonly previous_until: number | string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly cursor: number | string;
  readonly failures: number | string;
  readonly lease_until: number | string;
}

export interface AttemptRow {
  readonly endpoint_id: number | string;
  readonly sequence: number | string | null;
  readonly message_id: string;
  readonly time: string;
  readonly status: number | null;
  readonly duration_ms: number;
  readonly error: string | null;
}

const STATUSES: readonly EndpointStatus[] = ['enabled', 'failing', 'disabled'];

/** An endpoint's entry's target: which endpoint, with its URL and events (never its secret). */
export function webhookTarget(row: EndpointRow): AuditTarget {
  return { type: 'webhook', id: String(row.id), url: row.url, events: JSON.parse(row.events) as string[] };
}

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: STATUSES.find((status) => status === row.status) ?? 'disabled',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function secretsOf(row: EndpointRow): EndpointSecrets {
  return { current: row.secret, previous: row.previous_secret ?? undefined, previousUntil: Number(row.previous_until) };
}

export function leasedOf(row: EndpointRow): LeasedEndpoint {
  return { endpoint: endpointOf(row), secrets: secretsOf(row), cursor: Number(row.cursor), failures: Number(row.failures), leaseUntil: Number(row.lease_until) };
}

export function attemptOf(row: AttemptRow): DeliveryAttempt {
  return {
    endpointId: Number(row.endpoint_id),
    sequence: row.sequence === null ? null : Number(row.sequence),
    messageId: row.message_id,
    time: row.time,
    status: row.status,
    durationMs: row.duration_ms,
    error: row.error,
  };
}

/** A backlog row as either database gives it back. */
export interface BacklogRow {
  readonly id: number | string;
  readonly status: string;
  readonly undelivered: number | string;
  readonly oldest: string | Date | null;
}

export function backlogOf(row: BacklogRow): EndpointBacklog {
  return {
    id: Number(row.id),
    status: row.status === 'failing' ? 'failing' : 'enabled',
    undelivered: Number(row.undelivered),
    oldestTime: row.oldest === null ? null : typeof row.oldest === 'string' ? row.oldest : row.oldest.toISOString(),
  };
}
