import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusedPage } from '../../../web/console/access-pages.js';
import {
  webhookDeletePage,
  webhookPage,
  webhooksPage,
  type WebhookErrors,
  type WebhookField,
  type WebhookFormValues,
  type WebhookLine,
  type WebhookOutcome,
} from '../../../web/console/webhook-pages.js';
import { DestinationError } from '../../../webhooks/webhooks.js';
import { checkEndpointBody, checkEndpointUpdate } from '../../webhooks/webhook-input.js';
import { CHANGE_TYPES } from '../../webhooks/webhook-schemas.js';
import { committed } from '../admin-common.js';
import { documented, page, seeOther } from './console-schemas.js';
import { actorOfUser, baseOf, formField, formFields, pathId, sendPage, viewerOf, type ConsoleDeps } from './console-common.js';

const EMPTY_FORM: WebhookFormValues = { url: '', events: [], description: '', status: '' };
const FIELD = /^(url|events|description|status)\b/;

/** The form as it was sent: what is kept and shown again when it is refused. */
function typedValues(body: unknown): WebhookFormValues {
  return { url: formField(body, 'url'), events: formFields(body, 'events'), description: formField(body, 'description'), status: formField(body, 'status') };
}

/** The API's messages (led by their field's name, as the API words them) placed beside their fields. */
function placed(problems: readonly string[]): WebhookErrors {
  const errors: Partial<Record<WebhookField | 'form', string[]>> = {};
  for (const problem of problems) {
    const field = (FIELD.exec(problem)?.[1] as WebhookField | undefined) ?? 'form';
    (errors[field] ??= []).push(problem);
  }
  return errors;
}

/** A refusal of the webhooks layer about the URL (scheme, credentials, a private address): beside the URL field. */
async function destinationChecked<T>(work: Promise<T>): Promise<T | { readonly refused: WebhookErrors }> {
  try {
    return await committed(work);
  } catch (error) {
    if (error instanceof DestinationError) return { refused: placed([error.message]) };
    throw error;
  }
}

const refused = <T>(value: T | { readonly refused: WebhookErrors }): value is { readonly refused: WebhookErrors } => typeof value === 'object' && value !== null && 'refused' in value;

const valuesOf = (endpoint: WebhookLine): WebhookFormValues => ({ url: endpoint.url, events: endpoint.events, description: endpoint.description, status: '' });

/**
 * The webhooks pages for owners (decisions §18, §19): the admin API's webhook operations as forms,
 * through the same `Webhooks` service and the same input check, so the same messages and audit entries.
 */
export function consoleWebhookRoutes(console: FastifyInstance, deps: ConsoleDeps): void {
  const { webhooks, assets } = deps;
  const base = (request: FastifyRequest) => baseOf(request, deps);
  const eventTypes = CHANGE_TYPES;

  const listing = async (request: FastifyRequest, reply: FastifyReply, form: { values?: WebhookFormValues; errors?: WebhookErrors; outcome?: WebhookOutcome } = {}, status = 200) =>
    sendPage(
      reply,
      webhooksPage({ endpoints: await committed(webhooks.list()), eventTypes, values: form.values ?? EMPTY_FORM, errors: form.errors ?? {}, outcome: form.outcome ?? {} }, viewerOf(request), base(request), assets),
      status,
    );

  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, refusedPage(404, 'There is no such webhook endpoint.', viewerOf(request), base(request), assets), 404);

  /** The endpoint's page, or the 404 page when there is no such endpoint. */
  const endpointPage = async (request: FastifyRequest, reply: FastifyReply, form: { values?: WebhookFormValues; errors?: WebhookErrors; outcome?: WebhookOutcome } = {}, status = 200) => {
    const id = pathId(request);
    const endpoint = id === undefined ? undefined : await committed(webhooks.get(id));
    const attempts = id === undefined ? undefined : await committed(webhooks.attempts(id));
    if (endpoint === undefined || attempts === undefined) return missing(request, reply);
    const model = { endpoints: [], eventTypes, endpoint, attempts, values: form.values ?? valuesOf(endpoint), errors: form.errors ?? {}, outcome: form.outcome ?? {} };
    return sendPage(reply, webhookPage(model, viewerOf(request), base(request), assets), status);
  };

  console.get('/webhooks', documented('consoleWebhooks', 'The webhook endpoints, each linked to its page, and a form to add one', 'GET', 'owner', { 200: page('The page') }), async (request, reply) =>
    listing(request, reply, { outcome: (request.query as { deleted?: string }).deleted === undefined ? {} : { message: 'The endpoint was deleted.' } }),
  );

  console.post('/webhooks', documented('consoleAddWebhook', 'Add a webhook endpoint (a form); the answer shows its signing secret, once', 'POST', 'owner', { 200: page('Added: the secret shown once'), 400: page('Not added: what is wrong, beside each field, the typed values kept') }), async (request, reply) => {
    const values = typedValues(request.body);
    const checked = checkEndpointBody({ url: values.url, events: values.events, description: values.description }, '');
    if (!checked.ok) return listing(request, reply, { values, errors: placed(checked.problems) }, 400);
    const made = await destinationChecked(webhooks.create({ url: checked.value.url, events: checked.value.events, description: checked.value.description ?? '' }, actorOfUser(request)));
    if (refused(made)) return listing(request, reply, { values, errors: made.refused }, 400);
    return listing(request, reply, { outcome: { message: `Endpoint ${made.endpoint.id} was added.`, secret: made.secret } });
  });

  console.get('/webhooks/:id', documented('consoleWebhook', 'One webhook endpoint: its form, its latest delivery attempts, and its actions', 'GET', 'owner', { 200: page('The page'), 404: page('No such endpoint') }, ['id']), async (request, reply) =>
    endpointPage(request, reply, { outcome: (request.query as { saved?: string }).saved === undefined ? {} : { message: 'The endpoint was saved.' } }),
  );

  console.post('/webhooks/:id', documented('consoleChangeWebhook', 'Change a webhook endpoint (a form): every field an owner sets, and turn it on or off', 'POST', 'owner', { 303: seeOther('Saved: to the endpoint\'s page'), 400: page('Not saved: what is wrong, beside each field, the typed values kept'), 404: page('No such endpoint') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    if (id === undefined) return missing(request, reply);
    const values = typedValues(request.body);
    const checked = checkEndpointUpdate({ url: values.url, events: values.events, description: values.description, ...(values.status === '' ? {} : { status: values.status }) }, '');
    if (!checked.ok) return endpointPage(request, reply, { values, errors: placed(checked.problems) }, 400);
    const { url, events, description, status } = checked.value;
    const changed = await destinationChecked(webhooks.update(id, { url, events, description: description ?? '' }, status, actorOfUser(request)));
    if (changed === undefined) return missing(request, reply);
    if (refused(changed)) return endpointPage(request, reply, { values, errors: changed.refused }, 400);
    return reply.redirect(`/admin/webhooks/${id}?saved=1`, 303);
  });

  console.post('/webhooks/:id/rotate-secret', documented('consoleRotateWebhookSecret', 'Give an endpoint a new signing secret (a form), shown once; the old one signs beside it for 24 hours', 'POST', 'owner', { 200: page('Rotated: the new secret shown once'), 404: page('No such endpoint') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const rotated = id === undefined ? undefined : await committed(webhooks.rotateSecret(id, actorOfUser(request)));
    if (rotated === undefined) return missing(request, reply);
    return endpointPage(request, reply, { outcome: { message: 'The secret was rotated: the old one goes on signing beside the new one for 24 hours.', secret: rotated.secret } });
  });

  console.post('/webhooks/:id/test', documented('consoleTestWebhook', 'Send a signed webhook.test event now (a form) and show what came of it', 'POST', 'owner', { 200: page('Sent: the outcome, and the attempt in the list'), 404: page('No such endpoint') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const attempt = id === undefined ? undefined : await committed(webhooks.sendTest(id));
    if (attempt === undefined) return missing(request, reply);
    const answer = attempt.status === null ? `no answer (${attempt.error ?? 'unknown error'})` : `HTTP ${attempt.status}`;
    return endpointPage(request, reply, { outcome: { message: `The test event was sent: ${answer}, in ${Math.round(attempt.durationMs)} ms.` } });
  });

  console.get('/webhooks/:id/delete', documented('consoleDeleteWebhookPage', 'The confirmation before deleting an endpoint', 'GET', 'owner', { 200: page('The confirmation'), 404: page('No such endpoint') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const endpoint = id === undefined ? undefined : await committed(webhooks.get(id));
    if (endpoint === undefined) return missing(request, reply);
    return sendPage(reply, webhookDeletePage(endpoint, viewerOf(request), base(request), assets));
  });

  console.post('/webhooks/:id/delete', documented('consoleDeleteWebhook', 'Delete an endpoint and its attempts (the confirmation\'s form)', 'POST', 'owner', { 303: seeOther('Deleted: to the webhooks page'), 404: page('No such endpoint') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const deleted = id !== undefined && (await committed(webhooks.delete(id, actorOfUser(request))));
    if (!deleted) return missing(request, reply);
    return reply.redirect('/admin/webhooks?deleted=1', 303);
  });
}
