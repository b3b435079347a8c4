import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import type { EmojiUsage } from '../../src/catalogue/emojis/emoji-usage.js';
import { EmojiWordIndex } from '../../src/catalogue/emojis/emoji-words.js';
import { searchWords } from '../../src/catalogue/search/search-words.js';
import { annotatedEmojis, englishEmojiNames } from '../../src/emoji/emojibase.js';
import { EmojiNames } from '../../src/emoji/names.js';
import { readCatalogueDocument } from '../../src/store/bundled.js';

describe('searchWords', () => {
  it('lower-cases, strips accents, drops apostrophes and splits on every other non-letter, non-digit', () => {
    assert.deepEqual(searchWords("Play'n GO"), ['playn', 'go']);
    assert.deepEqual(searchWords('Crème BRÛLÉE, Öl & Ærø'), ['creme', 'brulee', 'ol', 'ærø']);
    assert.deepEqual(searchWords('keycap: 7'), ['keycap', '7']);
    assert.deepEqual(searchWords('money-mouth face'), ['money', 'mouth', 'face']);
    assert.deepEqual(searchWords('it’s ʼokʼ'), ['its', 'ok']);
    assert.deepEqual(searchWords('\u0000fire\u007f🔥water\n'), ['fire', 'water']);
    assert.deepEqual(searchWords('  !!! 🔥 '), []);
    assert.deepEqual(searchWords('日本 ДРАКОН'), ['日本', 'дракон']);
  });
});

describe('EmojiNames', () => {
  const names = new EmojiNames([
    { emoji: '❤️', name: 'red heart', keywords: ['heart', 'red heart', 'love'] },
    { emoji: '👍', name: 'thumbs up', keywords: ['+1'] },
    { emoji: '👍🏽', name: 'thumbs up: medium skin tone', keywords: [] },
  ]);

  it('looks an emoji up in any form: with or without U+FE0F, in any skin tone', () => {
    assert.equal(names.of('❤️')?.name, 'red heart');
    assert.equal(names.of('❤')?.name, 'red heart');
    assert.equal(names.of('👍🏿')?.name, 'thumbs up');
    assert.equal(names.of('👍🏽')?.name, 'thumbs up');
    assert.equal(names.of('🐉'), undefined);
    assert.equal(names.size, 2);
  });

  it('leaves the name out of the keywords', () => {
    assert.deepEqual(names.of('❤️')?.keywords, ['heart', 'love']);
  });
});

describe('the CLDR annotations from emojibase-data', () => {
  it('refuses data that is not the emoji list', () => {
    assert.throws(() => annotatedEmojis({ emojis: [] }), /not the emoji list/);
    assert.throws(() => annotatedEmojis([{ unicode: '🔥' }]), /not the emoji list/);
  });

  it('names skin-tone variants as their base emoji', () => {
    const entries = annotatedEmojis([{ unicode: '🤝', label: 'handshake', tags: ['deal'], skins: [{ unicode: '🫱🏻‍🫲🏼' }] }]);
    assert.deepEqual(entries, [
      { emoji: '🤝', name: 'handshake', keywords: ['deal'] },
      { emoji: '🫱🏻‍🫲🏼', name: 'handshake', keywords: ['deal'] },
    ]);
  });

  it('names the emojis people look for by word, and every emoji of the bundled catalogue', async () => {
    const names = englishEmojiNames();
    assert.equal(names.of('🔥')?.name, 'fire');
    assert.equal(names.of('🍒')?.name, 'cherries');
    assert.ok(names.of('🍒')?.keywords.includes('cherry'));
    assert.equal(names.of('💰')?.name, 'money bag');
    assert.equal(names.of('7⃣')?.name, 'keycap: 7');
    assert.equal(names.of('🫱🏼‍🫲🏻')?.name, 'handshake');
    const document = await readCatalogueDocument();
    const emojis = [...document.slots.flatMap((slot) => slot.emojiTags), ...Object.values(document.categories).flat()];
    assert.deepEqual(emojis.filter((emoji) => names.of(emoji) === undefined), []);
  });
});

describe('EmojiWordIndex', () => {
  const names = new EmojiNames([
    { emoji: '🔥', name: 'fire', keywords: ['flame', 'hot'] },
    { emoji: '🧨', name: 'firecracker', keywords: ['explosive'] },
    { emoji: '🐦‍🔥', name: 'phoenix', keywords: ['firebird'] },
    { emoji: '🌶️', name: 'hot pepper', keywords: ['fire'] },
    { emoji: '🚒', name: 'fire engine', keywords: ['truck'] },
    { emoji: '🧯', name: 'fire extinguisher', keywords: ['put out'] },
    { emoji: '🐉', name: 'dragon', keywords: ['fire breathing'] },
  ]);
  const usage = (entries: [string, number][]): EmojiUsage[] => entries.map(([emoji, count]) => ({ emoji, count, category: 'c' }));
  // In usage order, as a snapshot gives them: count descending, then code points.
  const index = new EmojiWordIndex(
    usage([['🐉', 5], ['🌶️', 4], ['🔥', 2], ['🚒', 2], ['🧨', 2], ['🧯', 1], ['🐦‍🔥', 1], ['🍒', 1]]),
    names,
  );
  const found = (query: string, limit = 20) => index.search(searchWords(query), limit).emojis.map(({ emoji }) => emoji);

  it('carries the name and keywords on every entry, and an empty name where the data has none', () => {
    assert.deepEqual(index.entries[1], { emoji: '🌶️', count: 4, category: 'c', name: 'hot pepper', keywords: ['fire'] });
    assert.deepEqual(index.entries[7], { emoji: '🍒', count: 1, category: 'c', name: '', keywords: [] });
  });

  it('orders: name starts with q, then name holds every word, then keywords only; by usage inside each', () => {
    assert.deepEqual(found('fire'), ['🔥', '🚒', '🧨', '🧯', '🐉', '🌶️', '🐦‍🔥']);
    assert.deepEqual(found('fire e'), ['🚒', '🧯', '🧨']);
    assert.deepEqual(found('engine fire'), ['🚒']);
    assert.deepEqual(found('pepper'), ['🌶️']);
    assert.deepEqual(found('put'), ['🧯']);
  });

  it('needs every word, each a prefix of some word, without typos', () => {
    assert.deepEqual(found('fir'), found('fire'));
    assert.deepEqual(found('fire zzz'), []);
    assert.deepEqual(found('fier'), []);
    assert.deepEqual(found('ire'), []);
    assert.deepEqual(found(''), []);
  });

  it('counts every match in total and returns up to limit', () => {
    const result = index.search(['fire'], 2);
    assert.equal(result.total, 7);
    assert.deepEqual(result.emojis.map(({ emoji }) => emoji), ['🔥', '🚒']);
  });

  it('finds 🔥, 🍒 and 💰 in the bundled catalogue', async () => {
    const document: CatalogueDocument = await readCatalogueDocument();
    const catalogue = Catalogue.of(
      document.slots.map((slot, index) => ({ ...slot, id: index + 1, createdAt: '', updatedAt: '' })),
      document.categories,
    );
    const firstFor = (query: string) => catalogue.emojiWords.search(searchWords(query), 100).emojis.map(({ emoji }) => emoji);
    assert.equal(firstFor('fire')[0], '🔥');
    assert.ok(firstFor('cherry').includes('🍒'));
    assert.equal(firstFor('money')[0], '💰');
  });
});
