import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import { emojiMappings } from '../../src/catalogue/emojis/emoji-usage.js';
import { ID_ORDER } from '../../src/catalogue/search/slot-order.js';
import { slotRecord } from '../support/fixtures.js';

const slots = [
  slotRecord(4, { name: 'Delta', provider: "Play'n GO", rtp: 96, volatility: 'High', hasBonusBuy: true, features: ['bonus buy'], emojiTags: ['🍒', '💎'] }),
  slotRecord(1, { name: 'Alpha', provider: 'Pragmatic Play', rtp: 96.5, volatility: 'Low', emojiTags: ['🍒', '🍋', '❤️'] }),
  slotRecord(2, { name: 'Bravo', provider: 'Pragmatic Play', rtp: 94.2, volatility: 'High', emojiTags: ['💎'] }),
  slotRecord(9, { name: 'Echo', provider: 'NetEnt', rtp: 97, volatility: 'Extreme', hasBonusBuy: true, features: ['bonus buy'], emojiTags: ['👍🏽', '❤'] }),
  slotRecord(3, { name: 'Charlie', provider: 'NetEnt', rtp: 95.99, volatility: 'Medium', emojiTags: ['👍', '🍋'] }),
];
const catalogue = Catalogue.of(slots, { fruit: ['🍒', '🍋'], gems: ['💎', '🍒'], hands: ['👍'] });
const ids = (records: readonly { id: number }[]) => records.map((slot) => slot.id);

describe('Catalogue lookups', () => {
  it('finds by id and by slug in any case, and nothing else', () => {
    assert.equal(catalogue.find('3')?.name, 'Charlie');
    assert.equal(catalogue.find('charlie')?.id, 3);
    assert.equal(catalogue.find('CHARLIE')?.id, 3);
    assert.equal(catalogue.find('5'), undefined);
    assert.equal(catalogue.find('03'), undefined);
    assert.equal(catalogue.find(''), undefined);
    assert.equal(catalogue.find('9'.repeat(40)), undefined);
  });

  it('keeps slots in id order and knows the highest id', () => {
    assert.deepEqual(ids(catalogue.slots), [1, 2, 3, 4, 9]);
    assert.equal(catalogue.maxId, 9);
  });
});

describe('Catalogue.page', () => {
  const everything = { filter: {}, order: ID_ORDER };

  it('pages in id order with the total of every passing slot', () => {
    assert.deepEqual(ids(catalogue.page(everything, { offset: 0, limit: 2 }).slots), [1, 2]);
    const last = catalogue.page(everything, { offset: 4, limit: 2 });
    assert.deepEqual(last, { slots: [catalogue.find('9')], total: 5 });
    const filtered = catalogue.page({ filter: { volatilities: ['High'] }, order: ID_ORDER }, { offset: 1, limit: 5 });
    assert.deepEqual(ids(filtered.slots), [4]);
    assert.equal(filtered.total, 2);
  });

  it('gives an empty page past the end with the same total, and facets only when asked', () => {
    assert.deepEqual(catalogue.page(everything, { offset: Number.MAX_SAFE_INTEGER, limit: 5 }), { slots: [], total: 5 });
    const faceted = catalogue.page(everything, { offset: 10, limit: 5 }, ['volatility']);
    assert.deepEqual(faceted.slots, []);
    assert.deepEqual(faceted.facets, {
      volatility: [{ value: 'High', count: 2 }, { value: 'Extreme', count: 1 }, { value: 'Low', count: 1 }, { value: 'Medium', count: 1 }],
    });
  });
});

describe('Catalogue.filter', () => {
  it('keeps every passing slot in id order', () => {
    assert.deepEqual(ids(catalogue.filter({})), [1, 2, 3, 4, 9]);
    assert.deepEqual(ids(catalogue.filter({ volatilities: ['High'] })), [2, 4]);
  });

  it('filters by provider name in any case and by provider slug', () => {
    assert.deepEqual(ids(catalogue.filter({ providers: ['pragmatic play'] })), [1, 2]);
    assert.deepEqual(ids(catalogue.filter({ providers: ['pragmatic-play'] })), [1, 2]);
    assert.deepEqual(ids(catalogue.filter({ providers: ["play'n go"] })), [4]);
    assert.deepEqual(ids(catalogue.filter({ providers: ['playn-go'] })), [4]);
    assert.deepEqual(ids(catalogue.filter({ providers: ['pragmatic'] })), []);
    assert.deepEqual(ids(catalogue.filter({ providers: ['playn-go', 'netent'] })), [3, 4, 9]);
  });

  it('filters by minimum RTP inclusively', () => {
    assert.deepEqual(ids(catalogue.filter({ minRtp: 96 })), [1, 4, 9]);
    assert.deepEqual(ids(catalogue.filter({ minRtp: 95.99 })), [1, 3, 4, 9]);
    assert.deepEqual(ids(catalogue.filter({ minRtp: 97.01 })), []);
  });

  it('filters by volatility and bonus buy, and combines filters with AND', () => {
    assert.deepEqual(ids(catalogue.filter({ volatilities: ['High'] })), [2, 4]);
    assert.deepEqual(ids(catalogue.filter({ hasBonusBuy: true })), [4, 9]);
    assert.deepEqual(ids(catalogue.filter({ hasBonusBuy: false })), [1, 2, 3]);
    const combined = catalogue.filter({ volatilities: ['High'], hasBonusBuy: false, providers: ['pragmatic play'], minRtp: 90 });
    assert.deepEqual(ids(combined), [2]);
  });

  it('filters by emoji keys with any-match, ignoring selectors and skin tones', () => {
    assert.deepEqual(ids(catalogue.filter({ emojiKeys: ['❤'] })), [1, 9]);
    assert.deepEqual(ids(catalogue.filter({ emojiKeys: ['👍'] })), [3, 9]);
    assert.deepEqual(ids(catalogue.filter({ emojiKeys: ['💎', '🍋'], providers: ['netent'] })), [3]);
  });
});

describe('Catalogue emoji aggregates', () => {
  const { usage, stats, totalUsage } = catalogue.emojis;
  const mappings = emojiMappings(catalogue.slots);

  it('groups stored forms by comparison key and shows the fully-qualified form', () => {
    // Every count is 2, so the order is by code point: U+2764 < U+1F34B < U+1F352 < U+1F44D < U+1F48E.
    assert.deepEqual(usage, [
      { emoji: '❤️', count: 2, category: 'Uncategorized' },
      { emoji: '🍋', count: 2, category: 'fruit' },
      { emoji: '🍒', count: 2, category: 'fruit' },
      { emoji: '👍', count: 2, category: 'hands' },
      { emoji: '💎', count: 2, category: 'gems' },
    ]);
  });

  it('sorts by count descending, then by code point ascending', () => {
    const tie = Catalogue.of(
      [slotRecord(1, { name: 'A', emojiTags: ['🎲', '🍒', '🔥', '☀️'] }), slotRecord(2, { name: 'B', emojiTags: ['🔥'] })],
      {},
    );
    assert.deepEqual(tie.emojis.usage.map((entry) => entry.emoji), ['🔥', '☀️', '🍒', '🎲']);
  });

  it('lists one raw mapping per slot and tag, in slot id then tag order', () => {
    assert.equal(mappings.length, totalUsage);
    assert.deepEqual(mappings.slice(0, 4), [
      { slotId: '1', slug: 'alpha', emoji: '🍒' },
      { slotId: '1', slug: 'alpha', emoji: '🍋' },
      { slotId: '1', slug: 'alpha', emoji: '❤️' },
      { slotId: '2', slug: 'bravo', emoji: '💎' },
    ]);
    assert.deepEqual(mappings.at(-1), { slotId: '9', slug: 'echo', emoji: '❤' });
  });

  it('computes statistics that agree with the aggregated list', () => {
    assert.deepEqual(stats, {
      totalEmojis: 5,
      totalUsage: 10,
      averagePerSlot: 2,
      mostUsed: { emoji: '❤️', count: 2 },
      leastUsed: { emoji: '💎', count: 2 },
    });
  });

  it('rounds the average per slot to two decimals', () => {
    const thirds = Catalogue.of(
      [slotRecord(1, { name: 'A', emojiTags: ['🍒', '💎'] }), slotRecord(2, { name: 'B', emojiTags: ['🍒', '💎'] }), slotRecord(3, { name: 'C', emojiTags: ['🍒'] })],
      {},
    );
    assert.equal(thirds.emojis.stats.averagePerSlot, 1.67);
  });

  it('describes an empty catalogue with zeros and nulls', () => {
    const empty = Catalogue.empty();
    assert.deepEqual(empty.filter({}), []);
    assert.deepEqual(empty.emojis.usage, []);
    assert.deepEqual(emojiMappings(empty.slots), []);
    assert.deepEqual(empty.emojis.stats, { totalEmojis: 0, totalUsage: 0, averagePerSlot: 0, mostUsed: null, leastUsed: null });
    assert.deepEqual(empty.match(['🍒'], 'any', 10), []);
    assert.equal(empty.maxId, 0);
  });
});
