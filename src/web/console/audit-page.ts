import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, notice, table, type ConsoleViewer } from './console-layout.js';

/** One audit entry as the console lists it. */
export interface AuditLine {
  readonly time: string;
  readonly actor: { readonly type: string; readonly name: string };
  readonly action: string;
  /** A token's entries also carry its name, scope and expiry; a webhook endpoint's its URL and events. */
  readonly target: {
    readonly type: string;
    readonly id: string;
    readonly name?: string;
    readonly scope?: string;
    readonly expiresAt?: string | null;
    readonly url?: string;
    readonly events?: readonly string[];
  };
}

export interface AuditView {
  readonly filters: Readonly<Record<'actor' | 'action' | 'slot' | 'since' | 'until', string>>;
  readonly actions: readonly string[];
  readonly entries: readonly AuditLine[];
  /** The address of the next (older) page, if any. */
  readonly next: string | undefined;
  readonly problem?: string;
}

/** What a token or endpoint was when the entry was written, so a revoked token or deleted endpoint can still be told apart. */
function description(target: AuditLine['target']): SafeHtml {
  if (target.name !== undefined) {
    const expiry = target.expiresAt === undefined ? html`` : html`, ${target.expiresAt === null ? 'never expires' : html`expires <time datetime="${target.expiresAt}">${target.expiresAt.slice(0, 10)}</time>`}`;
    return html` <span class="muted">“${target.name}” (${target.scope ?? ''}${expiry})</span>`;
  }
  if (target.url !== undefined) return html` <span class="muted">${target.url} (${(target.events ?? []).join(', ')})</span>`;
  return html``;
}

function target(line: AuditLine): SafeHtml {
  if (line.target.type === 'slot') return html`<a href="/admin/slots/${line.target.id}/history">slot ${line.target.id}</a>`;
  return html`${line.target.type} ${line.target.id}${description(line.target)}`;
}

export function auditRow(line: AuditLine): SafeHtml {
  return html`<tr><td><time datetime="${line.time}">${line.time.replace('T', ' ').slice(0, 19)}</time></td><td>${line.actor.name} <span class="muted">(${line.actor.type})</span></td><td>${line.action}</td><td>${target(line)}</td></tr>`;
}

function textFilter(view: AuditView, field: 'actor' | 'slot' | 'since' | 'until', label: string, hint: string): SafeHtml {
  return html`<div class="field"><label for="audit-${field}">${label}</label><input id="audit-${field}" name="${field}" type="text" value="${view.filters[field]}" aria-describedby="audit-${field}-hint"><span class="field-hint" id="audit-${field}-hint">${hint}</span></div>`;
}

/** `GET /admin/audit`: the audit log newest first, filtered by actor, action, slot and time. */
export function auditPage(view: AuditView, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const main = html`<h1>Audit log</h1>
<form class="console-form console-filters" method="get" action="/admin/audit">
${textFilter(view, 'actor', 'Who', 'An operator or token name')}
<div class="field"><label for="audit-action">Action</label><select id="audit-action" name="action"><option value="">Any</option>${view.actions.map(
    (action) => html`<option value="${action}"${action === view.filters.action ? html` selected` : html``}>${action}</option>`,
  )}</select></div>
${textFilter(view, 'slot', 'Slot id', 'A number')}
${textFilter(view, 'since', 'From', 'RFC 3339, e.g. 2026-11-01T00:00:00Z')}
${textFilter(view, 'until', 'Until', 'RFC 3339, before this time')}
<p><button type="submit" class="btn">Filter</button> <a href="/admin/audit">Clear</a></p>
</form>
${notice(view.problem, 'error')}
${view.entries.length === 0 ? html`<p>No entries match.</p>` : table('Audit entries, newest first', ['Time', 'Who', 'What', 'Target'], view.entries.map(auditRow))}
${view.next !== undefined && html`<p><a href="${view.next}" rel="next">Older entries →</a></p>`}`;
  return consolePage({ title: 'Audit log', section: '/admin/audit', base, path: '/admin/audit' }, viewer, assets, main);
}
