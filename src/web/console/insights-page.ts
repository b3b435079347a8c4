import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, table, type ConsoleViewer } from './console-layout.js';

/** A slot as the page names it: by its name and edit page, or by its id once it is gone from the catalogue. */
export interface NamedSlot {
  readonly id: string;
  readonly name?: string;
}

export interface InsightsPageModel {
  /** Plays and views per day, oldest first; `date` is `YYYY-MM-DD`. */
  readonly days: readonly { readonly date: string; readonly plays: number; readonly views: number }[];
  readonly top: readonly { readonly slot: NamedSlot; readonly plays: number; readonly visitors: number }[];
  readonly rising: readonly { readonly slot: NamedSlot; readonly thisWeek: number; readonly lastWeek: number }[];
  readonly gaps: readonly { readonly kind: 'match' | 'search'; readonly key: string; readonly count: number; readonly visitors: number }[];
  /** The least distinct visitors on one day for a typed key to be shown. */
  readonly minVisitors: number;
}

const number = (value: number) => value.toLocaleString('en');

// The chart's drawing area in SVG units; the stylesheet scales it to the page's width.
const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 64;
const RIGHT = 12;
const TOP = 16;
const BOTTOM = 32;

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the highest figure. */
function scaleTop(highest: number): number {
  if (highest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(highest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= highest) ?? 10 * power;
}

/** One series as the points of a polyline. */
function points(values: readonly number[], top: number): string {
  const step = values.length > 1 ? (WIDTH - LEFT - RIGHT) / (values.length - 1) : 0;
  const y = (value: number) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / top);
  return values.map((value, index) => `${(LEFT + index * step).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
}

/**
 * Plays and views per day as inline SVG: no script, no inline style (the console's CSP), colours from the
 * stylesheet's classes. The table after it holds the same figures for every reader.
 */
function chart(days: InsightsPageModel['days']): SafeHtml {
  const top = scaleTop(Math.max(0, ...days.map(({ plays, views }) => Math.max(plays, views))));
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const label = `Plays and views per day from ${first} to ${last}; the table below gives each day's figures.`;
  const middle = (HEIGHT - BOTTOM + TOP) / 2;
  return html`<figure class="chart">
<svg class="chart-svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">
<line class="chart-axis" x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${HEIGHT - BOTTOM}"></line>
<line class="chart-axis" x1="${LEFT}" y1="${HEIGHT - BOTTOM}" x2="${WIDTH - RIGHT}" y2="${HEIGHT - BOTTOM}"></line>
<line class="chart-grid" x1="${LEFT}" y1="${middle}" x2="${WIDTH - RIGHT}" y2="${middle}"></line>
<text class="chart-label" x="${LEFT - 6}" y="${TOP + 4}" text-anchor="end">${number(top)}</text>
<text class="chart-label" x="${LEFT - 6}" y="${middle + 4}" text-anchor="end">${number(top / 2)}</text>
<text class="chart-label" x="${LEFT - 6}" y="${HEIGHT - BOTTOM + 4}" text-anchor="end">0</text>
<text class="chart-label" x="${LEFT}" y="${HEIGHT - 8}">${first}</text>
<text class="chart-label" x="${WIDTH - RIGHT}" y="${HEIGHT - 8}" text-anchor="end">${last}</text>
<polyline class="chart-views" points="${points(days.map(({ views }) => views), top)}"></polyline>
<polyline class="chart-plays" points="${points(days.map(({ plays }) => plays), top)}"></polyline>
</svg>
<figcaption><span class="chart-key chart-key-plays">Plays</span> <span class="chart-key chart-key-views">Views</span></figcaption>
</figure>`;
}

function slotCell(slot: NamedSlot): SafeHtml {
  if (slot.name === undefined) return html`<td>Slot ${slot.id} (no longer in the catalogue)</td>`;
  return html`<td><a href="/admin/slots/${slot.id}/edit">${slot.name}</a></td>`;
}

/** Where a gap leads: a match to the new-slot form with its emojis filled in, a search to the slots list. */
function gapAction(gap: InsightsPageModel['gaps'][number]): SafeHtml {
  if (gap.kind === 'match') return html`<a href="/admin/slots/new?emojis=${encodeURIComponent(gap.key)}">Add a slot with these emojis</a>`;
  return html`<a href="/admin/slots?q=${encodeURIComponent(gap.key)}">Search the slots for it</a>`;
}

/** `GET /admin/insights`: what visitors played and viewed, what is rising, and what found nothing (decisions §21). */
export function insightsPage(model: InsightsPageModel, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const counted = model.days.some(({ plays, views }) => plays > 0 || views > 0);
  const main = html`<h1>Insights</h1>
<p>What visitors played, viewed and looked for, counted without learning who they are. Days are UTC.</p>
<h2>Plays and views per day</h2>
${counted ? chart(model.days) : html`<p>No plays or views were counted in these ${model.days.length} days.</p>`}
${table(
  `Plays and views on each of the last ${model.days.length} days`,
  ['Day', 'Plays', 'Views'],
  model.days.map(({ date, plays, views }) => html`<tr><td>${date}</td><td>${number(plays)}</td><td>${number(views)}</td></tr>`),
)}
<h2>Top slots this week</h2>
${model.top.length === 0
  ? html`<p>No slot was played in the last 7 days.</p>`
  : table('The most played slots of the last 7 days', ['Slot', 'Plays', 'Visitors (estimated)'], model.top.map(({ slot, plays, visitors }) => html`<tr>${slotCell(slot)}<td>${number(plays)}</td><td>${number(visitors)}</td></tr>`))}
<h2>Rising</h2>
${model.rising.length === 0
  ? html`<p>No slot was played more in the last 7 days than in the 7 before.</p>`
  : table(
      'Slots played more in the last 7 days than in the 7 before, most gained first',
      ['Slot', 'This week', 'Last week', 'Gained'],
      model.rising.map(({ slot, thisWeek, lastWeek }) => html`<tr>${slotCell(slot)}<td>${number(thisWeek)}</td><td>${number(lastWeek)}</td><td>+${number(thisWeek - lastWeek)}</td></tr>`),
    )}
<h2>Gaps: asked for, not found</h2>
<p>Matches and searches of the last 7 days that found nothing. One is shown only once at least ${model.minVisitors} different visitors asked it on one day, so nobody's typed name or address appears here.</p>
${model.gaps.length === 0
  ? html`<p>No gaps in the last 7 days.</p>`
  : table(
      'Matches and searches of the last 7 days that found nothing, most asked first',
      ['Asked', 'What', 'Times', 'Visitors (estimated)', 'Next step'],
      model.gaps.map((gap) => html`<tr><td>${gap.key}</td><td>${gap.kind === 'match' ? 'Emoji match' : 'Search'}</td><td>${number(gap.count)}</td><td>${number(gap.visitors)}</td><td>${gapAction(gap)}</td></tr>`),
    )}
<p>The same figures for any range, as JSON or CSV: <code>GET /api/admin/insights</code> and <code>/api/admin/insights/daily</code> (scope <code>read</code>).</p>`;
  return consolePage({ title: 'Insights', section: '/admin/insights', base, path: '/admin/insights' }, viewer, assets, main);
}
