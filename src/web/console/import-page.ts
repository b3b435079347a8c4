import type { ImportPreview } from '../../catalogue/records/import-preview.js';
import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, csrfField, notice, table, type ConsoleViewer } from './console-layout.js';

/** Slots listed per kind of change; the counts always cover every slot. */
const LISTED = 500;

/** What the confirmation carries back: which upload, the catalogue position previewed against, and the document's hash. */
export interface PendingImport {
  readonly id: string;
  readonly sequence: number;
  readonly hash: string;
}

const PATH = '/admin/import';

function more(total: number): SafeHtml {
  return total > LISTED ? html`<p>…and ${total - LISTED} more.</p>` : html``;
}

function previewTables(preview: ImportPreview): SafeHtml {
  const { added, changed, removed } = preview;
  return html`<dl class="stats"><div class="stat"><dt>Added</dt><dd>${added.length}</dd></div><div class="stat"><dt>Changed</dt><dd>${changed.length}</dd></div><div class="stat"><dt>Removed</dt><dd>${removed.length}</dd></div><div class="stat"><dt>Unchanged</dt><dd>${preview.unchanged}</dd></div></dl>
<p>${preview.categoriesChanged ? 'The category map changes too.' : 'The category map stays as it is.'}</p>
${added.length > 0 && html`<h2>Added</h2>${table('Slots the import adds', ['Id', 'Name'], added.slice(0, LISTED).map((slot) => html`<tr><td>${slot.id ?? 'new'}</td><td>${slot.name}</td></tr>`))}${more(added.length)}`}
${changed.length > 0 && html`<h2>Changed</h2>${table('Slots the import changes', ['Id', 'Name', 'Fields that change'], changed.slice(0, LISTED).map((slot) => html`<tr><td><a href="/admin/slots/${slot.id}/edit">${slot.id}</a></td><td>${slot.name}</td><td>${slot.fields.join(', ')}</td></tr>`))}${more(changed.length)}`}
${removed.length > 0 && html`<h2>Removed</h2>${table('Slots the import removes', ['Id', 'Name'], removed.slice(0, LISTED).map((slot) => html`<tr><td><a href="/admin/slots/${slot.id}/edit">${slot.id}</a></td><td>${slot.name}</td></tr>`))}${more(removed.length)}`}`;
}

/** `GET /admin/import` (owners): upload a catalogue document to see what importing it would do; errors in it listed. */
export function importPage(viewer: ConsoleViewer, base: string, assets: AssetTable, outcome: { readonly problems?: readonly string[]; readonly message?: string } = {}): string {
  const problems = outcome.problems ?? [];
  const main = html`<h1>Import a catalogue</h1>
${notice(outcome.message)}
<p>Upload a document as <a href="/admin/catalogue">Export</a> gives it: <code>{"slots": [...], "categories": {...}}</code>. You will see what it adds, changes and removes before anything is written.</p>
<form class="console-form" method="post" action="${PATH}" enctype="multipart/form-data">${csrfField(viewer)}
<div class="field${problems.length > 0 ? ' field-invalid' : ''}"><label for="import-file">Catalogue document (JSON)</label><input id="import-file" name="document" type="file" accept="application/json,.json" required${problems.length > 0 ? html` aria-invalid="true" aria-describedby="import-errors"` : html``}>
${problems.length > 0 && html`<div class="field-error" id="import-errors"><p>This document cannot be imported:</p><ul>${problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>`}</div>
<p class="form-actions"><button type="submit" class="btn">Preview the import</button></p></form>`;
  return consolePage({ title: 'Import', section: '/admin/catalogue', base, path: PATH }, viewer, assets, main);
}

/** The preview of an upload: slot by slot, then a confirmation that applies exactly this document, or nothing. */
export function importPreviewPage(preview: ImportPreview, pending: PendingImport, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const main = html`<h1>Preview of the import</h1>
<p>Nothing has changed yet. Importing replaces the whole catalogue with this document, as one change.</p>
${previewTables(preview)}
<form class="console-form" method="post" action="${PATH}/confirm">${csrfField(viewer)}
<input type="hidden" name="import" value="${pending.id}"><input type="hidden" name="sequence" value="${pending.sequence}"><input type="hidden" name="hash" value="${pending.hash}">
<p class="form-actions"><button type="submit" class="btn btn-danger">Import exactly this</button> <a href="${PATH}">Cancel</a></p>
<p class="field-hint">If anyone changes the catalogue before you confirm, the import is refused and nothing is written.</p></form>`;
  return consolePage({ title: 'Preview of the import', section: '/admin/catalogue', base, path: PATH }, viewer, assets, main);
}

/** `GET /admin/catalogue`: download the whole catalogue, or go to the import. */
export function exportPage(slots: number, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const main = html`<h1>Export and import</h1>
<p>The whole catalogue, ${slots} slot${slots === 1 ? '' : 's'} and the category map, as one JSON document that the import (and <code>PUT /api/admin/catalogue</code>) takes back.</p>
<p class="console-actions"><a class="btn" href="/admin/catalogue.json" download>Download the catalogue</a>${viewer.role === 'owner' && html` <a class="btn btn-ghost" href="${PATH}">Import a catalogue…</a>`}</p>`;
  return consolePage({ title: 'Export and import', section: '/admin/catalogue', base, path: '/admin/catalogue' }, viewer, assets, main);
}
