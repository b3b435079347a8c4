import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import { robotsTxt, sitemapFileCount, sitemapIndex, sitemapUrlSet } from '../../src/web/pages/crawlers.js';
import { scriptSafeJson } from '../../src/web/markup/json-script.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SMALL_CATALOGUE, slotFields, slotRecord } from '../support/fixtures.js';

const BASE = 'https://slots.example';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('scriptSafeJson', () => {
  it('gives back the same value and never lets text close the script element or open markup', () => {
    const value = { name: '</script><script>alert(1)</script>', other: '<!-- & \u2028\u2029 -->', n: 1 };
    const json = scriptSafeJson(value);
    assert.deepEqual(JSON.parse(json), value);
    assert.doesNotMatch(json, /[<>&\u2028\u2029]/);
  });
});

describe('sitemap and robots.txt files', () => {
  const slots: SlotRecord[] = [1, 2, 3, 4, 5].map((id) => slotRecord(id, { name: `Slot ${id}` }));

  it('lists the home page and the search page, then every slot page in id order, with absolute URLs', () => {
    const xml = sitemapUrlSet(BASE, slots);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    assert.deepEqual(locs(xml), [`${BASE}/`, `${BASE}/search`, ...slots.map((slot) => `${BASE}/slots/${slot.slug}`)]);
    assert.equal(xml.match(/<lastmod>2026-01-01T00:00:00.000Z<\/lastmod>/g)?.length, 5);
  });

  it('splits a site larger than one file into numbered files that together list every page once', () => {
    const maxUrls = 2;
    const files = sitemapFileCount(slots.length, maxUrls);
    assert.equal(files, 4);
    assert.equal(sitemapFileCount(0), 1);
    assert.equal(sitemapFileCount(49_998), 1);
    assert.equal(sitemapFileCount(49_999), 2);
    const all = Array.from({ length: files }, (_, index) => locs(sitemapUrlSet(BASE, slots, index + 1, maxUrls)));
    assert.ok(all.every((file) => file.length <= maxUrls));
    assert.deepEqual(all.flat(), locs(sitemapUrlSet(BASE, slots)));
    assert.deepEqual(locs(sitemapIndex(BASE, files)), [1, 2, 3, 4].map((file) => `${BASE}/sitemaps/${file}.xml`));
    // The site pages fill the first file; the second starts with the first slot.
    assert.deepEqual(all[0], [`${BASE}/`, `${BASE}/search`]);
    assert.deepEqual(all[1], [`${BASE}/slots/${slots[0]?.slug}`, `${BASE}/slots/${slots[1]?.slug}`]);
  });

  it('lets crawlers in everywhere but the JSON API, and names the sitemap', () => {
    assert.equal(robotsTxt(BASE), `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });
});

describe('what crawlers and link previews read, over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE, ADMIN_TOKEN } });
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('serves robots.txt and sitemap.xml on the public base URL, revalidated, never rate limited', async () => {
    const robots = await get('/robots.txt');
    assert.equal(robots.statusCode, 200);
    assert.equal(robots.headers['content-type'], 'text/plain; charset=utf-8');
    assert.ok(robots.body.includes(`Sitemap: ${BASE}/sitemap.xml`));
    const sitemap = await get('/sitemap.xml');
    assert.equal(sitemap.statusCode, 200);
    assert.equal(sitemap.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(sitemap.headers['cache-control'], 'no-cache');
    assert.equal(sitemap.headers['x-ratelimit-limit'], undefined);
    assert.deepEqual(locs(sitemap.body), [`${BASE}/`, `${BASE}/search`, ...SMALL_CATALOGUE.slots.map((slot) => `${BASE}/slots/${slot.slug}`)]);
    assert.equal((await get('/sitemap.xml', { 'if-none-match': String(sitemap.headers.etag) })).statusCode, 304);
  });

  it('lists only pages that answer 200, indexable, under the canonical URL the sitemap gives', async () => {
    for (const loc of locs((await get('/sitemap.xml')).body)) {
      const page = await get(String(loc).slice(BASE.length));
      assert.equal(page.statusCode, 200, loc);
      assert.ok(page.body.includes(`<link rel="canonical" href="${loc}">`), loc);
      assert.doesNotMatch(page.body, /<meta name="robots" content="noindex">/, loc);
    }
  });

  it('lists a slot page as soon as an admin adds it, and drops it when it is deleted', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Brand New' }) });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok(locs((await get('/sitemap.xml')).body).includes(`${BASE}/slots/brand-new`));
    const id = created.json<{ id: string }>().id;
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${id}`, headers: AUTH })).statusCode, 204);
    assert.ok(!locs((await get('/sitemap.xml')).body).includes(`${BASE}/slots/brand-new`));
  });

  it('builds URLs from the request host when no public base URL is set, as redirects do', async () => {
    const plain = await startTestApp();
    try {
      const headers = { host: 'play.example:8080' };
      const sitemap = await plain.app.inject({ url: '/sitemap.xml', headers });
      assert.deepEqual(locs(sitemap.body).slice(0, 3), ['http://play.example:8080/', 'http://play.example:8080/search', 'http://play.example:8080/slots/cherry-gems']);
      assert.ok((await plain.app.inject({ url: '/robots.txt', headers })).body.includes('Sitemap: http://play.example:8080/sitemap.xml'));
    } finally {
      await plain.close();
    }
  });

  it('serves the one file as sitemaps/1.xml too while one file holds every page, and no other numbered file', async () => {
    assert.equal((await get('/sitemaps/1.xml')).body, (await get('/sitemap.xml')).body);
    for (const file of ['2.xml', '0.xml', 'x.xml', '2']) assert.equal((await get(`/sitemaps/${file}`)).statusCode, 404, file);
  });

  it('describes a slot page with a canonical link, Open Graph tags and schema.org JSON-LD', async () => {
    const body = (await get('/slots/cherry-gems')).body;
    assert.ok(body.includes(`<link rel="canonical" href="${BASE}/slots/cherry-gems">`));
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type']) assert.match(body, new RegExp(`<meta property="${property}" content="[^"]+">`));
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)?.[1] ?? '');
    assert.deepEqual(data, {
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: 'Cherry Gems',
      url: `${BASE}/slots/cherry-gems`,
      publisher: { '@type': 'Organization', name: 'Pragmatic Play' },
      datePublished: '2020',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 1, bestRating: 5, worstRating: 0 },
      review: {
        '@type': 'Review',
        author: { '@type': 'Organization', name: 'slotmoji' },
        reviewRating: { '@type': 'Rating', ratingValue: 4.5, bestRating: 5, worstRating: 0 },
      },
    });
  });

  it('gives the home page Open Graph tags and a canonical link, and links every page to the search page', async () => {
    const home = (await get('/')).body;
    assert.ok(home.includes(`<link rel="canonical" href="${BASE}/">`));
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type']) assert.match(home, new RegExp(`<meta property="${property}" content="[^"]+">`));
    for (const url of ['/', '/slots/cherry-gems']) assert.match((await get(url)).body, /<a href="\/search">/, url);
  });

  it('gives the picker a labelled search field and the search words of every emoji in use', async () => {
    const home = (await get('/')).body;
    assert.match(home, /<label for="emoji-search">[^<]+<\/label>\n<input type="search" id="emoji-search"/);
    assert.match(home, /<p class="search-status" id="emoji-search-status" role="status"><\/p>/);
    const words: [string, string, string][] = JSON.parse(/<script type="application\/json" id="emoji-words">(.*?)<\/script>/s.exec(home)?.[1] ?? '');
    assert.deepEqual(words.map(([emoji]) => emoji), ['🍒', '🍀', '🍋', '🎰', '💎', '❤️', '🎲', '🐉']);
    assert.deepEqual(words[0], ['🍒', 'cherries', 'berries cherry fruit red']);
    assert.deepEqual(words[3], ['🎰', 'slot machine', 'casino gamble gambling game slots']);
  });
});
