import type { FacetCount } from '../../catalogue/search/facets.js';
import { VOLATILITIES, type SlotRecord } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { truncate } from '../markup/format.js';
import { html, type SafeHtml } from '../markup/html.js';
import { layout, SITE_NAME } from '../markup/layout.js';
import { slotCard } from '../markup/slot-card.js';
import { CONTROL_CHARACTERS, KEPT_FIELDS, searchHref, type ListField, type SearchQuery, type SingleField } from './search-query.js';

/** What the search page shows: a page of results with facet counts, or why the search was refused. */
export type SearchOutcome =
  | {
      readonly kind: 'results';
      readonly search: SearchQuery;
      readonly slots: readonly SlotRecord[];
      readonly total: number;
      /** The words of `q` as the search read them; undefined without one. */
      readonly words: readonly string[] | undefined;
      readonly offset: number;
      readonly limit: number;
      readonly facets: Readonly<Record<ListField, readonly FacetCount[]>>;
    }
  | { readonly kind: 'refused'; readonly search: SearchQuery; readonly message: string };

const TITLE_QUERY_LENGTH = 60;
/** Longer values are shown cut: the message about them is what matters. */
const SHOWN_VALUE_LENGTH = 200;

/** Anything the page echoes back: control characters become visible replacement marks. */
function shown(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '\uFFFD');
}

/** One value of a single field as echoed into its control; a field given twice shows its first value. */
function fieldValue(search: SearchQuery, field: SingleField): string {
  const value = search.single[field];
  return shown((typeof value === 'string' ? value : value?.[0]) ?? '');
}

/** Sort values a person picks from; other valid ones still show when a link carries them. */
const SORT_LABELS: readonly (readonly [string, string])[] = [
  ['', 'Best match'],
  ['name', 'Name, A to Z'],
  ['-name', 'Name, Z to A'],
  ['-rtp', 'Highest RTP'],
  ['rtp', 'Lowest RTP'],
  ['-rating', 'Best rated'],
  ['rating', 'Lowest rated'],
  ['-maxWin', 'Biggest max win'],
  ['maxWin', 'Smallest max win'],
  ['-releaseYear', 'Newest'],
  ['releaseYear', 'Oldest'],
  ['popular', 'Most played lately'],
];
const OTHER_SORT_LABELS: Readonly<Record<string, string>> = {
  relevance: 'Relevance',
  id: 'Catalogue order',
  '-id': 'Catalogue order, reversed',
};

function sortSelect(search: SearchQuery): SafeHtml {
  const current = fieldValue(search, 'sort');
  const extra = OTHER_SORT_LABELS[current];
  const options: (readonly [string, string])[] = [...SORT_LABELS, ...(extra === undefined ? [] : [[current, extra] as const])];
  return html`<select id="search-sort" name="sort">${options.map(
    ([value, label]) => html`<option value="${value}"${value === current ? html` selected` : html``}>${label}</option>`,
  )}</select>`;
}

const LIST_LEGENDS: Readonly<Record<ListField, string>> = {
  provider: 'Provider',
  volatility: 'Volatility',
  theme: 'Theme',
  feature: 'Feature',
};

/** The first spelling of each value, compared case-insensitively. */
function dedupe(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
}

/** The facet's values as checkboxes with their counts; ticked values stay listed even when they count 0. */
function facetList(field: ListField, counts: readonly FacetCount[], search: SearchQuery): SafeHtml {
  const ticked = search.lists[field];
  const isTicked = (value: string) => ticked.some((item) => item.toLowerCase() === value.toLowerCase());
  const listed = counts.map(({ value, count }) => ({ value: String(value), count }));
  // Volatility has four levels: all are offered, so a level missing from these results can still be ticked.
  const offered = field === 'volatility' ? [...ticked, ...VOLATILITIES] : ticked;
  const missing = [...new Set(offered)].filter((item) => !listed.some(({ value }) => value.toLowerCase() === item.toLowerCase()));
  const items = [...listed, ...dedupe(missing).map((value) => ({ value: shown(value), count: 0 }))];
  if (items.length === 0) return html`<p class="facet-empty" id="facet-${field}">None in these results.</p>`;
  return html`<ul class="facet-list" id="facet-${field}">${items.map(
    ({ value, count }) => html`<li><label><input type="checkbox" name="${field}" value="${value}"${isTicked(value) ? html` checked` : html``}> <span class="facet-value">${value}</span> <span class="facet-count">(${count})</span></label></li>`,
  )}</ul>`;
}

function facetFieldset(field: ListField, outcome: SearchOutcome): SafeHtml {
  const counts = outcome.kind === 'results' ? outcome.facets[field] : [];
  return html`<fieldset class="facet"><legend>${LIST_LEGENDS[field]}</legend>${facetList(field, counts, outcome.search)}</fieldset>`;
}

function numberInput(search: SearchQuery, field: SingleField, id: string, label: string, limits: { min: number; max?: number }): SafeHtml {
  return html`<div class="range-end"><label for="${id}">${label}</label><input id="${id}" name="${field}" type="number" inputmode="decimal" step="any" min="${limits.min}"${limits.max === undefined ? html`` : html` max="${limits.max}"`} value="${fieldValue(search, field)}"></div>`;
}

function bonusBuySelect(search: SearchQuery): SafeHtml {
  const current = fieldValue(search, 'hasBonusBuy').toLowerCase();
  const options = [
    ['', 'Either'],
    ['true', 'With bonus buy'],
    ['false', 'Without bonus buy'],
  ] as const;
  return html`<div class="filter-field"><label for="search-bonus-buy">Bonus buy</label><select id="search-bonus-buy" name="hasBonusBuy">${options.map(
    ([value, label]) => html`<option value="${value}"${value === current ? html` selected` : html``}>${label}</option>`,
  )}</select></div>`;
}

const KEPT_LABELS: Readonly<Record<(typeof KEPT_FIELDS)[number], string>> = {
  emoji: 'emoji',
  minRating: 'minimum rating',
  maxRating: 'maximum rating',
  minYear: 'from year',
  maxYear: 'to year',
  limit: 'results per page',
};

/** Parameters of a shared link with no control of their own: kept as hidden fields, and said so. */
function keptFields(search: SearchQuery): SafeHtml {
  const kept = KEPT_FIELDS.flatMap((field) => {
    const value = search.single[field];
    return (typeof value === 'string' ? [value] : (value ?? [])).map((item) => [field, shown(item)] as const);
  });
  const withoutKept: SearchQuery = {
    ...search,
    single: Object.fromEntries(Object.entries(search.single).filter(([field]) => !(KEPT_FIELDS as readonly string[]).includes(field))),
  };
  return html`<div id="search-kept">${kept.map(([field, value]) => html`<input type="hidden" name="${field}" value="${value}">`)}${
    kept.length > 0 &&
    html`<p class="search-kept">Also from the link: ${kept.map(([field, value], index) => html`${index > 0 && ', '}${KEPT_LABELS[field]} ${truncate(value, 40)}`)}. <a href="${searchHref(withoutKept, 0)}">Drop these</a></p>`
  }</div>`;
}

function filters(outcome: SearchOutcome): SafeHtml {
  const { search } = outcome;
  return html`<section class="search-filters" aria-labelledby="filters-title">
<h2 id="filters-title">Filters</h2>
${facetFieldset('provider', outcome)}
${facetFieldset('volatility', outcome)}
<fieldset class="range"><legend>RTP (%)</legend>${numberInput(search, 'minRtp', 'search-min-rtp', 'Lowest', { min: 0, max: 100 })}${numberInput(search, 'maxRtp', 'search-max-rtp', 'Highest', { min: 0, max: 100 })}</fieldset>
<fieldset class="range"><legend>Max win (× stake)</legend>${numberInput(search, 'minMaxWin', 'search-min-max-win', 'Lowest', { min: 0 })}${numberInput(search, 'maxMaxWin', 'search-max-max-win', 'Highest', { min: 0 })}</fieldset>
${bonusBuySelect(search)}
${facetFieldset('theme', outcome)}
${facetFieldset('feature', outcome)}
${keptFields(search)}
<p class="filter-actions"><button type="submit" class="btn">Apply filters</button> <a href="/search">Clear all</a></p>
</section>`;
}

function paging(search: SearchQuery, total: number, offset: number, limit: number): SafeHtml {
  if (offset === 0 && total <= limit) return html``;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const previous = offset > 0 ? searchHref(search, Math.max(0, Math.min(offset - limit, (pages - 1) * limit))) : undefined;
  const next = offset + limit < total ? searchHref(search, offset + limit) : undefined;
  return html`<nav class="paging" aria-label="Result pages">
${previous === undefined ? html`<span class="paging-end" aria-hidden="true">← Previous</span>` : html`<a href="${previous}" rel="prev">← Previous</a>`}
<span class="paging-where">Page ${page} of ${pages}</span>
${next === undefined ? html`<span class="paging-end" aria-hidden="true">Next →</span>` : html`<a href="${next}" rel="next">Next →</a>`}
</nav>`;
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** The line the live region announces, and what stands in the results' place. */
function results(outcome: SearchOutcome): { status: SafeHtml; output: SafeHtml } {
  if (outcome.kind === 'refused') {
    return {
      status: html`<p id="search-status" class="search-status search-status-error" role="status">This search cannot run. ${truncate(shown(outcome.message), SHOWN_VALUE_LENGTH)}</p>`,
      output: html`<p class="search-help">Change the fields and search again, or <a href="/search">start a new search</a>.</p>`,
    };
  }
  const { search, slots, total, offset, limit } = outcome;
  if (total === 0) {
    return {
      status: html`<p id="search-status" class="search-status" role="status">No slots match this search.</p>`,
      output: html`<p class="search-help">Try fewer words or filters, check the spelling, or <a href="/search">start a new search</a>.</p>`,
    };
  }
  if (slots.length === 0) {
    return {
      status: html`<p id="search-status" class="search-status" role="status">${plural(total, 'slot')} found; this page is past the last one.</p>`,
      output: html`<p class="search-help"><a href="${searchHref(search, 0)}">Go to the first page</a>.</p>`,
    };
  }
  return {
    status: html`<p id="search-status" class="search-status" role="status">${plural(total, 'slot')} found. Showing ${offset + 1}–${offset + slots.length}.</p>`,
    output: html`<ul class="cards search-cards">${slots.map(slotCard)}</ul>${paging(search, total, offset, limit)}`,
  };
}

function queryText(search: SearchQuery): string | undefined {
  const q = search.single.q;
  return typeof q === 'string' ? truncate(shown(q), TITLE_QUERY_LENGTH) : undefined;
}

/** `GET /search`: the search form, its results and facet counts; works as a plain form without script. */
export function searchPage(outcome: SearchOutcome, base: string, slotCount: number, assets: AssetTable): string {
  const { search } = outcome;
  const { status, output } = results(outcome);
  const main = html`<section class="search-intro">
<h1>Search slot games</h1>
<p class="lead">Find a slot by its name, provider, theme or feature, then narrow it down by volatility, RTP and max win.</p>
</section>
<form class="search" id="search-form" action="/search" method="get" role="search" aria-label="Slots">
<div class="search-bar">
<div class="search-field search-field-q"><label for="search-q">Search slots</label><input id="search-q" name="q" type="search" value="${fieldValue(search, 'q')}" maxlength="100" autocomplete="off" enterkeyhint="search" placeholder="Name, provider, theme or feature"></div>
<div class="search-field"><label for="search-sort">Sort by</label>${sortSelect(search)}</div>
<button type="submit" class="btn btn-search">Search</button>
</div>
<div class="search-layout">
<section class="search-results" aria-labelledby="results-title">
<h2 id="results-title">Results</h2>
${status}
<div id="search-output">${output}</div>
</section>
${filters(outcome)}
</div>
</form>`;
  const q = queryText(search);
  const meta = {
    title: q === undefined ? `Search slot games · ${SITE_NAME}` : `Slots matching “${q}” · ${SITE_NAME}`,
    description: `Search ${plural(slotCount, 'slot game')} by name, provider, theme or feature, and filter by volatility, RTP and max win.`,
    url: outcome.kind === 'results' ? `${base}${searchHref(search, outcome.offset)}` : `${base}/search`,
    indexable: outcome.kind === 'results',
    script: true,
    scriptFile: 'search.js' as const,
  };
  return layout(meta, assets, main).value;
}
