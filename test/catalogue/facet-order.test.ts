import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareFacetCounts } from '../../src/catalogue/search/facets.js';
import { compareCodePoints } from '../../src/emoji/emoji.js';

/** Characters whose UTF-16 order differs from their code points' order, lone surrogates among them. */
const unit = fc.constantFrom('a', 'z', '~', 'é', '\uffff', '\ue000', '🍒', '💎', '😀', '\u{10ffff}', '\ud83c', '\udf52', '\ud800', '\udfff', '\u{1f1e6}');
const text = fc.array(unit, { maxLength: 6 }).map((parts) => parts.join(''));

describe('the order of a facet answer', () => {
  it('puts equally counted string values in code point order, as compareCodePoints does, lone surrogates included', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const order = Math.sign(compareFacetCounts({ value: a, count: 3 }, { value: b, count: 3 }));
        assert.equal(order, Math.sign(compareCodePoints(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('puts the most counted first, and numbers in numeric order', () => {
    assert.ok(compareFacetCounts({ value: 'z', count: 5 }, { value: 'a', count: 4 }) < 0);
    assert.ok(compareFacetCounts({ value: 2025, count: 1 }, { value: 999, count: 1 }) > 0);
  });
});
