import type { SlotRecord } from '../../catalogue/records/slot.js';
import { formatMaxWin, formatRating, formatRtp } from './format.js';
import { html, type SafeHtml } from './html.js';

/** Emojis shown on a card; the slot page shows them all. */
const CARD_EMOJIS = 5;

/** A slot as a card in a `.cards` list, linking to its page: the search results and the home page's popular slots. */
export function slotCard(slot: SlotRecord): SafeHtml {
  return html`<li><a class="card" href="/slots/${slot.slug}">
<span class="card-emojis" aria-hidden="true">${slot.emojiTags.slice(0, CARD_EMOJIS).join(' ')}</span>
<span class="card-name">${slot.name}</span>
<span class="card-meta">${slot.provider} · RTP ${formatRtp(slot.rtp)} · ${slot.volatility} · ${formatMaxWin(slot.maxWin)}</span>
<span class="card-score"><span class="visually-hidden">Rated </span>${formatRating(slot.rating)}★</span>
</a></li>`;
}
