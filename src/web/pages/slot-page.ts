import type { Catalogue, MatchedSlot } from '../../catalogue/catalogue.js';
import { emojiKey } from '../../emoji/emoji.js';
import { slotPageUrl, type SlotRecord } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { formatMaxWin, formatRating, formatRtp, ratingStars, truncate, volatilityLevel } from '../markup/format.js';
import { html, type SafeHtml } from '../markup/html.js';
import { layout, SITE_NAME } from '../markup/layout.js';
import { pickerModel } from '../markup/picker.js';
import { slotStructuredData } from '../markup/structured-data.js';

const RELATED_SLOTS = 4;
const META_DESCRIPTION_LENGTH = 160;

/** What the slot page shows beside the slot itself, taken from the same snapshot. */
export interface SlotSurroundings {
  readonly related: readonly MatchedSlot[];
  /** The form of a tag on the picker's buttons, for links that open the picker with it picked. */
  readonly buttonEmoji: (tag: string) => string;
}

/** The home page with these emojis already picked. */
function pickerHref(tags: readonly string[], surroundings: SlotSurroundings): string {
  return `/#${encodeURIComponent(tags.map(surroundings.buttonEmoji).join(''))}`;
}

function spinHref(filters: Readonly<Record<string, string>>): string {
  return `/api/v1/spin?${new URLSearchParams(filters).toString()}`;
}

function emojiLinks(tags: readonly string[], surroundings: SlotSurroundings): SafeHtml {
  return html`<ul class="slot-emojis" aria-label="Emojis">${tags.map(
    (tag) => html`<li><a href="${pickerHref([tag], surroundings)}" title="More slots with ${tag}">${tag}</a></li>`,
  )}</ul>`;
}

function volatilityMeter(slot: SlotRecord): SafeHtml {
  const lit = volatilityLevel(slot.volatility);
  const bars = [1, 2, 3, 4].map((bar) => html`<span class="${bar <= lit ? 'on' : 'off'}"></span>`);
  return html`<span class="meter meter-${lit}" aria-hidden="true">${bars}</span>`;
}

function stats(slot: SlotRecord): SafeHtml {
  return html`<dl class="stats">
<div class="stat"><dt>RTP</dt><dd>${formatRtp(slot.rtp)}</dd></div>
<div class="stat"><dt>Volatility</dt><dd>${volatilityMeter(slot)} ${slot.volatility}</dd></div>
<div class="stat"><dt>Max win</dt><dd>${formatMaxWin(slot.maxWin)}</dd></div>
<div class="stat"><dt>Bonus buy</dt><dd>${slot.hasBonusBuy ? 'Yes' : 'No'}</dd></div>
</dl>`;
}

function list(title: string, className: string, items: readonly string[]): SafeHtml {
  if (items.length === 0) return html``;
  return html`<section class="${className}"><h2>${title}</h2><ul>${items.map((item) => html`<li>${item}</li>`)}</ul></section>`;
}

function chips(slot: SlotRecord): SafeHtml {
  const tags = [...slot.theme, ...slot.features.filter((feature) => !slot.theme.includes(feature))];
  if (tags.length === 0) return html``;
  return html`<section class="tags"><h2>Themes and features</h2><ul class="chips">${tags.map((tag) => html`<li>${tag}</li>`)}</ul></section>`;
}

/** A link card to another slot; the same look as the picker's live results. */
function slotCard(slot: SlotRecord, emojis: readonly string[]): SafeHtml {
  return html`<li><a class="card" href="/slots/${slot.slug}">
<span class="card-emojis" aria-hidden="true">${emojis.join(' ')}</span>
<span class="card-name">${slot.name}</span>
<span class="card-meta">${slot.provider} · RTP ${formatRtp(slot.rtp)}</span>
</a></li>`;
}

function related(matches: readonly MatchedSlot[]): SafeHtml {
  if (matches.length === 0) return html``;
  return html`<section class="related" aria-labelledby="related-title">
<h2 id="related-title">More slots with these emojis</h2>
<ul class="cards">${matches.map(({ slot, matched }) => slotCard(slot, matched))}</ul>
</section>`;
}

/** Up to `RELATED_SLOTS` other slots sharing the most emojis with `slot`, best ranked first. */
export function slotSurroundings(catalogue: Catalogue, slot: SlotRecord): SlotSurroundings {
  const related = catalogue
    .match(slot.emojiTags.map(emojiKey), 'any', RELATED_SLOTS + 1)
    .filter((match) => match.slot.id !== slot.id)
    .slice(0, RELATED_SLOTS);
  return { related, buttonEmoji: pickerModel(catalogue).buttonEmoji };
}

function metaDescription(slot: SlotRecord): string {
  const facts = `${slot.name} by ${slot.provider}: RTP ${formatRtp(slot.rtp)}, ${slot.volatility.toLowerCase()} volatility, max win ${formatMaxWin(slot.maxWin)} the stake.`;
  return truncate(`${facts} ${slot.description}`, META_DESCRIPTION_LENGTH);
}

/** The page every redirect lands on: one slot, in full, and a few like it. */
export function slotPage(slot: SlotRecord, surroundings: SlotSurroundings, base: string, assets: AssetTable): string {
  const year = slot.releaseYear === undefined ? '' : ` · ${slot.releaseYear}`;
  const main = html`<article class="slot">
<header class="slot-hero">
${emojiLinks(slot.emojiTags, surroundings)}
<h1>${slot.name}</h1>
<p class="slot-by">by <strong>${slot.provider}</strong>${year}</p>
<p class="rating"><span class="stars" aria-hidden="true">${ratingStars(slot.rating)}</span> <span class="rating-value">${formatRating(slot.rating)}</span><span class="rating-scale"> out of 5</span></p>
${slot.description !== '' && html`<p class="lead">${slot.description}</p>`}
<p class="actions">
<a class="btn btn-primary" href="${pickerHref(slot.emojiTags, surroundings)}">Find slots like this</a>
<a class="btn" href="${spinHref({ provider: slot.provider })}">Spin a ${slot.provider} slot</a>
</p>
</header>
${stats(slot)}
${slot.review !== '' && html`<section class="review"><h2>Our review</h2><p>${slot.review}</p></section>`}
<div class="pros-cons">${list('Pros', 'pros', slot.pros)}${list('Cons', 'cons', slot.cons)}</div>
${chips(slot)}
</article>
${related(surroundings.related)}`;
  const url = slotPageUrl(base, slot.slug);
  const meta = {
    title: `${slot.name} by ${slot.provider} · RTP ${formatRtp(slot.rtp)} · ${SITE_NAME}`,
    description: metaDescription(slot),
    url,
    indexable: true,
    script: false,
    structuredData: slotStructuredData(slot, url),
  };
  return layout(meta, assets, main).value;
}
