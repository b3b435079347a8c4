import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import { facetValueCount, facetValues } from '../../src/catalogue/search/index/facet-values.js';
import { packFacetValues } from '../../src/catalogue/search/index/packed-facet-values.js';
import { slotRecord } from '../support/fixtures.js';

/** Themes drawn from a few, repeats within a slot included, up to more than the most places a slot takes. */
const themes = fc.array(fc.constantFrom('sea', 'fruit', 'gems', 'fire', 'space', 'gold', 'ice', 'music', 'horror', 'candy', 'west', 'luck'), { maxLength: 12 });

/** A catalogue's slots by number, some numbers out of use. */
const slotsByNumber = fc.array(fc.option(themes, { nil: undefined, freq: 6 }), { maxLength: 200 });

describe('packFacetValues', () => {
  it('tallies each passing slot once per distinct value, whatever its count of values, overflowing ones included', () => {
    fc.assert(
      fc.property(slotsByNumber, fc.infiniteStream(fc.boolean()), (slots, passes) => {
        const records: (SlotRecord | undefined)[] = slots.map((theme, number) => (theme === undefined ? undefined : slotRecord(number + 1, { name: `Slot ${number}`, theme })));
        const packed = packFacetValues('theme', records, records.map(() => undefined));
        const passing = new Uint32Array(packed.words);
        const passingNumbers = records.flatMap((record, number) => (record !== undefined && passes.next().value ? [number] : []));
        for (const number of passingNumbers) passing[number >>> 5] = (passing[number >>> 5] as number) | (1 << (number & 31));
        const counters = new Int32Array(facetValueCount('theme') + 1);
        packed.tally(passing, 0, packed.words - 1, counters, 1);
        const expected = new Map<string, number>();
        for (const number of passingNumbers) for (const theme of new Set(slots[number])) expected.set(theme, (expected.get(theme) ?? 0) + 1);
        const counted = new Map(facetValues('theme').flatMap((value, number) => ((counters[number + 1] as number) > 0 ? [[value as string, counters[number + 1] as number]] : [])));
        assert.deepEqual(counted, expected);
      }),
      { numRuns: 300 },
    );
  });
});
