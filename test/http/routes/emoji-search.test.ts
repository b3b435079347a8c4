import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CatalogueDocument } from '../../../src/catalogue/records/document.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { AUTH, ADMIN_TOKEN } from '../../support/admin.js';
import { slotFields } from '../../support/fixtures.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

interface Named {
  emoji: string;
  count: number;
  category: string;
  name: string;
  keywords: string[];
}
interface Search {
  emojis: Named[];
  total: number;
}

/** Counts chosen so that the order of groups and the order inside them can both be seen. */
const WORDS_CATALOGUE: CatalogueDocument = {
  categories: { fire: ['🔥', '🧨', '🐦‍🔥'], fruit: ['🍒', '🍎'], money: ['💰', '💎'], myth: ['🐉'] },
  slots: [
    slotFields({ name: 'One', emojiTags: ['🧨', '🔥', '🌸', '💎'] }),
    slotFields({ name: 'Two', emojiTags: ['🧨', '🔥', '🌸', '💎'] }),
    slotFields({ name: 'Three', emojiTags: ['🧨', '🍒', '💰', '🐦‍🔥'] }),
    slotFields({ name: 'Four', emojiTags: ['❤️', '🍎'] }),
  ],
};

describe('GET /api/emojis/search', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ document: WORDS_CATALOGUE, env: { RATE_LIMIT_PER_MINUTE: '10000', ADMIN_TOKEN } });
  });
  after(() => t.close());

  const search = async (query: string) => {
    const response = await t.app.inject({ url: `/api/emojis/search?${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return json<Search>(response);
  };
  const found = async (query: string) => (await search(query)).emojis.map(({ emoji }) => emoji);

  it('finds emojis by the words of their English names and keywords', async () => {
    assert.ok((await found('q=fire')).includes('🔥'));
    assert.ok((await found('q=cherry')).includes('🍒'));
    assert.ok((await found('q=money')).includes('💰'));
  });

  it('answers usage entries with name and keywords, and the total', async () => {
    const body = await search('q=money%20bag');
    assert.deepEqual(body, {
      emojis: [
        {
          emoji: '💰',
          count: 1,
          category: 'money',
          name: 'money bag',
          keywords: ['bag', 'bank', 'bet', 'billion', 'cash', 'cost', 'dollar', 'gold', 'million', 'money', 'moneybag', 'paid', 'paying', 'pot', 'rich', 'win'],
        },
      ],
      total: 1,
    });
  });

  it('puts names starting with q first, then names holding every word, then keywords only, each by count then code points', async () => {
    // 🧨 firecracker (3) and 🔥 fire (2) start with "fire"; 🐦‍🔥 phoenix has the keyword "firebird".
    assert.deepEqual(await found('q=fire'), ['🧨', '🔥', '🐦‍🔥']);
    // 🌸 cherry blossom starts with "cherry"; 🍒 cherries only has the keyword "cherry".
    assert.deepEqual(await found('q=cherry'), ['🌸', '🍒']);
    // 💎 is used more, but only its keywords say "money".
    assert.deepEqual(await found('q=money'), ['💰', '💎']);
    // The name holds both words without starting with them: the second group, before keyword matches.
    assert.deepEqual(await found('q=bag%20money'), ['💰']);
    assert.deepEqual(await found('q=blossom'), ['🌸']);
    // Same group, same count: by code points (U+2764 before U+1F34E).
    assert.deepEqual(await found('q=red'), ['❤️', '🍎', '🍒']);
  });

  it('compares words case- and accent-insensitively, drops apostrophes and splits on anything else', async () => {
    assert.deepEqual(await found('q=CH%C3%89RRY'), await found('q=cherry'));
    assert.deepEqual(await found("q=fi're"), await found('q=fire'));
    assert.deepEqual(await found('q=money-bag'), ['💰']);
    assert.deepEqual(await found('q=%20%20fire%20%20'), await found('q=fire'));
  });

  it('requires every word to match, with no typo tolerance, and only emojis in use', async () => {
    assert.deepEqual(await search('q=fier'), { emojis: [], total: 0 });
    assert.deepEqual(await search('q=fire%20zebra'), { emojis: [], total: 0 });
    // 🐉 is in the category map, but no slot carries it.
    assert.deepEqual(await search('q=dragon'), { emojis: [], total: 0 });
  });

  it('returns at most limit emojis (default 20, clamped to 100), with total counting them all', async () => {
    assert.deepEqual(await search('q=fire&limit=1'), { emojis: (await search('q=fire')).emojis.slice(0, 1), total: 3 });
    assert.equal((await search('q=fire&limit=100000')).emojis.length, 3);
    assert.equal((await search('q=fire&limit=2&limit=2')).emojis.length, 2);
  });

  it('answers bad input with a 400 naming q or limit', async () => {
    const cases: [string, RegExp][] = [
      ['', /^q:/],
      ['q=', /^q:/],
      ['q=%20%20%20', /^q:/],
      [`q=${'a'.repeat(51)}`, /^q:/],
      [`q=${encodeURIComponent('🔥'.repeat(51))}`, /^q:/],
      ['q=!!!', /^q:/],
      ['q=fire&q=cherry', /^q:/],
      ['q=fire&limit=0', /^limit:/],
      ['q=fire&limit=-1', /^limit:/],
      ['q=fire&limit=1.5', /^limit:/],
      ['q=fire&limit=abc', /^limit:/],
      ['q=fire&limit=', /^limit:/],
      ['q=fire&limit=1&limit=2', /^limit:/],
    ];
    for (const [query, pattern] of cases) {
      assert.match(errorMessage(await t.app.inject({ url: `/api/emojis/search?${query}` }), 400), pattern, query);
    }
    assert.equal((await search(`q=${'a'.repeat(50)}`)).total, 0);
  });

  it('answers hostile text as text', async () => {
    for (const query of ['q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'q=%00%01fire%7F', `q=${'%F0%9F%94%A5'.repeat(10)}x`]) {
      const response = await t.app.inject({ url: `/api/emojis/search?${query}` });
      assert.equal(response.statusCode, 200, query);
      assert.equal(typeof json<Search>(response).total, 'number');
    }
    const broken = await t.app.inject({ url: '/api/emojis/search?q=%E0%A4%A' });
    assert.ok(broken.statusCode === 200 || broken.statusCode === 400, `${broken.statusCode}`);
  });

  it('is rate limited and sends CORS headers like every /api route, on 200s and 400s alike', async () => {
    for (const url of ['/api/emojis/search?q=fire', '/api/emojis/search']) {
      const response = await t.app.inject({ url });
      assertCors(response);
      assert.match(String(response.headers['x-ratelimit-remaining']), /^\d+$/);
    }
  });

  it('leaves the other emoji routes where they were', async () => {
    assert.ok('totalEmojis' in json(await t.app.inject({ url: '/api/emojis/stats' })));
    assert.ok('categories' in json(await t.app.inject({ url: '/api/emojis/categories' })));
  });

  it('follows admin writes at once', async () => {
    const before = await search('q=fire');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/slots',
      headers: AUTH,
      payload: slotFields({ name: 'Five', emojiTags: ['🔥', '🐦‍🔥'] }),
    });
    assert.equal(created.statusCode, 201, created.body);
    const after = await search('q=fire');
    const counts = (body: Search) => Object.fromEntries(body.emojis.map(({ emoji, count }) => [emoji, count]));
    assert.deepEqual(counts(after), { '🧨': 3, '🔥': 3, '🐦‍🔥': 2 });
    // 🔥 now ties with 🧨 and comes first by code point.
    assert.deepEqual(after.emojis.map(({ emoji }) => emoji), ['🔥', '🧨', '🐦‍🔥']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${json<{ id: number }>(created).id}`, headers: AUTH });
    assert.equal(removed.statusCode, 204);
    assert.deepEqual(await search('q=fire'), before);
  });
});
