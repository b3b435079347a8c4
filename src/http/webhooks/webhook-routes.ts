import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { StoreUnavailableError } from '../../store/store.js';
import { DestinationError, type DeliveryAttempt, type Webhooks } from '../../webhooks/webhooks.js';
import { badRequest, ErrorBodySchema, HttpError, notFound } from '../answers/errors.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import { actorOf, needs } from '../plugins/admin-auth.js';
import { checkEndpointBody, checkEndpointUpdate, type EndpointCheck } from './webhook-input.js';
import { AttemptSchema, EndpointBodySchema, EndpointSchema, EndpointUpdateSchema, EndpointWithSecretSchema } from './webhook-schemas.js';

/**
 * Who may manage webhooks (decisions §17): owners among operators, and tokens of the `admin` scope
 * ("every admin route but operators and tokens"); an editor or a `write` token gets the 403.
 */
const OWNERS_AND_ADMIN_TOKENS = needs('admin');

const ID = /^[1-9][0-9]{0,14}$/;

const error = (description: string) => ({ ...ErrorBodySchema, description });
const NO_ENDPOINT = error('No webhook endpoint has this id');
const BAD_ENDPOINT = error('The body is not a valid endpoint, or its URL may not be used (scheme, credentials, a private address); the message names what');
const UNAVAILABLE = { ...error('The database did not answer; nothing changed'), headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } };
const IdParamsSchema = Type.Object({ id: Type.String({ description: 'The endpoint id' }) });

function endpointId(raw: string): number {
  if (!ID.test(raw)) throw notFound(`webhook endpoint ${JSON.stringify(raw.slice(0, 100))} not found`);
  return Number(raw);
}

function checked<T>(check: (body: object, prefix: string) => EndpointCheck<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body: must be a JSON object with url and events');
  const result = check(body, 'body');
  if (result.ok) return result.value;
  throw badRequest(result.problems.join('; '));
}

/** Turns the refusals of the webhooks layer and the store into answers. */
async function answered<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (failure) {
    if (failure instanceof DestinationError) throw badRequest(failure.message);
    if (failure instanceof StoreUnavailableError) throw new HttpError(503, 'database: unavailable, so nothing changed; try again shortly', { 'retry-after': '5' });
    throw failure;
  }
}

const attemptJson = ({ endpointId: _endpointId, ...attempt }: DeliveryAttempt) => attempt;

/** `/api/admin/webhooks` (decisions §19), registered inside the authenticated admin scope. */
export function webhookRoutes(admin: FastifyInstance, webhooks: Webhooks): void {
  const tags = ['webhooks'];
  admin.post(
    '/webhooks',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Register a webhook endpoint; the answer holds its signing secret, this once',
        body: EndpointBodySchema,
        response: { 201: { ...EndpointWithSecretSchema, headers: { location: { type: 'string', description: 'Its path' } } }, 400: BAD_ENDPOINT, 503: UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const body = checked(checkEndpointBody, request.body);
      const { endpoint, secret } = await answered(webhooks.create({ url: body.url, events: body.events, description: body.description ?? '' }, actorOf(request)));
      return reply.code(201).header('location', `/api/admin/webhooks/${endpoint.id}`).send({ ...endpoint, secret });
    },
  );

  admin.get(
    '/webhooks',
    { ...OWNERS_AND_ADMIN_TOKENS, schema: { operationId: 'listWebhooks', tags, summary: 'Every webhook endpoint (without secrets)', response: { 200: Type.Object({ webhooks: Type.Array(EndpointSchema) }), 503: UNAVAILABLE } } },
    async () => ({ webhooks: await answered(webhooks.list()) }),
  );

  admin.put(
    '/webhooks/:id',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Replace what an owner sets of an endpoint, and turn it on or off',
        params: IdParamsSchema,
        body: EndpointUpdateSchema,
        response: { 200: EndpointSchema, 400: BAD_ENDPOINT, 404: NO_ENDPOINT },
      },
    },
    async (request) => {
      const id = endpointId((request.params as { id: string }).id);
      const body = checked(checkEndpointUpdate, request.body);
      const endpoint = await answered(webhooks.update(id, { url: body.url, events: body.events, description: body.description ?? '' }, body.status, actorOf(request)));
      if (endpoint === undefined) throw notFound(`webhook endpoint "${id}" not found`);
      return endpoint;
    },
  );

  admin.post(
    '/webhooks/:id/rotate-secret',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'A new signing secret; the old one goes on signing beside it for 24 hours',
        params: IdParamsSchema,
        response: { 200: EndpointWithSecretSchema, 404: NO_ENDPOINT },
      },
    },
    async (request) => {
      const rotated = await answered(webhooks.rotateSecret(endpointId((request.params as { id: string }).id), actorOf(request)));
      if (rotated === undefined) throw notFound(`webhook endpoint "${(request.params as { id: string }).id}" not found`);
      return { ...rotated.endpoint, secret: rotated.secret };
    },
  );

  admin.post(
    '/webhooks/:id/test',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: 'Send a signed `webhook.test` event now and answer what came of it',
        params: IdParamsSchema,
        response: { 200: { ...AttemptSchema, description: 'The attempt, as the attempts list records it' }, 404: NO_ENDPOINT },
      },
    },
    async (request) => {
      const attempt = await answered(webhooks.sendTest(endpointId((request.params as { id: string }).id)));
      if (attempt === undefined) throw notFound(`webhook endpoint "${(request.params as { id: string }).id}" not found`);
      return attemptJson(attempt);
    },
  );

  admin.get(
    '/webhooks/:id/attempts',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'listWebhookAttempts',
        tags,
        summary: 'The latest delivery attempts of an endpoint, newest first',
        params: IdParamsSchema,
        response: { 200: Type.Object({ attempts: Type.Array(AttemptSchema) }), 404: NO_ENDPOINT },
      },
    },
    async (request) => {
      const attempts = await answered(webhooks.attempts(endpointId((request.params as { id: string }).id)));
      if (attempts === undefined) throw notFound(`webhook endpoint "${(request.params as { id: string }).id}" not found`);
      return { attempts: attempts.map(attemptJson) };
    },
  );

  admin.delete(
    '/webhooks/:id',
    {
      ...OWNERS_AND_ADMIN_TOKENS,
      ...DOCUMENTED_ONLY,
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Remove an endpoint and its attempts; nothing more is delivered to it',
        params: IdParamsSchema,
        response: { 204: { type: 'null', description: 'Done; no body' }, 404: NO_ENDPOINT },
      },
    },
    async (request, reply) => {
      if (!(await answered(webhooks.delete(endpointId((request.params as { id: string }).id), actorOf(request))))) {
        throw notFound(`webhook endpoint "${(request.params as { id: string }).id}" not found`);
      }
      return reply.code(204).send();
    },
  );
}
