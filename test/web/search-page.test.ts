import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { CONTENT_SECURITY_POLICY } from '../../src/http/routes/pages.js';
import { BROWSER_CATALOGUE } from '../browser/catalogue.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { slotFields } from '../support/fixtures.js';

const BASE = 'https://slots.example';
const HOSTILE = '<script>alert(1)</script>';

const document = {
  categories: BROWSER_CATALOGUE.categories,
  slots: [
    ...BROWSER_CATALOGUE.slots,
    slotFields({ name: HOSTILE, slug: 'hostile', provider: 'Evil "Quotes" & <Co>', theme: ['<i>theme</i>'], features: ['" onmouseover="x'] }),
  ],
};

interface ApiList {
  slots: { slug: string }[];
  total: number;
  facets?: Record<string, { value: string | number; count: number }[]>;
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map((match) => [match[1] as string, unescape(match[2] ?? '')]));
}

/** What a browser submits for the page's form: every named field in document order, blank ones left out. */
function submitted(body: string): [string, string][] {
  const form = body.slice(body.indexOf('<form'), body.indexOf('</form>'));
  const fields: [string, string][] = [];
  for (const match of form.matchAll(/<input [^>]*>|<select [^>]*>.*?<\/select>/gs)) {
    const tag = match[0];
    const attrs = attributes(/^<[^>]*>/.exec(tag)?.[0] ?? '');
    const name = attrs.get('name');
    if (name === undefined) continue;
    let value: string | undefined;
    if (tag.startsWith('<select')) value = attributes(/<option [^>]*selected[^>]*>/.exec(tag)?.[0] ?? '').get('value');
    else if (attrs.get('type') === 'checkbox') value = attrs.has('checked') ? attrs.get('value') : undefined;
    else value = attrs.get('value');
    if (value !== undefined && value !== '') fields.push([name, value]);
  }
  return fields;
}

const sorted = (pairs: Iterable<[string, string]>) => [...pairs].map(([name, value]) => `${name}=${value}`).sort();

function cardSlugs(body: string): string[] {
  return [...body.matchAll(/<a class="card" href="\/slots\/([^"]+)">/g)].map((match) => match[1] as string);
}

function statusText(body: string): string {
  return unescape(/<p id="search-status"[^>]*>(.*?)<\/p>/s.exec(body)?.[1] ?? '');
}

function totalShown(body: string): number {
  const found = /^(\d+) slots? found/.exec(statusText(body));
  if (found) return Number(found[1]);
  assert.equal(statusText(body), 'No slots match this search.');
  return 0;
}

/** The facet's checkboxes as `value (count)`, in order. */
function facetShown(body: string, field: string): string[] {
  const list = new RegExp(`<ul class="facet-list" id="facet-${field}">(.*?)</ul>`, 's').exec(body)?.[1] ?? '';
  return [...list.matchAll(/value="([^"]*)"[^>]*>.*?<span class="facet-count">\((\d+)\)<\/span>/g)].map(
    (match) => `${unescape(match[1] as string)} (${match[2]})`,
  );
}

function linkHref(body: string, rel: 'prev' | 'next'): string | undefined {
  const href = new RegExp(`<a href="([^"]*)" rel="${rel}">`).exec(body)?.[1];
  return href === undefined ? undefined : unescape(href);
}

function assertPageHeaders(response: LightMyRequestResponse): void {
  assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(response.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
}

describe('the search page over HTTP', () => {
  let test: TestApp;
  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const api = async (query: string) => {
    const response = await get(`/api/slots?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<ApiList>();
  };

  before(async () => {
    test = await startTestApp({
      document,
      env: { PUBLIC_BASE_URL: BASE, RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_HOUR: '100000', RATE_LIMIT_PER_DAY: '100000' },
    });
  });
  after(() => test.close());

  it('lists every slot with no parameters, as an indexable page with one h1, a title, a description and a canonical link', async () => {
    const response = await get('/search');
    assert.equal(response.statusCode, 200);
    assertPageHeaders(response);
    const { body } = response;
    assert.equal(totalShown(body), document.slots.length);
    assert.deepEqual(cardSlugs(body), (await api('limit=24')).slots.map(({ slug }) => slug));
    assert.equal(body.match(/<h1[ >]/g)?.length, 1);
    assert.match(body, /<title>Search slot games · slotmoji<\/title>/);
    assert.match(body, /<meta name="description" content="Search 21 slot games by name, provider, theme or feature/);
    assert.match(body, new RegExp(`<link rel="canonical" href="${BASE}/search">`));
    assert.doesNotMatch(body, /noindex/);
    assert.match(body, /<script type="module" src="\/assets\/search\.[0-9a-f]{12}\.js"><\/script>/);
  });

  it('labels every control and marks the search and filters as landmarks', async () => {
    const { body } = await get('/search?q=book');
    const form = body.slice(body.indexOf('<form'), body.indexOf('</form>'));
    const ids = [...form.matchAll(/<(?:input|select) id="([^"]+)"/g)].map((match) => match[1]);
    assert.ok(ids.length >= 7, ids.join());
    for (const id of ids) assert.ok(form.includes(`<label for="${id}">`), id);
    // Checkboxes are labelled by the label around them.
    for (const box of form.matchAll(/<input type="checkbox"[^>]*>/g)) assert.ok(form.includes(`<label>${box[0]}`), box[0]);
    assert.match(form, /^<form [^>]*role="search"/);
    assert.match(body, /<section class="search-filters" aria-labelledby="filters-title">/);
    assert.match(body, /<nav aria-label="Site">/);
    assert.match(body, /<main id="main"/);
    assert.match(body, /<title>Slots matching “book” · slotmoji<\/title>/);
  });

  it('keeps every control in the query string: what the form submits is the address it was rendered from', async () => {
    const controls: [string, string][] = [
      ['q', 'bonanza'],
      ['provider', 'Pragmatic Play'],
      ['provider', 'NetEnt'],
      ['volatility', 'High'],
      ['volatility', 'Medium'],
      ['theme', 'fruit'],
      ['feature', 'free spins'],
      ['minRtp', '90'],
      ['maxRtp', '97.5'],
      ['minMaxWin', '100'],
      ['maxMaxWin', '50000'],
      ['hasBonusBuy', 'true'],
      ['sort', '-rtp'],
    ];
    const url = `/search?${new URLSearchParams(controls).toString()}`;
    const response = await get(url);
    assert.equal(response.statusCode, 200, statusText(response.body));
    assert.deepEqual(sorted(submitted(response.body)), sorted(controls));
    // Each control alone too, so one that dropped its value cannot hide behind the others.
    for (const control of controls) {
      const alone = await get(`/search?${new URLSearchParams([control]).toString()}`);
      assert.deepEqual(submitted(alone.body), [control], control.join('='));
    }
  });

  it('keeps the parameters it has no control for as hidden fields, and offers to drop them', async () => {
    const { body } = await get(`/search?emoji=${encodeURIComponent('🍒')}&minYear=2015&limit=5`);
    assert.deepEqual(sorted(submitted(body)), sorted([['emoji', '🍒'], ['minYear', '2015'], ['limit', '5']]));
    assert.equal(totalShown(body), (await api(`emoji=${encodeURIComponent('🍒')}&minYear=2015`)).total);
    assert.match(body, /Also from the link: emoji 🍒, from year 2015, results per page 5\. <a href="\/search">Drop these<\/a>/);
  });

  it('shows exactly the slots and total the API answers for the same query', async () => {
    const cases: [string, string][] = [
      ['q=bonanza', 'q=bonanza'],
      ['q=book+of+ra', 'q=book%20of%20ra'],
      ['q=gonzos+qest', 'q=gonzos%20qest'],
      ['provider=NetEnt&provider=Novomatic&sort=name', 'provider=NetEnt,Novomatic&sort=name'],
      ['provider=netent,igt', 'provider=netent,igt'],
      ['volatility=High&sort=-maxWin', 'volatility=High&sort=-maxWin'],
      ['theme=fruit&feature=free+spins', 'theme=fruit&feature=free%20spins'],
      ['minRtp=96&maxRtp=97&sort=-rating', 'minRtp=96&maxRtp=97&sort=-rating'],
      ['minMaxWin=5000&hasBonusBuy=true&sort=releaseYear', 'minMaxWin=5000&hasBonusBuy=true&sort=releaseYear'],
      ['q=zzzzzz', 'q=zzzzzz'],
      ['q=&sort=&minRtp=&maxRtp=&minMaxWin=&maxMaxWin=&hasBonusBuy=', ''],
    ];
    for (const [page, query] of cases) {
      const response = await get(`/search?${page}`);
      assert.equal(response.statusCode, 200, `${page}: ${statusText(response.body)}`);
      const expected = await api(`${query}&limit=24`);
      assert.deepEqual(cardSlugs(response.body), expected.slots.map(({ slug }) => slug), page);
      assert.equal(totalShown(response.body), expected.total, page);
    }
  });

  it('says so when nothing matches', async () => {
    const { statusCode, body } = await get('/search?q=nothing+like+this');
    assert.equal(statusCode, 200);
    assert.equal(statusText(body), 'No slots match this search.');
    assert.deepEqual(cardSlugs(body), []);
    assert.match(body, /Try fewer words or filters/);
  });

  it('pages through the results with links that keep every other parameter', async () => {
    const query = 'provider=Pragmatic+Play&provider=NetEnt&sort=-rtp&limit=3';
    const expected = (await api('provider=Pragmatic Play,NetEnt&sort=-rtp&limit=100')).slots.map(({ slug }) => slug);
    assert.ok(expected.length > 6);
    const seen: string[] = [];
    let url: string | undefined = `/search?${query}`;
    let pages = 0;
    let previous: string | undefined;
    while (url !== undefined) {
      const { body } = await get(url);
      pages += 1;
      assert.match(body, new RegExp(`Page ${pages} of ${Math.ceil(expected.length / 3)}`));
      assert.equal(linkHref(body, 'prev') === undefined, pages === 1);
      if (previous !== undefined) assert.equal(linkHref(body, 'prev'), previous);
      seen.push(...cardSlugs(body));
      previous = url === `/search?${query}` ? '/search?provider=Pragmatic+Play&provider=NetEnt&sort=-rtp&limit=3' : url;
      url = linkHref(body, 'next');
      if (url !== undefined) {
        const params = new URL(url, BASE).searchParams;
        assert.deepEqual(params.getAll('provider'), ['Pragmatic Play', 'NetEnt']);
        assert.equal(params.get('sort'), '-rtp');
        assert.equal(params.get('limit'), '3');
        assert.equal(params.get('offset'), String(pages * 3));
      }
    }
    assert.deepEqual(seen, expected);
  });

  it('says when a page lies past the last one and links back to the first', async () => {
    const { statusCode, body } = await get('/search?q=book&offset=500');
    assert.equal(statusCode, 200);
    assert.match(statusText(body), /^\d+ slots? found; this page is past the last one\.$/);
    assert.match(body, /<a href="\/search\?q=book">Go to the first page<\/a>/);
  });

  it('counts each facet beside its control: the "any of" lists without their own choice, the "all of" lists within the results', async () => {
    const { body } = await get('/search?q=deluxe');
    const facets = (await api('q=deluxe&facets=provider,volatility,theme,feature')).facets ?? {};
    const asShown = (field: string) => (facets[field] ?? []).map(({ value, count }) => `${value} (${count})`);
    assert.deepEqual(facetShown(body, 'provider'), asShown('provider'));
    assert.deepEqual(facetShown(body, 'theme'), asShown('theme'));
    assert.deepEqual(facetShown(body, 'feature'), asShown('feature'));
    // Every volatility level is offered; those not in the results count 0.
    const levels = facetShown(body, 'volatility');
    assert.deepEqual(levels.slice(0, asShown('volatility').length), asShown('volatility'));
    assert.deepEqual(levels.map((level) => level.replace(/ \(\d+\)$/, '')).sort(), ['Extreme', 'High', 'Low', 'Medium']);

    // Ticking a provider leaves the provider counts as they were and narrows the others.
    const ticked = (await get('/search?q=deluxe&provider=Novomatic')).body;
    assert.deepEqual(facetShown(ticked, 'provider'), asShown('provider'));
    assert.match(ticked, /<input type="checkbox" name="provider" value="Novomatic" checked>/);
    const narrowed = (await api('q=deluxe&provider=Novomatic&facets=theme')).facets ?? {};
    assert.deepEqual(facetShown(ticked, 'theme'), (narrowed.theme ?? []).map(({ value, count }) => `${value} (${count})`));
  });

  it('keeps a ticked value listed, ticked, even when nothing carries it', async () => {
    const { body } = await get('/search?theme=fruit&theme=space');
    assert.equal(totalShown(body), 0);
    assert.deepEqual(facetShown(body, 'theme'), ['fruit (0)', 'space (0)']);
    assert.equal(body.match(/name="theme" value="[^"]*" checked/g)?.length, 2);
  });

  it('escapes slot text in cards and facets', async () => {
    const { body } = await get('/search?q=script');
    assert.deepEqual(cardSlugs(body), ['hostile']);
    assert.ok(!body.includes(HOSTILE));
    assert.ok(body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(body.includes('value="Evil &quot;Quotes&quot; &amp; &lt;Co&gt;"'));
    assert.ok(body.includes('value="&lt;i&gt;theme&lt;/i&gt;"'));
    assert.ok(body.includes('value="&quot; onmouseover=&quot;x"'));
  });

  describe('bad input', () => {
    /** The page for a bad query: 400, not indexed, not cached, the message escaped in place of results. */
    async function refused(url: string): Promise<string> {
      const response = await get(url);
      assert.equal(response.statusCode, 400, `${url.slice(0, 80)}: ${statusText(response.body)}`);
      assertPageHeaders(response);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.match(response.body, /<meta name="robots" content="noindex">/);
      assert.deepEqual(cardSlugs(response.body), []);
      assert.match(response.body, /class="search-status search-status-error"/);
      assert.ok(!response.body.includes(HOSTILE));
      assert.match(response.body, /<a href="\/search">start a new search<\/a>/);
      const status = statusText(response.body);
      assert.match(status, /^This search cannot run\. /);
      return status.replace(/^This search cannot run\. /, '');
    }

    it('shows the API\'s own 400 message, for the same parameters', async () => {
      const cases: [string, string][] = [
        ['minRtp=97&maxRtp=95', 'minRtp=97&maxRtp=95'],
        ['minMaxWin=900&maxMaxWin=10', 'minMaxWin=900&maxMaxWin=10'],
        ['minRtp=abc', 'minRtp=abc'],
        ['maxRtp=101', 'maxRtp=101'],
        ['sort=bogus', 'sort=bogus'],
        ['sort=relevance', 'sort=relevance'],
        ['volatility=wild', 'volatility=wild'],
        ['hasBonusBuy=maybe', 'hasBonusBuy=maybe'],
        ['q=a&q=b', 'q=a&q=b'],
        ['limit=0', 'limit=0'],
        ['offset=-1', 'offset=-1'],
        [`q=${'x'.repeat(10_000)}`, `q=${'x'.repeat(10_000)}`],
        [`q=${encodeURIComponent(HOSTILE)}&sort=${encodeURIComponent(HOSTILE)}`, `q=${encodeURIComponent(HOSTILE)}&sort=${encodeURIComponent(HOSTILE)}`],
      ];
      for (const [page, query] of cases) {
        const message = await refused(`/search?${page}`);
        const apiResponse = await get(`/api/slots?${query}`);
        assert.equal(apiResponse.statusCode, 400, query);
        assert.equal(message, apiResponse.json<{ message: string }>().message, page);
      }
    });

    it('echoes the hostile value escaped into the form, never as markup', async () => {
      const response = await get(`/search?q=${encodeURIComponent(HOSTILE)}&sort=${encodeURIComponent(HOSTILE)}`);
      assert.equal(response.statusCode, 400);
      assert.ok(response.body.includes('value="&lt;script&gt;alert(1)&lt;/script&gt;"'));
      assert.match(statusText(response.body), /sort: must be one of .*got "<script>alert\(1\)<\/script>"/);
    });

    it('a hostile q that is valid is simply searched for, and escaped', async () => {
      const response = await get(`/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
      assert.equal(response.statusCode, 200);
      assert.ok(!response.body.includes('<img src=x'));
      assert.ok(response.body.includes('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"'));
      assert.equal(statusText(response.body), 'No slots match this search.');
    });

    it('refuses control characters, naming the parameter', async () => {
      assert.equal(await refused('/search?q=fire%01%1F'), 'q: must not contain control characters');
      assert.equal(await refused('/search?provider=Net%00Ent'), 'provider: must not contain control characters');
      const { body } = await get('/search?q=fire%01');
      assert.ok(body.includes('value="fire\uFFFD"'));
      assert.ok(!body.includes('\u0001'));
    });

    it('refuses broken percent-encoding, saying what was broken', async () => {
      assert.match(await refused('/search?q=%ZZ'), /^the address is not valid: "%ZZ" is broken percent-encoding/);
      assert.match(await refused('/search?q=%E0%A4%A'), /is broken percent-encoding/);
      assert.match(await refused('/search?minRtp=9%'), /is broken percent-encoding/);
      assert.equal((await get('/search?q=100%25')).statusCode, 200);
    });

    it('every control set at once still renders: results when they agree, the first problem when not', async () => {
      const all = 'q=bonanza&provider=Pragmatic+Play&volatility=High&theme=candy&feature=tumble&minRtp=90&maxRtp=99&minMaxWin=10&maxMaxWin=100000&hasBonusBuy=true&emoji=%F0%9F%8D%AD&minRating=1&maxRating=5&minYear=2000&maxYear=2030&sort=-rtp&limit=5&offset=0';
      const response = await get(`/search?${all}`);
      assert.equal(response.statusCode, 200, statusText(response.body));
      assert.equal(totalShown(response.body), (await api(all)).total);
      assert.equal(await refused(`/search?${all.replace('minYear=2000', 'minYear=2031')}`), 'minYear: must not be above maxYear (2031 > 2030)');
    });

    it('never answers 500 to odd parameter names or shapes', async () => {
      for (const url of ['/search?%3Cscript%3E=1', '/search?q[]=x', '/search?&&&=&', '/search?q=%20%20', '/search?provider=,,', '/search?offset=99999999999999999999']) {
        const response = await get(url);
        assert.ok(response.statusCode === 200 || response.statusCode === 400, `${url}: ${response.statusCode}`);
        assertPageHeaders(response);
        assert.ok(!response.body.includes('<script>'), url);
      }
    });
  });

  it('works as a plain form: a GET to /search with the fields named as the API parameters', async () => {
    const { body } = await get('/search');
    assert.match(body, /<form class="search" id="search-form" action="\/search" method="get"/);
    assert.match(body, /<button type="submit" class="btn btn-search">Search<\/button>/);
    assert.match(body, /<button type="submit" class="btn">Apply filters<\/button>/);
    const names = new Set([...body.matchAll(/<(?:input|select) [^>]*name="([^"]+)"/g)].map((match) => match[1]));
    assert.deepEqual([...names].sort(), ['feature', 'hasBonusBuy', 'maxMaxWin', 'maxRtp', 'minMaxWin', 'minRtp', 'provider', 'q', 'sort', 'theme', 'volatility']);
    // A browser sends every field, the blank ones too: they count as not given.
    const blank = await get('/search?q=&sort=&minRtp=&maxRtp=&minMaxWin=&maxMaxWin=&hasBonusBuy=&provider=NetEnt');
    assert.equal(blank.statusCode, 200);
    assert.equal(totalShown(blank.body), (await api('provider=NetEnt')).total);
  });

  it('answers a repeated request for an unchanged results page with 304', async () => {
    const first = await get('/search?q=book');
    const etag = String(first.headers.etag);
    const again = await test.app.inject({ method: 'GET', url: '/search?q=book', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
  });
});
