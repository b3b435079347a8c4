import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, csrfField, notice, postButton, table, type ConsoleViewer } from './console-layout.js';

export interface OperatorLine {
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  readonly createdAt: string;
}

export interface TokenLine {
  readonly id: number;
  readonly name: string;
  readonly scope: string;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

/** What a form of these pages says after a POST: done, refused (beside the form), or a new token's secret. */
export interface AccessOutcome {
  readonly message?: string;
  readonly problem?: string;
  /** The values the refused form is shown again with. */
  readonly typed?: Readonly<Record<string, string>>;
  /** Which of the page's forms `problem` and `typed` belong to, when it has more than one (the first, unset). */
  readonly form?: 'password';
  readonly secret?: { readonly name: string; readonly secret: string };
}

const day = (time: string | null) => (time === null ? '—' : time.slice(0, 10));

function select(id: string, name: string, options: readonly string[], chosen: string | undefined): SafeHtml {
  return html`<select id="${id}" name="${name}">${options.map((option) => html`<option${option === chosen ? html` selected` : html``}>${option}</option>`)}</select>`;
}

function problem(outcome: AccessOutcome, id: string): SafeHtml {
  return outcome.problem === undefined ? html`` : html`<p class="field-error" id="${id}" role="alert">${outcome.problem}</p>`;
}

/** The form that sets an operator's password (owners: someone forgot theirs, or it leaked). */
function passwordForm(operators: readonly OperatorLine[], viewer: ConsoleViewer, outcome: AccessOutcome): SafeHtml {
  const refused = outcome.form === 'password';
  const typed = refused ? (outcome.typed ?? {}) : {};
  return html`<h2>Set a password</h2>
<form class="console-form" method="post" action="/admin/operators/password">${csrfField(viewer)}
${refused ? problem(outcome, 'password-problem') : html``}
<div class="field"><label for="password-operator">Operator</label>${select('password-operator', 'name', operators.map((operator) => operator.name), typed['name'])}</div>
<div class="field"><label for="password-new">New password</label><input id="password-new" name="password" type="password" autocomplete="new-password" aria-describedby="password-new-hint"><span class="field-hint" id="password-new-hint">12 to 1024 characters. The operator's sessions end at once.</span></div>
<p class="form-actions"><button type="submit" class="btn">Set the password</button></p></form>`;
}

/** `GET /admin/operators` (owners): who may sign in, with buttons to disable, enable and change roles, and forms to add one and to set a password. */
export function operatorsPage(operators: readonly OperatorLine[], viewer: ConsoleViewer, base: string, assets: AssetTable, outcome: AccessOutcome = {}): string {
  const rows = operators.map(
    (operator) => html`<tr><td>${operator.name}</td><td>${operator.role}</td><td>${operator.disabled ? 'disabled' : 'active'}</td><td>${day(operator.createdAt)}</td><td>${
      operator.name === viewer.name
        ? html`<span class="muted">you</span>`
        : html`${postButton(viewer, `/admin/operators/${operator.name}/${operator.disabled ? 'enable' : 'disable'}`, operator.disabled ? `Enable ${operator.name}` : `Disable ${operator.name}`)}${postButton(viewer, `/admin/operators/${operator.name}/role`, `Make ${operator.name} ${operator.role === 'owner' ? 'an editor' : 'an owner'}`, { role: operator.role === 'owner' ? 'editor' : 'owner' })}`
    }</td></tr>`,
  );
  const adding = outcome.form === undefined;
  const typed = adding ? (outcome.typed ?? {}) : {};
  const main = html`<h1>Operators</h1>
${notice(outcome.message)}
${table('Operators', ['Name', 'Role', 'State', 'Since', 'Actions'], rows)}
<h2>Add an operator</h2>
<form class="console-form" method="post" action="/admin/operators">${csrfField(viewer)}
${adding ? problem(outcome, 'operator-problem') : html``}
<div class="field"><label for="operator-name">Name</label><input id="operator-name" name="name" type="text" autocomplete="off" maxlength="64" value="${typed['name'] ?? ''}" aria-describedby="operator-name-hint"><span class="field-hint" id="operator-name-hint">1–64 of a-z, 0-9, dot, underscore, dash.</span></div>
<div class="field"><label for="operator-role">Role</label>${select('operator-role', 'role', ['editor', 'owner'], typed['role'])}</div>
<div class="field"><label for="operator-password">Password</label><input id="operator-password" name="password" type="password" autocomplete="new-password" aria-describedby="operator-password-hint"><span class="field-hint" id="operator-password-hint">12 to 1024 characters.</span></div>
<p class="form-actions"><button type="submit" class="btn">Add the operator</button></p></form>
${operators.length === 0 ? html`` : passwordForm(operators, viewer, outcome)}`;
  return consolePage({ title: 'Operators', section: '/admin/operators', base, path: '/admin/operators' }, viewer, assets, main);
}

/** `GET /admin/tokens` (owners): API tokens, a form to make one (its secret shown once, here) and revoke buttons. */
export function tokensPage(tokens: readonly TokenLine[], viewer: ConsoleViewer, base: string, assets: AssetTable, outcome: AccessOutcome = {}): string {
  const rows = tokens.map(
    (token) => html`<tr><td>${token.name}</td><td>${token.scope}</td><td>${day(token.createdAt)}</td><td>${day(token.expiresAt)}</td><td>${day(token.lastUsedAt)}</td><td>${postButton(viewer, `/admin/tokens/${token.id}/revoke`, `Revoke ${token.name}`)}</td></tr>`,
  );
  const typed = outcome.typed ?? {};
  const main = html`<h1>API tokens</h1>
${notice(outcome.message)}
${outcome.secret !== undefined && html`<section class="token-secret" aria-labelledby="secret-title"><h2 id="secret-title">The secret of ${outcome.secret.name}</h2><p>Copy it now: it is shown only this once and cannot be read again.</p><p><code id="token-secret">${outcome.secret.secret}</code></p></section>`}
${tokens.length === 0 ? html`<p>No tokens.</p>` : table('API tokens', ['Name', 'Scope', 'Made', 'Expires', 'Last used', 'Actions'], rows)}
<h2>Make a token</h2>
<form class="console-form" method="post" action="/admin/tokens">${csrfField(viewer)}
${problem(outcome, 'token-problem')}
<div class="field"><label for="token-name">Name</label><input id="token-name" name="name" type="text" autocomplete="off" maxlength="64" value="${typed['name'] ?? ''}"></div>
<div class="field"><label for="token-scope">Scope</label>${select('token-scope', 'scope', ['read', 'write', 'admin'], typed['scope'])}</div>
<div class="field"><label for="token-expires">Expires</label><input id="token-expires" name="expiresAt" type="text" value="${typed['expiresAt'] ?? ''}" aria-describedby="token-expires-hint"><span class="field-hint" id="token-expires-hint">Empty for never, or an RFC 3339 time such as 2027-01-31T00:00:00Z.</span></div>
<p class="form-actions"><button type="submit" class="btn">Make the token</button></p></form>`;
  return consolePage({ title: 'API tokens', section: '/admin/tokens', base, path: '/admin/tokens' }, viewer, assets, main);
}

const REFUSAL_TITLES: Readonly<Record<number, string>> = { 403: 'Refused', 404: 'Not found', 413: 'Too large' };

/** A console page in place of one the viewer may not see (403), that does not exist (404), or that failed. */
export function refusedPage(status: number, message: string, viewer: ConsoleViewer | undefined, base: string, assets: AssetTable): string {
  const title = REFUSAL_TITLES[status] ?? (status >= 500 ? 'Server trouble' : 'Cannot do that');
  const main = html`<h1>${title}</h1><p>${message}</p><p><a href="/admin">Back to the overview</a></p>`;
  return consolePage({ title, section: '', base, path: '/admin' }, viewer, assets, main);
}
