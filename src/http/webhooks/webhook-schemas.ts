import { Type, type Static } from 'typebox';
import { PublicChangeSchema } from '../../catalogue/records/public-change.js';

/*
 * The shapes of the webhook admin API and of what receivers get, for validation and the document.
 */

/** The change types an endpoint may subscribe to. */
export const CHANGE_TYPES = ['slot.upserted', 'slot.deleted', 'categories.replaced', 'catalogue.imported'] as const;

const events = Type.Array(Type.Union(CHANGE_TYPES.map((type) => Type.Literal(type))), {
  minItems: 1,
  maxItems: CHANGE_TYPES.length,
  uniqueItems: true,
  description: 'The change types to receive',
});

export const EndpointBodySchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'http or https, no user name or password, a public address (unless WEBHOOK_ALLOW_PRIVATE=true)' }),
    events,
    description: Type.Optional(Type.String({ maxLength: 500, default: '' })),
  },
  { additionalProperties: false, examples: [{ url: 'https://partner.example/hooks/slotmoji', events: ['slot.upserted', 'slot.deleted'], description: 'Our mirror' }] },
);
export type EndpointBody = Static<typeof EndpointBodySchema>;

export const EndpointUpdateSchema = Type.Object(
  {
    ...EndpointBodySchema.properties,
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], { description: 'Turn delivery off, or on again (a failing or disabled endpoint resumes where it stopped)' })),
  },
  { additionalProperties: false, description: 'Every field an owner sets (a full replacement); `status` optional' },
);
export type EndpointUpdate = Static<typeof EndpointUpdateSchema>;

export const EndpointSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events,
  description: Type.String(),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('failing'), Type.Literal('disabled')], {
    description: '`failing`: the last retry failed; `disabled`: turned off by an owner or by the receiver answering 410',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const EndpointWithSecretSchema = Type.Object(
  { ...EndpointSchema.properties, secret: Type.String({ pattern: '^whsec_', description: 'The signing secret: shown this once' }) },
  { description: 'The endpoint, and its signing secret (shown only now)' },
);

export const AttemptSchema = Type.Object({
  time: Type.String({ format: 'date-time' }),
  sequence: Type.Union([Type.Integer(), Type.Null()], { description: 'The change delivered; null for a test event' }),
  messageId: Type.String({ description: 'The `webhook-id` sent' }),
  status: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when none came" }),
  durationMs: Type.Number(),
  error: Type.Union([Type.String(), Type.Null()]),
});

const TestEventSchema = Type.Object(
  { type: Type.Literal('webhook.test'), time: Type.String({ format: 'date-time' }), endpoint: Type.Integer() },
  { description: 'Sent by `POST /api/admin/webhooks/{id}/test`' },
);

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The message id: `msg_{sequence}`, the same on every retry of one change (drop repeats by it)' },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed; refuse messages far from your clock' },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,` signatures: base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the base64-decoded secret after `whsec_`. For 24 hours after a rotation there are two, one per secret.',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const RECEIVER_RESPONSES = {
  '200': { description: 'Received: any 2xx. Anything else, or no answer within 15 s, is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h, then the endpoint is failing' },
  '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it' },
  '429': { description: 'Not now: the next attempt waits for `Retry-After` (so does a 503)' },
};

const receiving = (operationId: string, summary: string, description: string, schema: object) => ({
  post: {
    operationId,
    tags: ['webhooks'],
    summary,
    description,
    security: [],
    parameters: SIGNATURE_HEADERS,
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: RECEIVER_RESPONSES,
  },
});

/**
 * The OpenAPI 3.1 `webhooks` section: what this service POSTs to an endpoint's URL, following the
 * Standard Webhooks specification (verify it with any of its libraries, e.g. `standardwebhooks`).
 */
export const WEBHOOKS_SECTION = {
  catalogueChange: receiving(
    'receiveCatalogueChange',
    'A change of the catalogue, to an endpoint subscribed to its type',
    'The change item, exactly as `GET /api/changes` lists it, delivered at least once, in sequence order per endpoint. A `catalogue.imported` item is also sent when the changes after the endpoint\'s position are no longer kept (it was off for longer than `CHANGES_RETENTION`): start again from the snapshot.',
    PublicChangeSchema,
  ),
  webhookTest: receiving('receiveWebhookTest', 'The test event an owner sends', 'Signed like every delivery; sent once, not retried.', TestEventSchema),
};
