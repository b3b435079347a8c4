import { slotPageUrl, type SlotRecord } from '../../catalogue/records/slot.js';
import { escapeHtml } from '../markup/html.js';

/** The sitemap protocol's limit of URLs per file; a larger site is a sitemap index of several files. */
export const SITEMAP_MAX_URLS = 50_000;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The pages listed before the slot pages: the home page and the search page (its form, without a query). */
const SITE_PAGES = ['/', '/search'] as const;

/** How many sitemap files list the site pages and every slot page: 1 unless there are more than `maxUrls`. */
export function sitemapFileCount(slots: number, maxUrls = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((slots + SITE_PAGES.length) / maxUrls));
}

function entry(loc: string, lastmod?: string): string {
  const modified = lastmod === undefined ? '' : `<lastmod>${escapeHtml(lastmod)}</lastmod>`;
  return `<url><loc>${escapeHtml(loc)}</loc>${modified}</url>\n`;
}

/**
 * File `file` (1-based) of the sitemap: the home page and the search page first, then every slot page
 * in id order, at most `maxUrls` per file. URLs are absolute, on `base` as the redirects are.
 */
export function sitemapUrlSet(base: string, slots: readonly SlotRecord[], file = 1, maxUrls = SITEMAP_MAX_URLS): string {
  const first = (file - 1) * maxUrls;
  const end = first + maxUrls;
  const parts = [HEAD, `<urlset xmlns="${NAMESPACE}">\n`];
  for (const path of SITE_PAGES.slice(first, end)) parts.push(entry(`${base}${path}`));
  const from = Math.max(0, first - SITE_PAGES.length);
  const to = Math.min(slots.length, end - SITE_PAGES.length);
  for (let position = from; position < to; position++) {
    const slot = slots[position] as SlotRecord;
    parts.push(entry(slotPageUrl(base, slot.slug), slot.updatedAt));
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** Where the files of a sitemap too large for one live. */
function sitemapFileUrl(base: string, file: number): string {
  return `${base}/sitemaps/${file}.xml`;
}

/** The sitemap index naming each of `files` sitemap files. */
export function sitemapIndex(base: string, files: number): string {
  const parts = [HEAD, `<sitemapindex xmlns="${NAMESPACE}">\n`];
  for (let file = 1; file <= files; file++) parts.push(`<sitemap><loc>${escapeHtml(sitemapFileUrl(base, file))}</loc></sitemap>\n`);
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

/** robots.txt: everything but the JSON API and the operator console may be crawled, and the sitemap is where every page is listed. */
export function robotsTxt(base: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${base}/sitemap.xml\n`;
}
