import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { emojiKey } from '../../src/emoji/emoji.js';
import { parseEmojis } from '../../src/emoji/parse.js';
import { readCatalogueDocument } from '../../src/store/bundled.js';

const EXAMPLE_EMOJIS = ['🎰', '💎', '🍒', '🎲', '🍀', '🔥', '🌋', '🌊'];

describe('the bundled catalogue', () => {
  let document: CatalogueDocument;
  let catalogue: Catalogue;
  before(async () => {
    // readCatalogueDocument validates every slot and category against the same rules as the admin API.
    document = await readCatalogueDocument();
    catalogue = Catalogue.of(
      document.slots.map((slot, index) => ({ ...slot, id: index + 1, createdAt: '', updatedAt: '' })),
      document.categories,
    );
  });

  it('holds at least 200 slots from at least 20 providers, with unique names per provider', () => {
    assert.ok(document.slots.length >= 200, `${document.slots.length} slots`);
    const providers = new Set(document.slots.map((slot) => slot.provider));
    assert.ok(providers.size >= 20, `${providers.size} providers`);
    const names = new Set(document.slots.map((slot) => `${slot.provider}/${slot.name.toLowerCase()}`));
    assert.equal(names.size, document.slots.length);
  });

  it('gives every slot its facts and our own texts', () => {
    for (const slot of document.slots) {
      assert.ok(slot.releaseYear !== undefined && slot.releaseYear >= 1990 && slot.releaseYear <= 2026, `${slot.slug} releaseYear`);
      assert.ok(slot.description.trim().length >= 20, `${slot.slug} description`);
      assert.ok(slot.review.trim().length >= 20, `${slot.slug} review`);
      assert.ok(slot.pros.length >= 1 && slot.cons.length >= 1, `${slot.slug} pros and cons`);
      assert.ok(slot.rtp >= 85 && slot.rtp <= 99.5, `${slot.slug} rtp ${slot.rtp}`);
    }
  });

  it('tags each slot with 2 to 8 emojis, at least 120 distinct, none on more than 60 slots', () => {
    for (const slot of document.slots) {
      assert.ok(slot.emojiTags.length >= 2 && slot.emojiTags.length <= 8, `${slot.slug} has ${slot.emojiTags.length} emojis`);
    }
    const { usage } = catalogue.emojis;
    assert.ok(usage.length >= 120, `${usage.length} distinct emojis`);
    const top = usage[0];
    assert.ok(top !== undefined && top.count <= 60, `${top?.emoji} on ${top?.count} slots`);
  });

  it('has at least 10 categories covering at least 90% of the emojis in use', () => {
    const categories = Object.keys(document.categories);
    assert.ok(categories.length >= 10, `${categories.length} categories`);
    const { usage } = catalogue.emojis;
    const covered = usage.filter((entry) => entry.category !== 'Uncategorized').length;
    assert.ok(covered / usage.length >= 0.9, `${covered} of ${usage.length} emojis categorised`);
    const luck = new Set((document.categories['luck'] ?? []).map(emojiKey));
    for (const emoji of ['🍀', '🎲', '🎰']) assert.ok(luck.has(emojiKey(emoji)), `luck holds ${emoji}`);
  });

  it('answers the requests clients of the original service make', () => {
    const wildSwarm = catalogue.find('wild-swarm');
    assert.equal(wildSwarm?.name, 'Wild Swarm');
    assert.equal(wildSwarm?.provider, 'Push Gaming');
    const pragmatic = catalogue.filter({ providers: ['pragmatic play'], minRtp: 96 });
    assert.ok(pragmatic.length >= 3, `${pragmatic.length} Pragmatic Play slots with RTP >= 96`);
    for (const emoji of EXAMPLE_EMOJIS) {
      const carriers = catalogue.filter({ emojiKeys: [emojiKey(emoji)] }).length;
      assert.ok(carriers >= 3, `${emoji} on ${carriers} slots`);
    }
    const parsed = parseEmojis('🎰💎🍒', 'emojis');
    assert.ok(parsed.ok);
    const [best] = catalogue.match(parsed.emojis.map(({ key }) => key), 'all', 1);
    assert.ok(best !== undefined, 'a slot carries 🎰, 💎 and 🍒 together');
  });
});
