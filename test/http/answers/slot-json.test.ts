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
    const expected = (records: readonly (typeof ten)[number][], base: string) => JSON.stringify(records.map((record) => toPublicSlot(record, base)));
    const pick = (...places: number[]) => places.map((place) => ten[place] as (typeof ten)[number]);
    for (const [page, base] of [[pick(1, 3), 'https://a.example'], [ten, 'http://b:8080'], [pick(9, 0, 5), 'https://a.example']] as const) {
      assert.equal(slotArrayBody(catalogue, page, base, '', '').toString(), expected(page, base));
    }
  });
});
