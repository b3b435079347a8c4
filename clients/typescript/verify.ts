/**
 * Checking that a webhook delivery came from slotmoji: its Standard Webhooks signature, with the
 * secret the endpoint was given (`whsec_…`). Either secret verifies during the 24 hours after a rotation.
 */
import { Webhook } from 'standardwebhooks';
import type { CatalogueChange } from './follow.js';

/** The test event an owner can send to an endpoint. */
export interface WebhookTestEvent {
  readonly type: 'webhook.test';
  readonly time: string;
  readonly endpoint: number;
}

/**
 * The delivered change, once `body` (the raw text, exactly as received) is proven to be signed with
 * `secret` and recent; throws otherwise. `headers` as a fetch `Headers` or a plain object (Node's
 * `request.headers`).
 */
export function verifyWebhook(secret: string, headers: Headers | Readonly<Record<string, string | string[] | undefined>>, body: string): CatalogueChange | WebhookTestEvent {
  const read = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const names = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  return new Webhook(secret).verify(body, Object.fromEntries(names.map((name) => [name, read(name)]))) as CatalogueChange | WebhookTestEvent;
}
