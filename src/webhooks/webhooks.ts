import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { DeliveryAttempt, EndpointInput, EndpointStatus, WebhookEndpoint } from '../store/webhooks/webhook-store.js';
import { deliver } from './delivery.js';
import { checkDestination, endpointUrl } from './destination.js';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule.js';
import { newSecret } from './signature.js';
import type { Actor } from '../store/access.js';

/** How long the secret before a rotation goes on signing beside the new one. */
const PREVIOUS_SECRET_MS = 24 * 3600 * 1000;

export interface WebhooksOptions {
  readonly allowPrivate: boolean;
  readonly now?: () => Date;
  readonly timeoutMs?: number;
}

/**
 * What owners do with webhook endpoints (decisions §19): every URL checked where it leads before it
 * is stored, secrets made here and shown once, a test event sent on demand. Delivery of the changes
 * themselves is `WebhookDelivery`'s.
 */
export class Webhooks {
  private readonly now: () => Date;

  constructor(
    private readonly store: Store,
    private readonly options: WebhooksOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Throws `DestinationError` (a 400) for a URL that may not be used; stores nothing then. */
  async create(input: EndpointInput, actor: Actor): Promise<{ readonly endpoint: WebhookEndpoint; readonly secret: string }> {
    const url = await this.checkedUrl(input.url);
    const secret = newSecret();
    const endpoint = await this.store.webhooks.createEndpoint({ ...input, url }, secret, this.now().toISOString(), actor);
    return { endpoint, secret };
  }

  get(id: number): Promise<WebhookEndpoint | undefined> {
    return this.store.webhooks.getEndpoint(id);
  }

  list(): Promise<readonly WebhookEndpoint[]> {
    return this.store.webhooks.listEndpoints();
  }

  async update(id: number, input: EndpointInput, status: EndpointStatus | undefined, actor: Actor): Promise<WebhookEndpoint | undefined> {
    if ((await this.store.webhooks.getEndpoint(id)) === undefined) return undefined;
    const url = await this.checkedUrl(input.url);
    return this.store.webhooks.updateEndpoint(id, { ...input, url }, status, this.now().toISOString(), actor);
  }

  async rotateSecret(id: number, actor: Actor): Promise<{ readonly endpoint: WebhookEndpoint; readonly secret: string } | undefined> {
    const secret = newSecret();
    const now = this.now();
    const endpoint = await this.store.webhooks.rotateSecret(id, secret, now.getTime() + PREVIOUS_SECRET_MS, now.toISOString(), actor);
    return endpoint === undefined ? undefined : { endpoint, secret };
  }

  /** Sends a `webhook.test` event now, signed like a delivery, and records the attempt; undefined when there is no such endpoint. */
  async sendTest(id: number): Promise<DeliveryAttempt | undefined> {
    const [endpoint, secrets] = await Promise.all([this.store.webhooks.getEndpoint(id), this.store.webhooks.getSecrets(id)]);
    if (endpoint === undefined || secrets === undefined) return undefined;
    const at = this.now();
    const messageId = `msg_test_${randomUUID()}`;
    const item = { type: 'webhook.test', time: at.toISOString(), endpoint: endpoint.id };
    const outcome = await deliver(endpoint, secrets, messageId, item, at, this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS, this.options.allowPrivate);
    const attempt: DeliveryAttempt = { endpointId: id, sequence: null, messageId, time: at.toISOString(), status: outcome.status, durationMs: outcome.durationMs, error: outcome.error };
    await this.store.webhooks.recordAttempt(attempt);
    return attempt;
  }

  async attempts(id: number): Promise<readonly DeliveryAttempt[] | undefined> {
    if ((await this.store.webhooks.getEndpoint(id)) === undefined) return undefined;
    return this.store.webhooks.listAttempts(id);
  }

  delete(id: number, actor: Actor): Promise<boolean> {
    return this.store.webhooks.deleteEndpoint(id, this.now().toISOString(), actor);
  }

  private async checkedUrl(raw: string): Promise<string> {
    const url = endpointUrl(raw);
    await checkDestination(url, this.options.allowPrivate);
    return url.href;
  }
}

export type { DeliveryAttempt, EndpointInput, EndpointStatus, WebhookEndpoint } from '../store/webhooks/webhook-store.js';
export { DestinationError } from './destination.js';
