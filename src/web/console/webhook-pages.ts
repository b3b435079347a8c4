import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, csrfField, notice, postButton, table, type ConsoleViewer } from './console-layout.js';

/** A webhook endpoint as the console shows it (never its secret). */
export interface WebhookLine {
  readonly id: number;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string;
  readonly status: string;
}

/** One delivery attempt of an endpoint (`sequence` null: a test event). */
export interface AttemptLine {
  readonly time: string;
  readonly sequence: number | null;
  readonly status: number | null;
  readonly durationMs: number;
  readonly error: string | null;
}

/** What an owner typed into an endpoint's form, kept when it is refused. */
export interface WebhookFormValues {
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string;
  /** On the edit form: `enabled`, `disabled`, or empty for "leave it as it is". */
  readonly status: string;
}

export type WebhookField = 'url' | 'events' | 'description' | 'status';
/** The API's messages, each beside the field it names; `form` for any that names none. */
export type WebhookErrors = Partial<Readonly<Record<WebhookField | 'form', readonly string[]>>>;

/** What a POST of these pages did: done, or a new secret to show this once. */
export interface WebhookOutcome {
  readonly message?: string;
  readonly secret?: string;
}

interface WebhookForm {
  readonly action: string;
  readonly button: string;
  readonly values: WebhookFormValues;
  readonly errors: WebhookErrors;
  /** The change types an endpoint may receive. */
  readonly eventTypes: readonly string[];
  /** The endpoint's status now, on the edit form only. */
  readonly currentStatus?: string;
}

const HINTS: Readonly<Record<'url' | 'events', string>> = {
  url: 'http or https, without a user name or password, at a public address.',
  events: 'At least one.',
};

function describedBy(field: WebhookField, errors: WebhookErrors): SafeHtml {
  const ids = [field === 'url' || field === 'events' ? `webhook-${field}-hint` : undefined, errors[field] === undefined ? undefined : `webhook-${field}-error`].filter((id) => id !== undefined);
  return html`${ids.length > 0 && html` aria-describedby="${ids.join(' ')}"`}${errors[field] !== undefined && html` aria-invalid="true"`}`;
}

function fieldError(field: WebhookField, errors: WebhookErrors): SafeHtml {
  const messages = errors[field];
  return html`${messages !== undefined && html`<span class="field-error" id="webhook-${field}-error">${messages.join('; ')}</span>`}`;
}

const fieldClass = (field: WebhookField, errors: WebhookErrors) => `field${errors[field] === undefined ? '' : ' field-invalid'}`;

function errorSummary(errors: WebhookErrors, what: string): SafeHtml {
  const entries = Object.entries(errors);
  if (entries.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="webhook-errors-title"><h2 id="webhook-errors-title">${what}</h2><ul>${entries.map(
    ([field, messages]) => html`<li>${field === 'form' ? html`${(messages ?? []).join('; ')}` : html`<a href="#webhook-${field}">${(messages ?? []).join('; ')}</a>`}</li>`,
  )}</ul></div>`;
}

/** The fields an owner sets, on the new-endpoint form and the edit form alike. */
function endpointForm(form: WebhookForm, viewer: ConsoleViewer): SafeHtml {
  const { values, errors } = form;
  const statuses = form.currentStatus === undefined ? undefined : [['', `Leave it ${form.currentStatus}`], ['enabled', 'Enabled'], ['disabled', 'Disabled']];
  return html`<form class="console-form" method="post" action="${form.action}" novalidate>${csrfField(viewer)}
<div class="${fieldClass('url', errors)}"><label for="webhook-url">URL</label><input id="webhook-url" name="url" type="text" inputmode="url" autocomplete="off" maxlength="2048" value="${values.url}"${describedBy('url', errors)}><span class="field-hint" id="webhook-url-hint">${HINTS.url}</span>${fieldError('url', errors)}</div>
<fieldset id="webhook-events" class="${fieldClass('events', errors)} event-choices"${describedBy('events', errors)}><legend>Events</legend>
<ul>${form.eventTypes.map((type) => html`<li><label><input type="checkbox" name="events" value="${type}"${values.events.includes(type) ? html` checked` : html``}> ${type}</label></li>`)}</ul>
<span class="field-hint" id="webhook-events-hint">${HINTS.events}</span>${fieldError('events', errors)}</fieldset>
<div class="${fieldClass('description', errors)}"><label for="webhook-description">Description</label><input id="webhook-description" name="description" type="text" autocomplete="off" maxlength="500" value="${values.description}"${describedBy('description', errors)}>${fieldError('description', errors)}</div>
${statuses !== undefined && html`<div class="${fieldClass('status', errors)}"><label for="webhook-status">Delivery</label><select id="webhook-status" name="status"${describedBy('status', errors)}>${statuses.map(
    ([value, label]) => html`<option value="${value}"${value === values.status ? html` selected` : html``}>${label}</option>`,
  )}</select>${fieldError('status', errors)}</div>`}
<p class="form-actions"><button type="submit" class="btn">${form.button}</button></p></form>`;
}

function secretShown(secret: string | undefined, of: string): SafeHtml {
  return html`${secret !== undefined && html`<section class="token-secret" aria-labelledby="secret-title"><h2 id="secret-title">The signing secret of ${of}</h2><p>Copy it now: it is shown only this once and cannot be read again.</p><p><code id="webhook-secret">${secret}</code></p></section>`}`;
}

export interface WebhooksModel {
  readonly endpoints: readonly WebhookLine[];
  readonly eventTypes: readonly string[];
  readonly values: WebhookFormValues;
  readonly errors: WebhookErrors;
  readonly outcome: WebhookOutcome;
}

/** `GET /admin/webhooks` (owners): the endpoints of decisions §19, each linked to its page, and a form to add one (its secret shown once, here). */
export function webhooksPage(model: WebhooksModel, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const rows = model.endpoints.map(
    (endpoint) => html`<tr><td><a href="/admin/webhooks/${endpoint.id}">${endpoint.url}</a></td><td>${endpoint.events.join(', ')}</td><td>${endpoint.status}</td><td>${endpoint.description}</td></tr>`,
  );
  const main = html`<h1>Webhooks</h1>
${notice(model.outcome.message)}
${secretShown(model.outcome.secret, 'the new endpoint')}
${model.endpoints.length === 0 ? html`<p>No webhook endpoints.</p>` : table('Webhook endpoints', ['URL', 'Events', 'Status', 'Description'], rows)}
<h2>Add an endpoint</h2>
${errorSummary(model.errors, 'The endpoint was not added')}
${endpointForm({ action: '/admin/webhooks', button: 'Add the endpoint', values: model.values, errors: model.errors, eventTypes: model.eventTypes }, viewer)}`;
  return consolePage({ title: 'Webhooks', section: '/admin/webhooks', base, path: '/admin/webhooks' }, viewer, assets, main);
}

export interface WebhookModel extends WebhooksModel {
  readonly endpoint: WebhookLine;
  readonly attempts: readonly AttemptLine[];
}

function attemptRow(attempt: AttemptLine): SafeHtml {
  return html`<tr><td><time datetime="${attempt.time}">${attempt.time.replace('T', ' ').slice(0, 19)}</time></td><td>${attempt.sequence === null ? 'test event' : `change ${attempt.sequence}`}</td><td>${attempt.status ?? '—'}</td><td>${Math.round(attempt.durationMs)} ms</td><td>${attempt.error ?? ''}</td></tr>`;
}

/** `GET /admin/webhooks/{id}` (owners): one endpoint, its form, its latest delivery attempts, and buttons to test it, give it a new secret or delete it. */
export function webhookPage(model: WebhookModel, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const { endpoint } = model;
  const path = `/admin/webhooks/${endpoint.id}`;
  const main = html`<h1>Webhook ${endpoint.id}</h1>
<p class="muted">${endpoint.url} · ${endpoint.status}</p>
${notice(model.outcome.message)}
${secretShown(model.outcome.secret, `webhook ${endpoint.id}`)}
<div class="console-actions">${postButton(viewer, `${path}/test`, 'Send a test event')}${postButton(viewer, `${path}/rotate-secret`, 'Rotate the secret')}<a href="${path}/delete">Delete…</a> <a href="/admin/webhooks">All webhooks</a></div>
<h2>Change it</h2>
${errorSummary(model.errors, 'The endpoint was not changed')}
${endpointForm({ action: path, button: 'Save', values: model.values, errors: model.errors, eventTypes: model.eventTypes, currentStatus: endpoint.status }, viewer)}
<h2>Latest delivery attempts</h2>
${model.attempts.length === 0 ? html`<p>No attempts yet.</p>` : table(`Delivery attempts of webhook ${endpoint.id}, newest first`, ['Time', 'What', 'Status', 'Took', 'Error'], model.attempts.map(attemptRow))}`;
  return consolePage({ title: `Webhook ${endpoint.id}`, section: '/admin/webhooks', base, path }, viewer, assets, main);
}

/** `GET /admin/webhooks/{id}/delete` (owners): what will go, and a button that does it. */
export function webhookDeletePage(endpoint: WebhookLine, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const path = `/admin/webhooks/${endpoint.id}/delete`;
  const main = html`<h1>Delete webhook ${endpoint.id}?</h1>
<p>Nothing more will be sent to ${endpoint.url}, and its delivery attempts are removed with it. This cannot be undone; a new endpoint gets a new secret.</p>
<form class="console-form" method="post" action="${path}">${csrfField(viewer)}
<p class="form-actions"><button type="submit" class="btn btn-danger">Delete this endpoint</button> <a href="/admin/webhooks/${endpoint.id}">Keep it</a></p></form>`;
  return consolePage({ title: `Delete webhook ${endpoint.id}`, section: '/admin/webhooks', base, path }, viewer, assets, main);
}
