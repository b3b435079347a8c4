import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CatalogueDocument } from '../../../src/catalogue/records/document.js';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields, TEST_ACTOR } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';

interface SlotList {
  slots: Slot[];
  count: number;
  total: number;
  facets?: Record<string, { value: string | number; count: number }[]>;
}

interface MatchItem {
  id: number;
  slug: string;
  emojis: string[];
  url: string;
}

/** A catalogue whose every search answer can be worked out by hand. */
const DOCUMENT: CatalogueDocument = {
  categories: { luck: ['🍀', '🎰'], mythology: ['⚡'] },
  slots: [
    slotFields({ name: 'Gates of Olympus', provider: 'Pragmatic Play', rtp: 96.5, volatility: 'High', maxWin: 5000, rating: 4.5, releaseYear: 2021, theme: ['mythology', 'greek'], features: ['free spins', 'multipliers', 'bonus buy'], hasBonusBuy: true, emojiTags: ['⚡', '🏛️', '💎'] }),
    slotFields({ name: 'Book of Dead', provider: "Play'n GO", rtp: 96.21, volatility: 'High', maxWin: 5000, rating: 4.6, releaseYear: 2016, theme: ['egypt', 'adventure'], features: ['free spins', 'expanding symbols'], emojiTags: ['📖', '💀', '🏺'] }),
    slotFields({ name: 'Starburst', provider: 'NetEnt', rtp: 96.09, volatility: 'Low', maxWin: 500, rating: 4.2, releaseYear: 2012, theme: ['space', 'gems'], features: ['expanding wilds', 're-spins'], emojiTags: ['⭐', '💎', '🌌'] }),
    slotFields({ name: 'Ölfürst Café', provider: 'NetEnt', rtp: 94, volatility: 'Medium', maxWin: 1200, rating: 3.1, theme: ['beer'], features: ['free spins'], emojiTags: ['🍺', '🍀'], releaseYear: undefined }),
    slotFields({ name: 'Sweet Bonanza', provider: 'Pragmatic Play', rtp: 96.48, volatility: 'High', maxWin: 21100, rating: 4.4, releaseYear: 2019, theme: ['candy', 'fruit'], features: ['free spins', 'tumble', 'bonus buy'], hasBonusBuy: true, emojiTags: ['🍭', '🍬', '🍒', '🍀'] }),
    slotFields({ name: 'Olympus Rising', provider: 'Push Gaming', rtp: 95.9, volatility: 'Extreme', maxWin: 10000, rating: 3.9, releaseYear: 2024, theme: ['mythology'], features: ['multipliers'], emojiTags: ['⚡', '🔥'] }),
  ],
};

describe('GET /api/slots: search, filters, sort, facets (decisions §13)', () => {
  let t: TestApp;
  const get = (query: string) => t.app.inject({ url: `/api/slots${query}` });
  const list = async (query: string) => {
    const response = await get(query);
    assert.equal(response.statusCode, 200, response.body);
    return json<SlotList>(response);
  };
  const names = async (query: string) => (await list(query)).slots.map((slot) => slot.name);
  const refused = async (query: string, parameter: string) => {
    const response = await get(query);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.ok(errorMessage(response, 400).startsWith(`${parameter}:`), `${query}: ${errorMessage(response, 400)}`);
  };

  before(async () => {
    t = await startTestApp({ document: DOCUMENT });
  });
  after(() => t.close());

  it('finds slots by word prefixes of name, provider, themes and features, name matches first', async () => {
    assert.deepEqual(await names('?q=olymp'), ['Gates of Olympus', 'Olympus Rising']);
    assert.deepEqual(await names('?q=myth'), ['Gates of Olympus', 'Olympus Rising']);
    assert.deepEqual(await names('?q=pragmatic%20free'), ['Gates of Olympus', 'Sweet Bonanza']);
    // "book" is in one name; "egypt" is only a theme: both words must match, the name group is empty.
    assert.deepEqual(await names('?q=book%20egypt'), ['Book of Dead']);
    assert.deepEqual(await names('?q=dragon'), []);
  });

  it('compares case-, accent- and apostrophe-insensitively', async () => {
    assert.deepEqual(await names('?q=OLFURST'), ['Ölfürst Café']);
    assert.deepEqual(await names('?q=caf%C3%A9'), ['Ölfürst Café']);
    // "playn" is also "play" (of Pragmatic Play) with one letter added: a typo match, ranked after the exact one.
    assert.deepEqual(await names('?q=playn'), ['Book of Dead', 'Gates of Olympus', 'Sweet Bonanza']);
    assert.deepEqual(await names("?q=Play'n%20go"), ['Book of Dead']);
  });

  it('forgives one typo in words of five letters or more, after the exact matches', async () => {
    assert.deepEqual(await names('?q=olympsu'), ['Gates of Olympus', 'Olympus Rising']);
    assert.deepEqual(await names('?q=bonanaz'), ['Sweet Bonanza']);
    assert.deepEqual(await names('?q=strburst'), ['Starburst']);
    assert.deepEqual(await names('?q=sweat'), ['Sweet Bonanza']);
    assert.deepEqual(await names('?q=swet'), []);
  });

  it('counts every passing slot in total and pages them in the order asked', async () => {
    const page = await list('?q=free&limit=2&offset=1&sort=-rtp');
    assert.equal(page.total, 4);
    assert.equal(page.count, 2);
    assert.deepEqual(page.slots.map((slot) => slot.name), ['Sweet Bonanza', 'Book of Dead']);
  });

  it('filters by lists of providers and volatilities, all of the themes and features, an emoji', async () => {
    assert.deepEqual(await names('?provider=netent,%20play%27n%20go'), ['Book of Dead', 'Starburst', 'Ölfürst Café']);
    assert.deepEqual(await names('?provider=push-gaming,,'), ['Olympus Rising']);
    assert.deepEqual(await names('?volatility=low,EXTREME'), ['Starburst', 'Olympus Rising']);
    assert.deepEqual(await names('?theme=Mythology,greek'), ['Gates of Olympus']);
    assert.deepEqual(await names('?feature=free%20spins&hasBonusBuy=false'), ['Book of Dead', 'Ölfürst Café']);
    assert.deepEqual(await names(`?emoji=${encodeURIComponent('💎🍀')}`), ['Gates of Olympus', 'Starburst', 'Ölfürst Café', 'Sweet Bonanza']);
  });

  it('applies every bound inclusively; a slot without a release year fails a year bound', async () => {
    assert.deepEqual(await names('?minRtp=96.09&maxRtp=96.21'), ['Book of Dead', 'Starburst']);
    assert.deepEqual(await names('?minRating=4.4&maxRating=4.5'), ['Gates of Olympus', 'Sweet Bonanza']);
    assert.deepEqual(await names('?minMaxWin=5000&maxMaxWin=10000'), ['Gates of Olympus', 'Book of Dead', 'Olympus Rising']);
    assert.deepEqual(await names('?minYear=2016&maxYear=2021'), ['Gates of Olympus', 'Book of Dead', 'Sweet Bonanza']);
    assert.equal((await list('?maxYear=2100')).total, 5);
  });

  it('sorts by every key both ways, ties by id, slots without a year last', async () => {
    assert.deepEqual(await names('?sort=name'), ['Book of Dead', 'Gates of Olympus', 'Ölfürst Café', 'Olympus Rising', 'Starburst', 'Sweet Bonanza']);
    assert.deepEqual(await names('?sort=-maxWin&limit=3'), ['Sweet Bonanza', 'Olympus Rising', 'Gates of Olympus']);
    assert.deepEqual(await names('?sort=releaseYear'), ['Starburst', 'Book of Dead', 'Sweet Bonanza', 'Gates of Olympus', 'Olympus Rising', 'Ölfürst Café']);
    assert.deepEqual(await names('?sort=-releaseYear'), ['Olympus Rising', 'Gates of Olympus', 'Sweet Bonanza', 'Book of Dead', 'Starburst', 'Ölfürst Café']);
    assert.deepEqual(await names('?sort=-id&limit=2'), ['Olympus Rising', 'Sweet Bonanza']);
    assert.deepEqual(await names('?sort=rating&limit=1'), ['Ölfürst Café']);
    assert.deepEqual(await names('?q=olymp&sort=-rtp'), ['Gates of Olympus', 'Olympus Rising']);
  });

  it('counts facets over every passing slot, most first, at their stored forms', async () => {
    const page = await list('?feature=free%20spins&facets=provider,volatility,theme,emoji,releaseYear,feature&limit=1');
    assert.equal(page.count, 1);
    assert.deepEqual(Object.keys(page.facets ?? {}), ['provider', 'volatility', 'theme', 'emoji', 'releaseYear', 'feature']);
    assert.deepEqual(page.facets?.['provider'], [
      { value: 'NetEnt', count: 1 },
      { value: "Play'n GO", count: 1 },
      { value: 'Pragmatic Play', count: 2 },
    ].sort((a, b) => b.count - a.count));
    assert.deepEqual(page.facets?.['volatility'], [{ value: 'High', count: 3 }, { value: 'Medium', count: 1 }]);
    assert.deepEqual(page.facets?.['releaseYear'], [{ value: 2016, count: 1 }, { value: 2019, count: 1 }, { value: 2021, count: 1 }]);
    assert.deepEqual(page.facets?.['emoji']?.[0], { value: '🍀', count: 2 });
    assert.ok(page.facets?.['emoji']?.some((entry) => entry.value === '🏛️'), 'the stored, fully-qualified form');
    assert.deepEqual(page.facets?.['feature']?.[0], { value: 'free spins', count: 4 });
    assert.equal((await list('')).facets, undefined);
  });

  it('refuses bad input with a 400 naming the parameter', async () => {
    await refused('?sort=price', 'sort');
    await refused('?sort=relevance', 'sort');
    await refused('?q=olymp&sort=-relevance', 'sort');
    await refused('?minRtp=97&maxRtp=96', 'minRtp');
    await refused('?minRating=5&maxRating=4', 'minRating');
    await refused('?minMaxWin=100&maxMaxWin=10', 'minMaxWin');
    await refused('?minYear=2020&maxYear=2019', 'minYear');
    await refused('?facets=provider,colour', 'facets');
    await refused('?facets=,', 'facets');
    await refused('?q=', 'q');
    await refused('?q=%20%20', 'q');
    await refused(`?q=${'a'.repeat(101)}`, 'q');
    await refused('?maxRtp=101', 'maxRtp');
    await refused('?minRating=-1', 'minRating');
    await refused('?maxRating=five', 'maxRating');
    await refused('?minMaxWin=0', 'minMaxWin');
    await refused('?maxMaxWin=1e3', 'maxMaxWin');
    await refused('?minYear=1899', 'minYear');
    await refused('?maxYear=2020.5', 'maxYear');
    await refused('?volatility=high,wild', 'volatility');
    await refused('?theme=', 'theme');
    await refused('?emoji=abc', 'emoji');
    await refused('?q=a&q=b', 'q');
    await refused('?sort=rtp&sort=-rtp', 'sort');
  });

  it('takes 100 characters of q, single letters or five-letter words, and answers', async () => {
    // Only Book of Dead has a word starting with "a" (its theme "adventure").
    assert.equal((await list(`?q=${encodeURIComponent('a '.repeat(50).trim())}`)).total, 1);
    assert.equal((await list(`?q=${encodeURIComponent('gates '.repeat(16).trim())}`)).total, 1);
    assert.equal((await list(`?q=${'o'.repeat(100)}`)).total, 0);
  });
});

describe('GET /api/providers and GET /api/slots/{id_or_slug}/similar', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ document: DOCUMENT });
  });
  after(() => t.close());

  it('lists providers by slot count, then name, with their average RTP', async () => {
    const response = await t.app.inject({ url: '/api/providers' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.ok(response.headers['x-ratelimit-limit'] !== undefined);
    assert.deepEqual(json(response), {
      providers: [
        { name: 'NetEnt', slug: 'netent', count: 2, averageRtp: 95.05 },
        { name: 'Pragmatic Play', slug: 'pragmatic-play', count: 2, averageRtp: 96.49 },
        { name: "Play'n GO", slug: 'playn-go', count: 1, averageRtp: 96.21 },
        { name: 'Push Gaming', slug: 'push-gaming', count: 1, averageRtp: 95.9 },
      ],
      total: 4,
    });
  });

  it('ranks other slots as a match for the slot\'s emojis would, leaving the slot out', async () => {
    const response = await t.app.inject({ url: '/api/slots/gates-of-olympus/similar' });
    assert.equal(response.statusCode, 200, response.body);
    const { slots } = json<{ slots: MatchItem[] }>(response);
    // ⚡ is on Olympus Rising, 💎 on Starburst; both score 1, Starburst has the higher rating.
    assert.deepEqual(slots.map((slot) => slot.slug), ['starburst', 'olympus-rising']);
    assert.deepEqual(slots[1]?.emojis, ['⚡']);
    assert.equal(slots[0]?.url, 'http://localhost:80/slots/starburst');
    const byId = json<{ slots: MatchItem[] }>(await t.app.inject({ url: '/api/slots/1/similar?limit=1' }));
    assert.deepEqual(byId.slots.map((slot) => slot.id), [3]);
    assert.equal((await t.app.inject({ url: '/api/slots/1/similar?limit=100000' })).statusCode, 200);
  });

  it('answers an empty list when no other slot shares an emoji, 404 for an unknown slot, 400 for a bad limit', async () => {
    assert.deepEqual(json(await t.app.inject({ url: '/api/slots/book-of-dead/similar' })), { slots: [] });
    const missing = await t.app.inject({ url: '/api/slots/no-such-slot/similar' });
    assert.equal(missing.statusCode, 404);
    assert.match(errorMessage(missing, 404), /no-such-slot/);
    const bad = await t.app.inject({ url: '/api/slots/1/similar?limit=0' });
    assert.equal(bad.statusCode, 400);
    assert.match(errorMessage(bad, 400), /^limit:/);
  });

  it('follows admin writes: a new slot is found, counted and similar at once', async () => {
    await t.catalogue.createSlot(
      slotFields({ name: 'Olympus Gold', provider: 'Push Gaming', rtp: 96.1, emojiTags: ['⚡'], theme: ['mythology'], rating: 5 }),
      TEST_ACTOR,
    );
    const found = json<SlotList>(await t.app.inject({ url: '/api/slots?q=olympus%20gold' }));
    assert.deepEqual(found.slots.map((slot) => slot.name), ['Olympus Gold']);
    const providers = json<{ providers: { name: string; count: number; averageRtp: number }[] }>(await t.app.inject({ url: '/api/providers' }));
    assert.deepEqual(
      providers.providers.find((provider) => provider.name === 'Push Gaming'),
      { name: 'Push Gaming', slug: 'push-gaming', count: 2, averageRtp: 96 },
    );
    const similar = json<{ slots: MatchItem[] }>(await t.app.inject({ url: '/api/slots/olympus-rising/similar' }));
    assert.equal(similar.slots[0]?.slug, 'olympus-gold');
  });
});
