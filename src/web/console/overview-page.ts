import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, table, type ConsoleViewer } from './console-layout.js';
import { auditRow, type AuditLine } from './audit-page.js';

export interface Overview {
  readonly slots: number;
  readonly providers: number;
  readonly emojis: number;
  readonly categories: number;
  readonly latest: readonly AuditLine[];
}

function stat(label: string, value: number, href: string): SafeHtml {
  return html`<div class="stat"><dt>${label}</dt><dd><a href="${href}">${value.toLocaleString('en')}</a></dd></div>`;
}

/** `GET /admin`: the catalogue's counts and the latest changes. */
export function overviewPage(overview: Overview, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const main = html`<h1>Overview</h1>
<dl class="stats">${stat('Slots', overview.slots, '/admin/slots')}${stat('Providers', overview.providers, '/admin/slots')}${stat('Emojis in use', overview.emojis, '/admin/categories')}${stat('Categories', overview.categories, '/admin/categories')}</dl>
<p class="console-actions"><a class="btn" href="/admin/slots/new">New slot</a> <a class="btn btn-ghost" href="/admin/slots">Find a slot</a></p>
<h2>Latest changes</h2>
${overview.latest.length === 0 ? html`<p>No changes yet.</p>` : table('The ten latest entries of the audit log', ['Time', 'Who', 'What', 'Target'], overview.latest.map(auditRow))}
<p><a href="/admin/audit">The whole audit log</a></p>`;
  return consolePage({ title: 'Overview', section: '/admin', base, path: '/admin' }, viewer, assets, main);
}
