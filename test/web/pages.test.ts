import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { CONTENT_SECURITY_POLICY, IMMUTABLE_CACHE } from '../../src/http/routes/pages.js';
import { ASSET_DIR } from '../../src/web/assets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';

const BASE = 'https://slots.example';
const HOSTILE = '<script>alert(1)</script>';

const document = {
  categories: SMALL_CATALOGUE.categories,
  slots: [
    ...SMALL_CATALOGUE.slots,
    slotFields({
      name: HOSTILE,
      slug: 'hostile',
      provider: 'Evil "Quotes" & <Co>',
      emojiTags: ['🐉', '🍋'],
      description: '<img src=x onerror=alert(2)>',
      review: '</p><script>alert(3)</script>',
      pros: ['<b>bold</b>'],
      cons: ['" onmouseover="alert(4)'],
      theme: ['<i>theme</i>'],
    }),
  ],
};

function metaContent(body: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(body)?.[1];
}

function titleOf(body: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(body)?.[1];
}

function assertPageHeaders(response: LightMyRequestResponse): void {
  assert.equal(response.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['referrer-policy'], 'same-origin');
  assert.equal(response.headers['x-frame-options'], 'DENY');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.match(String(response.headers['x-response-time']), /^\d+(\.\d+)?ms$/);
}

describe('slot pages and the home page over HTTP', () => {
  let test: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  before(async () => {
    test = await startTestApp({ document, env: { PUBLIC_BASE_URL: BASE } });
  });
  after(() => test.close());

  describe('GET /slots/{slug}', () => {
    it('shows every fact of the slot as HTML', async () => {
      const response = await get('/slots/cherry-gems');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      const body = response.body;
      assert.match(body, /<h1>Cherry Gems<\/h1>/);
      assert.match(body, /<strong>Pragmatic Play<\/strong>/);
      assert.match(body, /<dt>RTP<\/dt><dd>96\.5%<\/dd>/);
      assert.match(body, /<dt>Volatility<\/dt><dd>.*High<\/dd>/);
      assert.match(body, /<dt>Max win<\/dt><dd>5,000×<\/dd>/);
      assert.match(body, /<dt>Bonus buy<\/dt><dd>Yes<\/dd>/);
      assert.match(body, /<span class="rating-value">4\.5<\/span>/);
      for (const emoji of ['🍒', '💎', '🎰']) assert.ok(body.includes(`>${emoji}</a></li>`), emoji);
      for (const text of ['Cherry Gems description', 'Cherry Gems review', '<li>pro</li>', '<li>con</li>']) {
        assert.ok(body.includes(text), text);
      }
    });

    it('links to related slots that share emojis, best first, never to itself', async () => {
      const body = (await get('/slots/cherry-gems')).body;
      const related = body.slice(body.indexOf('class="related"'));
      const links = [...related.matchAll(/href="\/slots\/([a-z0-9-]+)"/g)].map((match) => match[1]);
      // Fruit Frenzy shares 🍒 and 🎰; the others share one emoji each and rank by rating, then RTP.
      // The hostile slot shares none (🐉 🍋), so it is not there.
      assert.deepEqual(links, ['fruit-frenzy', 'lemon-drop', 'heart-of-gold']);
    });

    it('finds the slot whatever the case of the slug, and names its one canonical address', async () => {
      const response = await get('/slots/CHERRY-Gems');
      assert.equal(response.statusCode, 200);
      assert.equal(metaContent(response.body, 'property', 'og:url'), `${BASE}/slots/cherry-gems`);
      assert.match(response.body, new RegExp(`<link rel="canonical" href="${BASE}/slots/cherry-gems">`));
    });

    it('has a title, a meta description and Open Graph tags for link previews', async () => {
      const body = (await get('/slots/cherry-gems')).body;
      const title = titleOf(body);
      assert.equal(title, 'Cherry Gems by Pragmatic Play · RTP 96.5% · slotmoji');
      const description = metaContent(body, 'name', 'description');
      assert.ok(description?.startsWith('Cherry Gems by Pragmatic Play: RTP 96.5%, high volatility, max win 5,000×'), description);
      assert.ok(Array.from(description ?? '').length <= 160);
      assert.equal(metaContent(body, 'property', 'og:title'), title);
      assert.equal(metaContent(body, 'property', 'og:description'), description);
      assert.equal(metaContent(body, 'property', 'og:type'), 'website');
      assert.equal(metaContent(body, 'property', 'og:site_name'), 'slotmoji');
    });

    it('builds og:url from the request host when no public base URL is set', async () => {
      const plain = await startTestApp();
      try {
        const response = await plain.app.inject({ url: '/slots/lemon-drop', headers: { host: 'play.example:8080' } });
        assert.equal(metaContent(response.body, 'property', 'og:url'), 'http://play.example:8080/slots/lemon-drop');
      } finally {
        await plain.close();
      }
    });

    it('runs no script at all: its one script element is JSON-LD data', async () => {
      const body = (await get('/slots/cherry-gems')).body;
      assert.deepEqual(body.match(/<script[^>]*>/gi), ['<script type="application/ld+json">']);
    });

    it('carries the page security headers and may be revalidated cheaply', async () => {
      const response = await get('/slots/cherry-gems');
      assertPageHeaders(response);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const etag = String(response.headers.etag);
      assert.match(etag, /^W\/"[\w-]+"$/);
      const again = await get('/slots/cherry-gems', { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const other = await get('/slots/lemon-drop', { 'if-none-match': etag });
      assert.equal(other.statusCode, 200);
      assert.notEqual(other.headers.etag, etag);
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await test.app.inject({ method: 'HEAD', url: '/slots/cherry-gems' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(response.body, '');
    });

    it('is not rate limited like the API', async () => {
      const response = await get('/slots/cherry-gems');
      assert.equal(response.headers['x-ratelimit-limit'], undefined);
    });
  });

  describe('an unknown slug', () => {
    it('is a 404 HTML page in the site style that leads back to the games', async () => {
      const response = await get('/slots/no-such-slot');
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(response.headers['cache-control'], 'no-store');
      assertPageHeaders(response);
      const body = response.body;
      assert.match(body, /<h1>No slot here<\/h1>/);
      assert.match(body, /<code>no-such-slot<\/code>/);
      assert.match(body, /<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{12}\.css">/);
      assert.match(body, /<meta name="robots" content="noindex">/);
      assert.match(body, /href="\/"/);
      assert.equal(titleOf(body), 'Slot not found · slotmoji');
      assert.equal(metaContent(body, 'property', 'og:url'), `${BASE}/slots/no-such-slot`);
    });

    it('shows a hostile slug as text', async () => {
      const response = await get(`/slots/${encodeURIComponent('<img src=x onerror=alert(1)>"')}`);
      assert.equal(response.statusCode, 404);
      assert.ok(response.body.includes('<code>&lt;img src=x onerror=alert(1)&gt;&quot;</code>'));
      assert.doesNotMatch(response.body, /<img/);
    });

    it('covers an empty slug too', async () => {
      const response = await get('/slots/');
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    });
  });

  describe('escaping', () => {
    it('renders every slot text as text on the slot page', async () => {
      const page = (await get('/slots/hostile')).body;
      // The JSON-LD holds the name as data; it must end where it should and give the name back whole.
      const dataBlock = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page);
      assert.equal(JSON.parse(dataBlock?.[1] ?? '').name, HOSTILE);
      const body = page.replace(dataBlock?.[0] ?? '', '');
      assert.doesNotMatch(body, /<script|<img|<b>|<i>|onmouseover="/i);
      assert.ok(body.includes('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>'));
      assert.ok(body.includes('<strong>Evil &quot;Quotes&quot; &amp; &lt;Co&gt;</strong>'));
      assert.ok(body.includes('&lt;img src=x onerror=alert(2)&gt;'));
      assert.ok(body.includes('&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt;'));
      assert.ok(body.includes('<li>&lt;b&gt;bold&lt;/b&gt;</li>'));
      assert.ok(body.includes('<li>&quot; onmouseover=&quot;alert(4)</li>'));
      assert.equal(titleOf(body), '&lt;script&gt;alert(1)&lt;/script&gt; by Evil &quot;Quotes&quot; &amp; &lt;Co&gt; · RTP 96% · slotmoji');
      assert.ok(metaContent(body, 'property', 'og:title')?.startsWith('&lt;script&gt;'));
    });

    it('renders a hostile slot as text where other pages list it', async () => {
      const related = (await get('/slots/lemon-drop')).body;
      assert.ok(related.includes('<span class="card-name">&lt;script&gt;alert(1)&lt;/script&gt;</span>'));
      assert.deepEqual(related.match(/<script[^>]*>/gi), ['<script type="application/ld+json">']);
      const home = (await get('/')).body;
      assert.ok(home.includes('<option>Evil &quot;Quotes&quot; &amp; &lt;Co&gt;</option>'));
      assert.equal(home.match(/<script/g)?.length, 3);
    });
  });

  describe('GET /', () => {
    it('is the emoji picker: category tabs in map order, then the emojis no category lists', async () => {
      const response = await get('/');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assertPageHeaders(response);
      const tabs = [...response.body.matchAll(/role="tab" id="tab-([\w-]+)"[^>]*>.*?<\/span> ([^<]+)<\/button>/g)].map((match) => match[2]);
      assert.deepEqual(tabs, ['Popular', 'luck', 'fruit', 'gems', 'love', 'More']);
      assert.match(response.body, /aria-selected="true" tabindex="0"><span aria-hidden="true">🍋<\/span> Popular/);
    });

    it('offers every emoji in use, and none that no slot carries: the open panel as buttons, every panel as data', async () => {
      const body = (await get('/')).body;
      const buttons = [...body.matchAll(/<button type="button" class="emoji" data-emoji="([^"]+)" aria-pressed="false" title="([^"]+)"/g)];
      const byGroup: Record<string, [string, number][]> = JSON.parse(/<script type="application\/json" id="emoji-groups">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}');
      const tabIds = [...body.matchAll(/role="tab" id="tab-([\w-]+)"/g)].map((match) => match[1]);
      assert.deepEqual(Object.keys(byGroup), tabIds);
      assert.deepEqual(new Set(Object.values(byGroup).flat().map(([emoji]) => emoji)), new Set(['❤️', '🍀', '🍋', '🍒', '🎰', '🎲', '🐉', '💎']));
      // Only the open panel (Popular) is sent as buttons; the script builds the others when opened.
      assert.deepEqual(buttons.map((match) => [match[1], match[2]]), byGroup['popular']?.map(([emoji, count]) => [emoji, `${emoji} ${count} slot${count === 1 ? '' : 's'}`]));
      assert.equal(body.match(/<div class="emoji-grid"><\/div>/g)?.length, tabIds.length - 1);
    });

    it('has the lucky spin with provider, volatility and minimum RTP filters', async () => {
      const body = (await get('/')).body;
      const providers = [...body.matchAll(/<option>([^<]+)<\/option>/g)].map((match) => match[1]);
      assert.deepEqual(providers, ['Evil &quot;Quotes&quot; &amp; &lt;Co&gt;', 'NetEnt', 'Play&#39;n GO', 'Pragmatic Play', 'Push Gaming']);
      for (const level of ['low', 'medium', 'high', 'extreme']) assert.match(body, new RegExp(`<option value="${level}">`));
      assert.match(body, /<input id="spin-min-rtp" name="minRtp" type="number" min="0" max="100"/);
      assert.match(body, /<form class="spin-form" id="spin-form" action="\/api\/v1\/spin" method="get">/);
    });

    it('loads its one script from a hashed asset, and describes itself for link previews', async () => {
      const body = (await get('/')).body;
      assert.match(body, /<script type="module" src="\/assets\/picker\.[0-9a-f]{12}\.js"><\/script>/);
      assert.equal(metaContent(body, 'property', 'og:url'), `${BASE}/`);
      assert.equal(titleOf(body), 'slotmoji: find a slot game by emoji');
      assert.ok(metaContent(body, 'name', 'description'));
    });

    it('uses no inline script, inline style or external resource', async () => {
      for (const url of ['/', '/slots/cherry-gems', '/slots/nope']) {
        const body = (await get(url)).body;
        // Data blocks (JSON, JSON-LD) are not run, so the CSP leaves them alone; any other inline script would be refused.
        const code = body.replace(/<script type="application\/(?:ld\+)?json"[^>]*>[^<]*<\/script>/g, '');
        assert.doesNotMatch(code, /<script>|<script(?![^>]*\ssrc=)|<style|\sstyle=|\son[a-z]+=/i, url);
        for (const match of body.matchAll(/\s(?:src|href)="([^"]+)"/g)) {
          const target = match[1] ?? '';
          assert.ok(/^(\/(?!\/)|#)/.test(target) || target.startsWith(`${BASE}/`), `${url} refers to ${target}`);
        }
      }
    });
  });

  describe('compression', () => {
    for (const [coding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      it(`sends pages ${coding}-compressed to a browser that accepts it`, async () => {
        const plain = await get('/slots/cherry-gems');
        const response = await get('/slots/cherry-gems', { 'accept-encoding': coding });
        assert.equal(response.headers['content-encoding'], coding);
        assert.match(String(response.headers.vary), /accept-encoding/i);
        assert.equal(decompress(response.rawPayload).toString('utf8'), plain.body);
        assert.ok(response.rawPayload.length < plain.rawPayload.length / 2);
      });
    }

    it('compresses the 404 page and the home page too', async () => {
      for (const url of ['/', '/slots/nope']) {
        const response = await get(url, { 'accept-encoding': 'gzip, br' });
        assert.equal(response.headers['content-encoding'], 'br', url);
      }
    });

    it('leaves pages alone for a client that accepts no compression', async () => {
      const response = await get('/slots/cherry-gems');
      assert.equal(response.headers['content-encoding'], undefined);
      assert.match(response.body, /^<!doctype html>/);
    });
  });

  describe('static assets', () => {
    async function assetPaths(): Promise<Record<string, string>> {
      const body = (await get('/')).body;
      const find = (pattern: RegExp) => pattern.exec(body)?.[1] ?? assert.fail(`no ${pattern}`);
      return {
        'site.css': find(/href="(\/assets\/site\.[0-9a-f]{12}\.css)"/),
        'picker.js': find(/src="(\/assets\/picker\.[0-9a-f]{12}\.js)"/),
        'icon.svg': find(/href="(\/assets\/icon\.[0-9a-f]{12}\.svg)"/),
      };
    }

    it('serves each linked asset with its type, forever-cacheable under its hashed name', async () => {
      const types: Record<string, string> = {
        'site.css': 'text/css; charset=utf-8',
        'picker.js': 'text/javascript; charset=utf-8',
        'icon.svg': 'image/svg+xml; charset=utf-8',
      };
      for (const [name, path] of Object.entries(await assetPaths())) {
        const response = await get(path);
        assert.equal(response.statusCode, 200, path);
        assert.equal(response.headers['content-type'], types[name]);
        assert.equal(response.headers['cache-control'], IMMUTABLE_CACHE);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.match(String(response.headers.etag), /^"[0-9a-f]{12}"$/);
        assert.equal(response.body, readFileSync(join(ASSET_DIR, name), 'utf8'));
      }
    });

    it('sends the copy compressed at start-up when the browser accepts it', async () => {
      const { 'site.css': css = '' } = await assetPaths();
      const original = readFileSync(join(ASSET_DIR, 'site.css'));
      const br = await get(css, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(br.headers.vary, 'accept-encoding');
      assert.deepEqual(brotliDecompressSync(br.rawPayload), original);
      const gzip = await get(css, { 'accept-encoding': 'gzip' });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.deepEqual(gunzipSync(gzip.rawPayload), original);
      assert.notEqual(br.headers.etag, gzip.headers.etag);
    });

    it('answers a revalidation with 304', async () => {
      const { 'picker.js': js = '' } = await assetPaths();
      const first = await get(js, { 'accept-encoding': 'br' });
      const again = await get(js, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    });

    it('has no asset under an unhashed or unknown name', async () => {
      for (const path of ['/assets/site.css', '/assets/site.000000000000.css', '/assets/..%2Fassets.ts']) {
        const response = await get(path);
        assert.equal(response.statusCode, 404, path);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(JSON.parse(response.body).statusCode, 404);
      }
    });
  });

  describe('page size', () => {
    it('keeps a slot page under 30 KB even with every text field at its schema limit', async () => {
      const text = (length: number) => 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(length / 57)).slice(0, length);
      const emojis = ['🍒', '💎', '🎰', '🍀', '🎲', '🔥', '🌋', '🌊', '🐉', '👑', '⭐', '🍋'];
      const largest = (index: number) =>
        slotFields({
          name: `${index} ${text(190)}`,
          slug: `largest-${index}`,
          provider: text(100),
          emojiTags: emojis,
          description: text(2000),
          review: text(5000),
          pros: Array.from({ length: 20 }, () => text(300)),
          cons: Array.from({ length: 20 }, () => text(300)),
          theme: Array.from({ length: 20 }, (_, at) => `${at} ${text(55)}`.toLowerCase()),
          features: Array.from({ length: 30 }, (_, at) => `${at} feature ${text(45)}`.toLowerCase()),
        });
      const big = await startTestApp({ document: { categories: {}, slots: [1, 2, 3, 4, 5].map(largest) } });
      try {
        const response = await big.app.inject({ url: '/slots/largest-1' });
        assert.equal(response.statusCode, 200);
        assert.equal((response.body.match(/class="card"/g) ?? []).length, 4);
        const bytes = response.rawPayload.length;
        assert.ok(bytes < 30 * 1024, `${bytes} bytes`);
      } finally {
        await big.close();
      }
    });
  });
});
