import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { EndpointSecrets } from '../store/webhooks/webhook-store.js';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one message: its id, its time (Unix seconds) and `v1,` signatures
 * of `id.timestamp.body`, one per secret in force (the previous one too, for a while after a rotation),
 * separated by spaces as the specification allows, so receivers with either secret verify it.
 */
export function signedHeaders(secrets: EndpointSecrets, messageId: string, at: Date, body: string): Record<string, string> {
  const keys = [secrets.current, ...(secrets.previous !== undefined && secrets.previousUntil > at.getTime() ? [secrets.previous] : [])];
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': keys.map((key) => new Webhook(key).sign(messageId, at, body)).join(' '),
  };
}
