import type { AssetTable } from '../assets.js';
import { truncate } from '../markup/format.js';
import { html } from '../markup/html.js';
import { layout, SITE_NAME } from '../markup/layout.js';

const SHOWN_SLUG_LENGTH = 80;

/** The page for a slot address that leads nowhere: the same look, and ways back to the games. */
export function notFoundPage(slug: string, url: string, assets: AssetTable): string {
  const main = html`<section class="not-found">
<p class="not-found-reels" aria-hidden="true"><span>🍋</span><span>❓</span><span>🍒</span></p>
<h1>No slot here</h1>
<p class="lead">We could not find a slot called <code>${truncate(slug, SHOWN_SLUG_LENGTH)}</code>. It may have been renamed or removed.</p>
<p class="actions">
<a class="btn btn-primary" href="/">Pick emojis to find a slot</a>
<a class="btn" href="/api/v1/spin">Lucky spin</a>
</p>
</section>`;
  const meta = {
    title: `Slot not found · ${SITE_NAME}`,
    description: 'This slot page does not exist. Pick a few emojis to find a slot game that fits.',
    url,
    indexable: false,
    script: false,
  };
  return layout(meta, assets, main).value;
}
