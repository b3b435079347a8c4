import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SMALL_CATALOGUE } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';

interface Aggregated {
  emojis: { emoji: string; count: number; category: string; name: string }[];
  total: number;
  totalUsage: number;
}
interface Raw {
  mappings: { slotId: string; slug: string; emoji: string }[];
  total: number;
}
interface Stats {
  totalEmojis: number;
  totalUsage: number;
  averagePerSlot: number;
  mostUsed: { emoji: string; count: number } | null;
  leastUsed: { emoji: string; count: number } | null;
}

describe('emoji endpoints', () => {
  let t: TestApp;
  const get = async <T>(url: string) => {
    const response = await t.app.inject({ url });
    assert.equal(response.statusCode, 200, response.body);
    return json<T>(response);
  };
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('aggregates usage by count, then code point, with the first listing category', async () => {
    const aggregated = await get<Aggregated>('/api/emojis');
    assert.deepEqual(aggregated, await get<Aggregated>('/api/emojis?format=aggregated'));
    assert.deepEqual(aggregated.emojis, [
      { emoji: '🍒', count: 3, category: 'fruit', name: 'cherries' },
      { emoji: '🍀', count: 2, category: 'luck', name: 'four leaf clover' },
      { emoji: '🍋', count: 2, category: 'fruit', name: 'lemon' },
      { emoji: '🎰', count: 2, category: 'luck', name: 'slot machine' },
      { emoji: '💎', count: 2, category: 'gems', name: 'gem stone' },
      { emoji: '❤️', count: 1, category: 'love', name: 'red heart' },
      { emoji: '🎲', count: 1, category: 'luck', name: 'game die' },
      { emoji: '🐉', count: 1, category: 'Uncategorized', name: 'dragon' },
    ]);
    assert.equal(aggregated.total, 8);
    assert.equal(aggregated.totalUsage, 14);
  });

  it('lists raw mappings in slot then tag order', async () => {
    const raw = await get<Raw>('/api/emojis?format=raw');
    assert.equal(raw.total, 14);
    assert.equal(raw.mappings.length, 14);
    assert.deepEqual(raw.mappings.slice(0, 4), [
      { slotId: '1', slug: 'cherry-gems', emoji: '🍒' },
      { slotId: '1', slug: 'cherry-gems', emoji: '💎' },
      { slotId: '1', slug: 'cherry-gems', emoji: '🎰' },
      { slotId: '2', slug: 'lucky-dice', emoji: '🎲' },
    ]);
    const expected = SMALL_CATALOGUE.slots.flatMap((slot, index) => slot.emojiTags.map((emoji) => ({ slotId: String(index + 1), slug: slot.slug, emoji })));
    assert.deepEqual(raw.mappings, expected);
  });

  it('answers another format with a 400 naming format', async () => {
    for (const format of ['json', '', 'RAW', 'raw&format=aggregated']) {
      const message = errorMessage(await t.app.inject({ url: `/api/emojis?format=${format}` }), 400);
      assert.match(message, /^format:/);
    }
  });

  it('returns the category map in its stored order', async () => {
    const { categories } = await get<{ categories: Record<string, string[]> }>('/api/emojis/categories');
    assert.deepEqual(Object.entries(categories), Object.entries(SMALL_CATALOGUE.categories));
  });

  it('computes statistics that agree with the other two endpoints', async () => {
    const stats = await get<Stats>('/api/emojis/stats');
    const aggregated = await get<Aggregated>('/api/emojis');
    const raw = await get<Raw>('/api/emojis?format=raw');
    assert.deepEqual(stats, {
      totalEmojis: 8,
      totalUsage: 14,
      averagePerSlot: 2.8,
      mostUsed: { emoji: '🍒', count: 3 },
      leastUsed: { emoji: '🐉', count: 1 },
    });
    assert.equal(stats.totalEmojis, aggregated.total);
    assert.equal(stats.totalUsage, aggregated.totalUsage);
    assert.equal(stats.totalUsage, raw.total);
    assert.equal(aggregated.emojis.reduce((sum, entry) => sum + entry.count, 0), aggregated.totalUsage);
  });
});

describe('emoji endpoints on an empty catalogue', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ document: { slots: [], categories: { luck: ['🍀'] } } });
  });
  after(() => t.close());

  it('report zeros and nulls', async () => {
    assert.deepEqual(json(await t.app.inject({ url: '/api/emojis' })), { emojis: [], total: 0, totalUsage: 0 });
    assert.deepEqual(json(await t.app.inject({ url: '/api/emojis?format=raw' })), { mappings: [], total: 0 });
    assert.deepEqual(json(await t.app.inject({ url: '/api/emojis/stats' })), {
      totalEmojis: 0,
      totalUsage: 0,
      averagePerSlot: 0,
      mostUsed: null,
      leastUsed: null,
    });
    assert.deepEqual(json(await t.app.inject({ url: '/api/emojis/categories' })), { categories: { luck: ['🍀'] } });
    assert.deepEqual(json(await t.app.inject({ url: '/api/slots' })), { slots: [], count: 0, total: 0 });
  });
});
