import { VOLATILITIES, type SlotRecord } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { jsonScript } from '../markup/json-script.js';
import { layout, SITE_NAME } from '../markup/layout.js';
import type { PickerGroup, PickerModel } from '../markup/picker.js';
import { slotCard } from '../markup/slot-card.js';

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

function tab(group: PickerGroup, selected: boolean): SafeHtml {
  return html`<button type="button" role="tab" id="tab-${group.id}" aria-controls="panel-${group.id}" aria-selected="${String(selected)}" tabindex="${selected ? '0' : '-1'}"><span aria-hidden="true">${group.emojis[0]?.emoji}</span> ${group.label}</button>`;
}

/**
 * A category's panel. Only the open one comes with its buttons: the hidden ones were half the page,
 * parsed before the picker could start, so the script builds them (from `groupEmojis`) when first opened.
 */
function panel(group: PickerGroup, selected: boolean): SafeHtml {
  const buttons = selected
    ? group.emojis.map(
        ({ emoji, count }) => html`<button type="button" class="emoji" data-emoji="${emoji}" aria-pressed="false" title="${emoji} ${plural(count, 'slot')}">${emoji}</button>`,
      )
    : [];
  return html`<div class="panel" role="tabpanel" id="panel-${group.id}" aria-labelledby="tab-${group.id}"${selected ? html`` : html` hidden`}><div class="emoji-grid">${buttons}</div></div>`;
}

/** Each group's emojis and how many slots carry each, by group id: what the script builds panels from. */
function groupEmojis(model: PickerModel): Record<string, [emoji: string, count: number][]> {
  return Object.fromEntries(model.groups.map((group) => [group.id, group.emojis.map(({ emoji, count }) => [emoji, count])]));
}

function picker(model: PickerModel): SafeHtml {
  if (model.groups.length === 0) {
    return html`<section class="picker"><p>The catalogue is empty for now, so there is nothing to pick. Come back soon.</p></section>`;
  }
  return html`<section class="picker" aria-label="Emojis">
<div class="emoji-search">
<label for="emoji-search">Find an emoji by name</label>
<input type="search" id="emoji-search" autocomplete="off" spellcheck="false" enterkeyhint="done" placeholder="fire, cherry, money…" aria-describedby="emoji-search-hint">
<p class="search-hint" id="emoji-search-hint">Enter picks the first match, Escape clears.</p>
<p class="search-status" id="emoji-search-status" role="status"></p>
</div>
<div class="tabs" role="tablist" aria-label="Emoji categories">${model.groups.map((group, index) => tab(group, index === 0))}</div>
${model.groups.map((group, index) => panel(group, index === 0))}
<div class="panel" id="emoji-search-results" hidden><div class="emoji-grid" id="emoji-search-grid" role="group" aria-label="Emojis matching your search"></div></div>
${jsonScript('application/json', groupEmojis(model), 'emoji-groups')}
${jsonScript('application/json', model.search, 'emoji-words')}
</section>`;
}

const combo = html`<section class="combo" aria-labelledby="combo-title">
<h2 id="combo-title">Your combo</h2>
<p class="combo-hint" id="combo-hint">Tap emojis to build a combo.</p>
<noscript><p class="combo-hint">The picker needs JavaScript. Without it, a <a href="/api/v1/spin">lucky spin</a> still finds you a slot.</p></noscript>
<ul class="combo-list" id="combo-list" aria-label="Picked emojis"></ul>
<p class="combo-actions">
<a class="btn btn-primary" id="play" role="link" aria-disabled="true">Play best match</a>
<button type="button" class="btn btn-ghost" id="clear" disabled>Clear</button>
</p>
</section>`;

const matches = html`<section class="matches" aria-labelledby="matches-title">
<h2 id="matches-title">Matching slots</h2>
<p class="match-status" id="match-status" role="status">Pick an emoji to see the slots that carry it.</p>
<ul class="cards" id="match-list"></ul>
</section>`;

function spin(model: PickerModel): SafeHtml {
  return html`<section class="spin" id="spin" aria-labelledby="spin-title">
<h2 id="spin-title">Lucky spin</h2>
<p>Let chance pick a slot for you. Narrow it down if you like.</p>
<form class="spin-form" id="spin-form" action="/api/v1/spin" method="get">
<label for="spin-provider">Provider</label>
<select id="spin-provider" name="provider"><option value="">Any provider</option>${model.providers.map((provider) => html`<option>${provider}</option>`)}</select>
<label for="spin-volatility">Volatility</label>
<select id="spin-volatility" name="volatility"><option value="">Any volatility</option>${VOLATILITIES.map((level) => html`<option value="${level.toLowerCase()}">${level}</option>`)}</select>
<label for="spin-min-rtp">Minimum RTP (%)</label>
<input id="spin-min-rtp" name="minRtp" type="number" min="0" max="100" step="0.01" inputmode="decimal" placeholder="Any, e.g. 96">
<button type="submit" class="btn btn-spin">Lucky spin</button>
<p class="spin-status" id="spin-status" role="status"></p>
</form>
</section>`;
}

/** The most played slots lately (decisions §21), each linking to its page; nothing at all before the first play. */
function popular(slots: readonly SlotRecord[]): SafeHtml {
  if (slots.length === 0) return html``;
  return html`<section class="popular" aria-labelledby="popular-title">
<h2 id="popular-title">Popular this week</h2>
<p class="popular-hint">The slots played most over the last two weeks, recent plays counting most. <a href="/search?sort=popular">See more</a></p>
<ul class="cards">${slots.map(slotCard)}</ul>
</section>`;
}

/** `GET /`: pick emojis, watch the matching slots line up, play the best one or spin; the popular slots below. */
export function homePage(model: PickerModel, base: string, assets: AssetTable, popularSlots: readonly SlotRecord[]): string {
  const main = html`<section class="intro">
<h1>Pick your emojis. <span>Find your slot.</span></h1>
<p class="lead">Tap the emojis that fit your mood and the slot games that carry them line up below, best first.</p>
</section>
<div class="home">
${picker(model)}
${combo}
${matches}
${spin(model)}
</div>
${popular(popularSlots)}`;
  const meta = {
    title: `${SITE_NAME}: find a slot game by emoji`,
    description: 'Pick a few emojis (🍒 💎 🍀 🔥) and see the slot games that match them, with RTP, volatility and max win. Or take a lucky spin.',
    url: `${base}/`,
    indexable: true,
    script: true,
  };
  return layout(meta, assets, main).value;
}
