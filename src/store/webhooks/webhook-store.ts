/*
 * Webhook endpoints and their outbox, as the store keeps them. The outbox is a cursor per endpoint
 * over the change log (the last sequence it was sent, or skipped as not subscribed) plus a lease:
 * one instance at a time holds an endpoint and delivers its changes in sequence order.
 */

/** `enabled` delivers; `failing` gave up after the last retry; `disabled` was turned off (by an owner, or by the receiver's 410). */
import type { Actor, AuditAction } from '../access.js';

/** What the audit calls an owner's change to an endpoint. */
export type WebhookAuditAction = Extract<AuditAction, `webhook.${string}`>;

export type EndpointStatus = 'enabled' | 'failing' | 'disabled';

export interface WebhookEndpoint {
  readonly id: number;
  readonly url: string;
  /** The change types it receives. */
  readonly events: readonly string[];
  readonly description: string;
  readonly status: EndpointStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** How far behind an endpoint not turned off is (decisions §20's signals): what it has not been sent yet. */
export interface EndpointBacklog {
  readonly id: number;
  readonly status: Exclude<EndpointStatus, 'disabled'>;
  /** Changes logged after its cursor. */
  readonly undelivered: number;
  /** When the first of them was logged (RFC 3339); null when there is none. */
  readonly oldestTime: string | null;
}

/** What an owner sets: on create, and in full on update. */
export interface EndpointInput {
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string;
}

/** The secrets that sign its deliveries: the current one, and for a while after a rotation the one before. */
export interface EndpointSecrets {
  readonly current: string;
  readonly previous: string | undefined;
  /** Until when (Unix milliseconds) the previous one still signs. */
  readonly previousUntil: number;
}

/** An endpoint this instance holds the lease of, with where its delivery stands. */
export interface LeasedEndpoint {
  readonly endpoint: WebhookEndpoint;
  readonly secrets: EndpointSecrets;
  /** The last sequence sent (or skipped); the next delivery is the first subscribed change after it. */
  readonly cursor: number;
  /** Failed attempts at the change after the cursor, so far. */
  readonly failures: number;
  /** Unix milliseconds when the lease ends. */
  readonly leaseUntil: number;
}

/** Where an endpoint's delivery stands after an attempt, as the lease holder settles it. */
export interface DeliveryState {
  readonly cursor: number;
  readonly failures: number;
  /** Unix milliseconds of the next attempt. */
  readonly nextAttemptAt: number;
  readonly status: EndpointStatus;
}

export interface DeliveryAttempt {
  readonly endpointId: number;
  /** The change delivered; null for a test event. */
  readonly sequence: number | null;
  readonly messageId: string;
  readonly time: string;
  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  readonly status: number | null;
  readonly durationMs: number;
  /** What went wrong, when it did. */
  readonly error: string | null;
}

/** Attempts kept per endpoint: the newest. */
export const ATTEMPTS_KEPT = 100;

export interface WebhookStore {
  /** Registers an endpoint whose deliveries start after `cursor` (the latest change, so only what happens from now). */
  createEndpoint(input: EndpointInput, secret: string, now: string, actor: Actor): Promise<WebhookEndpoint>;
  listEndpoints(): Promise<readonly WebhookEndpoint[]>;
  /** Every endpoint not turned off, with what it has not been sent yet. */
  backlog(): Promise<readonly EndpointBacklog[]>;
  getEndpoint(id: number): Promise<WebhookEndpoint | undefined>;
  getSecrets(id: number): Promise<EndpointSecrets | undefined>;
  /**
   * Replaces what an owner sets, and the status when given: back to `enabled` it starts delivering
   * again at once, from where it stood.
   */
  updateEndpoint(id: number, input: EndpointInput, status: EndpointStatus | undefined, now: string, actor: Actor): Promise<WebhookEndpoint | undefined>;
  /** A new current secret; the old one goes on signing until `previousUntil`. */
  rotateSecret(id: number, secret: string, previousUntil: number, now: string, actor: Actor): Promise<WebhookEndpoint | undefined>;
  deleteEndpoint(id: number, now: string, actor: Actor): Promise<boolean>;
  /** Newest first. */
  listAttempts(endpointId: number): Promise<readonly DeliveryAttempt[]>;
  recordAttempt(attempt: DeliveryAttempt): Promise<void>;
  /**
   * Leases, to `owner` until `until`, up to `limit` enabled endpoints with something to deliver
   * (a change after their cursor) whose next attempt is due by `now` and whose lease is free or
   * expired: taken by one instance only, whatever the others do at the same moment.
   */
  leaseDue(owner: string, now: number, until: number, limit: number): Promise<readonly LeasedEndpoint[]>;
  /**
   * In one transaction, if `owner` still holds the lease: records `attempts`, writes where delivery
   * stands and extends the lease to `until`, or frees it when `until` is null (the holder is done).
   * False when the lease was lost (expired and taken): the holder must stop.
   */
  progress(id: number, owner: string, attempts: readonly DeliveryAttempt[], state: DeliveryState, until: number | null): Promise<boolean>;
  /** Frees the lease, if `owner` still holds it. */
  release(id: number, owner: string): Promise<void>;
}
