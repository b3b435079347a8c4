import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import { pickerModel, POPULAR_GROUP_SIZE } from '../../src/web/markup/picker.js';
import { slotRecord } from '../support/fixtures.js';

const catalogue = Catalogue.of(
  [
    slotRecord(1, { name: 'One', provider: 'NetEnt', emojiTags: ['🍒', '💎', '🐉'] }),
    slotRecord(2, { name: 'Two', provider: 'Netent', emojiTags: ['🍒', '🍀'] }),
    slotRecord(3, { name: 'Three', provider: "Play'n GO", emojiTags: ['🍒', '❤'] }),
  ],
  { luck: ['🍀', '🎲'], fruit: ['🍒', '🍋'], space: ['🚀'], love: ['❤️'] },
);

describe('pickerModel', () => {
  const { groups, providers } = pickerModel(catalogue);
  const group = (label: string) => groups.find((candidate) => candidate.label === label);

  it('opens with the most used emojis, with how many slots carry each', () => {
    assert.equal(groups[0]?.label, 'Popular');
    assert.deepEqual(groups[0]?.emojis[0], { emoji: '🍒', count: 3 });
    assert.equal(groups[0]?.emojis.length, 5);
  });

  it('then lists the categories in map order, leaving out emojis and categories no slot uses', () => {
    assert.deepEqual(groups.map((candidate) => candidate.label), ['Popular', 'luck', 'fruit', 'love', 'More']);
    assert.deepEqual(group('luck')?.emojis, [{ emoji: '🍀', count: 1 }]);
    assert.deepEqual(group('fruit')?.emojis, [{ emoji: '🍒', count: 3 }]);
  });

  it('shows a text-style tag in its emoji form, so the button and the tag agree', () => {
    assert.deepEqual(group('love')?.emojis, [{ emoji: '❤️', count: 1 }]);
  });

  it('gathers the emojis no category lists under More', () => {
    assert.deepEqual(group('More')?.emojis, [{ emoji: '🐉', count: 1 }, { emoji: '💎', count: 1 }]);
  });

  it('gives each group an id fit for an HTML id', () => {
    for (const { id } of groups) assert.match(id, /^[a-z][a-z0-9-]*$/);
    assert.equal(new Set(groups.map(({ id }) => id)).size, groups.length);
  });

  it('offers each provider once, whatever its case, in alphabetical order', () => {
    assert.deepEqual(providers, ['NetEnt', "Play'n GO"]);
  });

  it('keeps the popular group to a screenful', () => {
    const many = Catalogue.of(
      Array.from({ length: 40 }, (_, index) => slotRecord(index + 1, { name: `S${index}`, emojiTags: [String.fromCodePoint(0x1f400 + index)] })),
      {},
    );
    assert.equal(pickerModel(many).groups[0]?.emojis.length, POPULAR_GROUP_SIZE);
  });

  it('is built once per snapshot', () => {
    assert.equal(pickerModel(catalogue), pickerModel(catalogue));
  });
});

describe('buttonEmoji', () => {
  it('is the form a picker button carries for a slot tag, whatever form the tag was written in', () => {
    const skinTones = Catalogue.of([slotRecord(1, { name: 'Thumbs', emojiTags: ['👍🏽', '❤'] })], {});
    const { buttonEmoji } = pickerModel(skinTones);
    assert.equal(buttonEmoji('❤'), '❤️');
    assert.equal(buttonEmoji('❤️'), '❤️');
    assert.equal(buttonEmoji('👍🏽'), '👍');
    assert.equal(pickerModel(catalogue).buttonEmoji('🍒'), '🍒');
  });
});
