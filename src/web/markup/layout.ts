import type { AssetName, AssetTable } from '../assets.js';
import { html, type SafeHtml } from './html.js';
import { jsonScript } from './json-script.js';

export const SITE_NAME = 'slotmoji';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Absolute URL of the page: canonical link and og:url. */
  readonly url: string;
  /** Pages that are not content (the 404) ask not to be indexed. */
  readonly indexable: boolean;
  /** Whether the page runs the picker script. */
  readonly script: boolean;
  /** schema.org JSON-LD describing what the page is about. */
  readonly structuredData?: Record<string, unknown>;
  /** The script it runs instead of the picker's. */
  readonly scriptFile?: AssetName;
  /** The header's navigation instead of the site's (the operator console has its own). */
  readonly nav?: SafeHtml;
}

/** The whole document around a page's `<main>`: head, site header, footer. */
export function layout(meta: PageMeta, assets: AssetTable, main: SafeHtml): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
${meta.indexable ? html`<link rel="canonical" href="${meta.url}">` : html`<meta name="robots" content="noindex">`}
<meta name="theme-color" content="#1a0a12">
<meta name="color-scheme" content="dark">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${SITE_NAME}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
<meta property="og:url" content="${meta.url}">
<meta name="twitter:card" content="summary">
<link rel="icon" href="${assets.href('icon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assets.href('site.css')}">
${meta.script && html`<script type="module" src="${assets.href(meta.scriptFile ?? 'picker.js')}"></script>`}
${meta.structuredData !== undefined && jsonScript('application/ld+json', meta.structuredData)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">🎰</span> ${SITE_NAME}</a>
${meta.nav ?? html`<nav aria-label="Site"><a href="/">Emoji picker</a><a href="/search">Search slots</a><a href="/#spin">Lucky spin</a></nav>`}
</header>
<main id="main" tabindex="-1">
${main}
</main>
<footer class="site-footer">
<p>Play responsibly. Figures are as the game providers publish them. Max win is a multiple of the stake.</p>
</footer>
</body>
</html>
`;
}
