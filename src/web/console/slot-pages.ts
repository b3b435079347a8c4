import type { SlotRecord } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, csrfField, notice, postButton, table, type ConsoleViewer } from './console-layout.js';
import { SLOT_FORM_FIELDS, slotFormValues, type SlotFormField } from './slot-form.js';

/** One change of a slot as its history lists it: the record before and after (null: none). */
export interface VersionLine {
  readonly version: number;
  readonly time: string;
  readonly actor: { readonly type: string; readonly name: string };
  readonly action: string;
  readonly before: SlotRecord | null;
  readonly after: SlotRecord | null;
}

/** `GET /admin/slots/{id}/delete`: what will go, and a button that does it. */
export function deletePage(slot: SlotRecord, version: number, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const path = `/admin/slots/${slot.id}/delete`;
  const main = html`<h1>Delete ${slot.name}?</h1>
<p>Slot ${slot.id} (${slot.provider}) and its public page <a href="/slots/${slot.slug}">/slots/${slot.slug}</a> will be gone. Its history is kept, and it can be restored from there.</p>
<form class="console-form" method="post" action="${path}">${csrfField(viewer)}<input type="hidden" name="version" value="${version}">
<p class="form-actions"><button type="submit" class="btn btn-danger">Delete this slot</button> <a href="/admin/slots/${slot.id}/edit">Keep it</a></p></form>`;
  return consolePage({ title: `Delete ${slot.name}`, section: '/admin/slots', base, path }, viewer, assets, main);
}

/** The fields that differ between two versions, as text the form would show. */
function differences(before: SlotRecord | null, after: SlotRecord | null): readonly { field: SlotFormField; before: string; after: string }[] {
  const from = before === null ? undefined : slotFormValues(before);
  const to = after === null ? undefined : slotFormValues(after);
  return SLOT_FORM_FIELDS.map((field) => ({ field, before: from?.[field] ?? '', after: to?.[field] ?? '' })).filter((change) => change.before !== change.after);
}

function versionEntry(line: VersionLine, slotId: number, current: number | undefined, viewer: ConsoleViewer): SafeHtml {
  const changes = differences(line.before, line.after);
  const what = line.after === null ? 'Deleted' : line.before === null ? 'Created' : `${changes.length} field${changes.length === 1 ? '' : 's'} changed`;
  return html`<li class="version"><h2 id="version-${line.version}">Version ${line.version}${line.version === current ? ' (current)' : ''}</h2>
<p><time datetime="${line.time}">${line.time.replace('T', ' ').slice(0, 19)}</time> by ${line.actor.name} (${line.actor.type}): ${line.action}. ${what}.</p>
${line.before !== null && line.after !== null && changes.length > 0 && table(`Changes in version ${line.version}`, ['Field', 'Before', 'After'], changes.map(
  (change) => html`<tr><th scope="row">${change.field}</th><td class="diff-before">${change.before}</td><td class="diff-after">${change.after}</td></tr>`,
))}
${line.after !== null && line.version !== current && postButton(viewer, `/admin/slots/${slotId}/restore`, `Restore version ${line.version}`, { version: line.version })}
</li>`;
}

/** `GET /admin/slots/{id}/history`: every change the audit keeps, newest first, field by field, each version with a restore button. */
export function historyPage(slotId: number, name: string, versions: readonly VersionLine[], current: number | undefined, viewer: ConsoleViewer, base: string, assets: AssetTable, message?: string): string {
  const path = `/admin/slots/${slotId}/history`;
  const main = html`<h1>History of ${name}</h1>
${notice(message)}
${current !== undefined && html`<p class="console-actions"><a href="/admin/slots/${slotId}/edit">Edit the current version</a></p>`}
${versions.length === 0 ? html`<p>No versions of this slot are recorded.</p>` : html`<ol class="versions">${versions.map((line) => versionEntry(line, slotId, current, viewer))}</ol>`}`;
  return consolePage({ title: `History of ${name}`, section: '/admin/slots', base, path }, viewer, assets, main);
}
