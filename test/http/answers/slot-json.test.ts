import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalogue } from '../../../src/catalogue/catalogue.js';
import { toPublicSlot } from '../../../src/catalogue/records/slot.js';
import { slotArrayBody, slotRepresentation } from '../../../src/http/answers/slot-json.js';
import { slotRecord } from '../../support/fixtures.js';

const slots = [
  slotRecord(1, { name: 'Crème Brûlée "Deluxe"', emojiTags: ['🍒', '👨‍👩‍👧'] }),
  slotRecord(2, { name: 'Plain', theme: ['fruit'] }),
  slotRecord(3, { name: 'Back\\slash' }),
];

describe('slot JSON from kept bytes', () => {
  for (const base of ['https://slots.example', 'http://host:8080/a"b\\c', 'https://bücher.example', '']) {
    it(`gives the bytes JSON.stringify gives, for base ${JSON.stringify(base)}`, () => {
      const expected = (records: typeof slots) => JSON.stringify(records.map((record) => toPublicSlot(record, base)));
      const catalogue = Catalogue.of(slots, {});
      assert.equal(slotArrayBody(catalogue, slots, base, '{"a":', ',"b":1}').toString(), `{"a":${expected(slots)},"b":1}`);
      assert.equal(slotArrayBody(catalogue, [], base, '', '').toString(), '[]');
      assert.equal(slotArrayBody(catalogue, slots.slice(1, 2), base, '', '').toString(), expected(slots.slice(1, 2)));
      assert.equal(slotRepresentation(catalogue, slots[0] as (typeof slots)[0], base).body.toString(), JSON.stringify(toPublicSlot(slots[0] as (typeof slots)[0], base)));
    });
  }

  it('gives a replaced slot its new bytes, the old record keeping its own', () => {
    const before = slotRecord(4, { name: 'Before' });
    const after = { ...before, name: 'After' };
    const catalogue = Catalogue.of([before], {});
    assert.match(slotArrayBody(catalogue, [before], 'https://x', '', '').toString(), /"Before"/);
    assert.match(slotArrayBody(catalogue, [after], 'https://x', '', '').toString(), /"After"/);
    assert.match(slotArrayBody(catalogue, [before], 'https://x', '', '').toString(), /"Before"/);
  });

  it('gives the right bytes on another base for slots made ahead of their first page', async () => {
    const many = Array.from({ length: 700 }, (_, index) => slotRecord(100 + index, { name: `Ahead ${index}` }));
    const catalogue = Catalogue.of(many, {});
    slotArrayBody(catalogue, many.slice(0, 1), 'https://first.example', '', '');
    // The rest is made a slice per turn, on the first page's base.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    const base = 'http://other:8080/x';
    assert.equal(slotArrayBody(catalogue, many.slice(1), base, '', '').toString(), JSON.stringify(many.slice(1).map((record) => toPublicSlot(record, base))));
  });
});
