import type { SlotRecord } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { formatRtp } from '../markup/format.js';
import { html, type SafeHtml } from '../markup/html.js';
import type { SearchOutcome } from '../pages/search-page.js';
import { searchHref, type SearchQuery } from '../pages/search-query.js';
import { consolePage, notice, table, type ConsoleViewer } from './console-layout.js';

const PATH = '/admin/slots';
const SORTS: readonly (readonly [string, string])[] = [
  ['', 'Best match, else id'],
  ['id', 'Id, oldest first'],
  ['-id', 'Id, newest first'],
  ['name', 'Name, A to Z'],
  ['-rtp', 'Highest RTP'],
  ['rtp', 'Lowest RTP'],
  ['-rating', 'Best rated'],
  ['-maxWin', 'Biggest max win'],
  ['-releaseYear', 'Newest release'],
  ['popular', 'Most played lately'],
];

const first = (value: string | readonly string[] | undefined): string => (typeof value === 'string' ? value : (value?.[0] ?? ''));

function textField(search: SearchQuery, name: 'minRtp' | 'maxRtp' | 'minMaxWin' | 'maxMaxWin', id: string, label: string): SafeHtml {
  return html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="number" step="any" min="0" value="${first(search.single[name])}"></div>`;
}

function listField(search: SearchQuery, name: 'provider' | 'volatility' | 'theme' | 'feature', label: string): SafeHtml {
  return html`<div class="field"><label for="slots-${name}">${label}</label><input id="slots-${name}" name="${name}" type="text" value="${search.lists[name].join(', ')}" aria-describedby="slots-lists-hint"></div>`;
}

function row(slot: SlotRecord): SafeHtml {
  return html`<tr><td>${slot.id}</td><td><a href="/admin/slots/${slot.id}/edit">${slot.name}</a></td><td>${slot.provider}</td><td>${formatRtp(slot.rtp)}</td><td>${slot.volatility}</td><td class="emoji-cell">${slot.emojiTags.join(' ')}</td><td><a href="/slots/${slot.slug}">Public page</a> · <a href="/admin/slots/${slot.id}/history">History</a></td></tr>`;
}

function output(outcome: SearchOutcome): { status: SafeHtml; body: SafeHtml } {
  if (outcome.kind === 'refused') {
    return { status: html`<p id="search-status" class="search-status search-status-error" role="status">This search cannot run. ${outcome.message}</p>`, body: html`` };
  }
  const { search, slots, total, offset, limit } = outcome;
  const shown = slots.length === 0 ? 'none on this page' : `showing ${offset + 1}–${offset + slots.length}`;
  const status = html`<p id="search-status" class="search-status" role="status">${total} slot${total === 1 ? '' : 's'} found; ${shown}.</p>`;
  const previous = offset > 0 ? searchHref(search, Math.max(0, offset - limit), PATH) : undefined;
  const next = offset + limit < total ? searchHref(search, offset + limit, PATH) : undefined;
  const body = html`${slots.length > 0 && table('Slots', ['Id', 'Name', 'Provider', 'RTP', 'Volatility', 'Emojis', 'Links'], slots.map(row))}
<nav class="paging" aria-label="Result pages">${previous === undefined ? html`` : html`<a href="${previous}" rel="prev">← Previous</a>`} ${next === undefined ? html`` : html`<a href="${next}" rel="next">Next →</a>`}</nav>`;
  return { status, body };
}

/** `GET /admin/slots`: the §13 search (same parameters and domain calls as `/search`) with links to edit each slot. */
export function slotsPage(outcome: SearchOutcome, viewer: ConsoleViewer, base: string, assets: AssetTable, message?: string): string {
  const { search } = outcome;
  const sort = first(search.single.sort);
  const { status, body } = output(outcome);
  const main = html`<h1>Slots</h1>
${notice(message)}
<p class="console-actions"><a class="btn" href="/admin/slots/new">New slot</a></p>
<form class="console-form console-filters" id="search-form" method="get" action="${PATH}" role="search" aria-label="Slots">
<div class="field field-wide"><label for="search-q">Search</label><input id="search-q" name="q" type="search" maxlength="100" autocomplete="off" value="${first(search.single.q)}"></div>
${listField(search, 'provider', 'Providers')}
${listField(search, 'volatility', 'Volatility')}
${listField(search, 'theme', 'Themes')}
${listField(search, 'feature', 'Features')}
<p class="field-hint" id="slots-lists-hint">Lists are separated by commas.</p>
${textField(search, 'minRtp', 'search-min-rtp', 'Lowest RTP')}
${textField(search, 'maxRtp', 'search-max-rtp', 'Highest RTP')}
${textField(search, 'minMaxWin', 'search-min-max-win', 'Lowest max win')}
${textField(search, 'maxMaxWin', 'search-max-max-win', 'Highest max win')}
<div class="field"><label for="search-sort">Sort by</label><select id="search-sort" name="sort">${SORTS.map(
    ([value, label]) => html`<option value="${value}"${value === sort ? html` selected` : html``}>${label}</option>`,
  )}</select></div>
<p><button type="submit" class="btn">Search</button> <a href="${PATH}">Clear</a></p>
</form>
<section aria-labelledby="results-title"><h2 id="results-title">Results</h2>
${status}
<div id="search-output">${body}</div>
</section>`;
  return consolePage({ title: 'Slots', section: PATH, base, path: PATH, script: 'search.js' }, viewer, assets, main);
}
