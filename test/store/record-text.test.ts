import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import { recordText, slotChangeText } from '../../src/store/record-text.js';
import { slotRecord } from '../support/fixtures.js';

const FAST_CHECK = { seed: 20261125, numRuns: 500 } as const;

/** The definition: JSON with each character above ASCII written as its `\uXXXX` escape. */
function escapedJson(record: SlotRecord): string {
  return JSON.stringify(record).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The record's fields in another order: a store keeps the order an editor wrote them in. */
function reordered(record: SlotRecord, keys: readonly string[]): SlotRecord {
  return Object.fromEntries(keys.map((key) => [key, record[key as keyof SlotRecord]])) as unknown as SlotRecord;
}

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', '\u0000', '"emojiTags":"\\u0000"', '"emojiTags":', 'Play’n GO', 'café', '\\', '"'),
);
const tag = fc.oneof(fc.constantFrom('🍒', '7️⃣', '#️⃣', '🏳️‍🌈', '👨🏽‍🚀', '🇺🇦', '\u0000', '"'), fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }));

const anyRecord = fc
  .record({
    name: text,
    description: text,
    provider: text,
    emojiTags: fc.array(tag, { minLength: 1, maxLength: 12 }),
    pros: fc.array(text, { maxLength: 3 }),
    theme: fc.array(text, { maxLength: 3 }),
  })
  .chain((fields) => {
    const record = { ...slotRecord(7, { name: 'Stand-in' }), ...fields };
    return fc.shuffledSubarray(Object.keys(record), { minLength: Object.keys(record).length }).map((keys) => reordered(record, keys));
  });

describe('recordText', () => {
  it('is the record as JSON with every non-ASCII character escaped, its keys in their order', () => {
    fc.assert(
      fc.property(anyRecord, (record) => {
        const written = recordText(record);
        assert.equal(written, escapedJson(record));
        assert.match(written, /^[\x20-\x7f]*$/);
        const read = JSON.parse(written) as SlotRecord;
        assert.deepEqual(read, record);
        assert.deepEqual(Object.keys(read), Object.keys(record));
      }),
      FAST_CHECK,
    );
  });

  it('writes the tags in their place when an earlier text reads like their stand-in', () => {
    const record = reordered(
      slotRecord(3, { name: '\u0000', description: '"emojiTags":"\u0000"', emojiTags: ['🍒', '7️⃣'] }),
      ['id', 'name', 'description', 'slug', 'emojiTags', 'provider', 'rtp', 'volatility', 'maxWin', 'hasBonusBuy', 'theme', 'features', 'review', 'rating', 'pros', 'cons', 'createdAt', 'updatedAt'],
    );
    const written = recordText(record);
    assert.equal(written, escapedJson(record));
    assert.deepEqual((JSON.parse(written) as SlotRecord).emojiTags, ['🍒', '7️⃣']);
    assert.ok(written.includes('"emojiTags":["\\ud83c\\udf52","7\\ufe0f\\u20e3"]'), written);
  });

  it('escapes a record with non-ASCII text beside its tags, and a record without tags', () => {
    const accented = slotRecord(4, { name: 'Café Royale', provider: 'Play’n GO', emojiTags: ['☕'] });
    assert.equal(recordText(accented), escapedJson(accented));
    const untagged = { ...slotRecord(5, { name: 'Plain' }), emojiTags: [] };
    assert.equal(recordText(untagged), escapedJson(untagged));
  });
});

describe('slotChangeText', () => {
  it("is the slot change's JSON, written around the record's own text", () => {
    fc.assert(
      fc.property(anyRecord, (record) => {
        const written = slotChangeText(recordText(record));
        assert.deepEqual(JSON.parse(written), { kind: 'slot', record });
        assert.equal(slotChangeText(JSON.stringify(record)), JSON.stringify({ kind: 'slot', record }));
      }),
      FAST_CHECK,
    );
  });
});
