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

  it('gives each slot its own bytes when a page mixes slots kept and slots made on the way, on either base', () => {
    const ten = Array.from({ length: 10 }, (_, index) => slotRecord(200 + index, { name: `Mixed ${index}` }));
    const catalogue = Catalogue.of(ten, {});
    const expected = (records: typeof ten, base: string) => JSON.stringify(records.map((record) => toPublicSlot(record, base)));
    const pages = [[ten[1], ten[3]], ten, [ten[9], ten[0], ten[5]]].map((page) => page as typeof ten);
    for (const [page, base] of [[pages[0], 'https://a.example'], [pages[1], 'http://b:8080'], [pages[2], 'https://a.example']] as const) {
      assert.equal(slotArrayBody(catalogue, page as typeof ten, base, '', '').toString(), expected(page as typeof ten, base));
    }
  });
});
