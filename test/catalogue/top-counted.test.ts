import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareFacetCounts, MAX_FACET_VALUES, type FacetCount, type FacetForms } from '../../src/catalogue/search/facets.js';
import { facetValueCount, facetValueNumber, facetValues } from '../../src/catalogue/search/index/facet-values.js';
import { topCounted } from '../../src/catalogue/search/index/top-counted.js';

/** Every counted value, shown, sorted whole and cut: the reading of decisions §13 that `topCounted` must give. */
function sortedWhole(counters: Int32Array, forms: FacetForms): FacetCount[] {
  const values = facetValues('emoji');
  const counted = Array.from(counters, (count, number) => ({ value: forms.emoji(values[number] as string), count })).filter(({ count }) => count > 0);
  return counted.sort(compareFacetCounts).slice(0, MAX_FACET_VALUES);
}

/** Shown forms whose order is not their keys' (reversed, and some outside the basic plane). */
const shownAs = (key: string) => [...key].reverse().join('') + (key.length % 2 === 0 ? '😀' : '');

/** Counts with many ties (few distinct counts) as well as spread ones, over `values` values. */
const countsOver = (values: number) => fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 500 })), { minLength: values, maxLength: values });

describe('topCounted', () => {
  it('ranks counts as sorting every shown value would: most first, ties by shown form, at most 50', () => {
    const keys = Array.from({ length: 180 }, (_, index) => `top-counted-key-${index.toString(36).padStart(3, 'z')}`);
    for (const key of keys) facetValueNumber('emoji', key);
    fc.assert(
      fc.property(countsOver(facetValueCount('emoji')), (counts) => {
        const forms: FacetForms = { provider: (name) => name, emoji: shownAs };
        const counters = Int32Array.from(counts);
        assert.deepEqual(topCounted('emoji', counters, forms), sortedWhole(counters, forms));
      }),
      { numRuns: 300 },
    );
  });

  it('ranks values numbered after the first answer of the same forms', () => {
    const forms: FacetForms = { provider: (name) => name, emoji: shownAs };
    const before = facetValueCount('emoji');
    topCounted('emoji', new Int32Array(before).fill(1), forms);
    for (const suffix of ['a', 'b', 'c']) facetValueNumber('emoji', `top-counted-later-${suffix}`);
    // Only the later values are counted, all equally: their order is their shown forms'.
    const counters = new Int32Array(facetValueCount('emoji'));
    counters.fill(7, before);
    const answer = topCounted('emoji', counters, forms);
    assert.deepEqual(answer, sortedWhole(counters, forms));
    assert.deepEqual(
      answer.map(({ value }) => value),
      ['a-retal-detnuoc-pot', 'b-retal-detnuoc-pot', 'c-retal-detnuoc-pot'],
    );
  });

  it('follows a new snapshot whose forms show a value otherwise, and one whose forms read the same', () => {
    const [first, second] = ['top-counted-shown-first', 'top-counted-shown-second'];
    for (const key of [first, second]) facetValueNumber('emoji', key);
    const counters = new Int32Array(facetValueCount('emoji'));
    counters[facetValueNumber('emoji', first)] = 2;
    counters[facetValueNumber('emoji', second)] = 2;
    const showing = (shown: Readonly<Record<string, string>>): FacetForms => ({ provider: (name) => name, emoji: (key) => shown[key] ?? key });
    const inOrder: FacetForms = showing({ [first]: 'a', [second]: 'b' });
    assert.deepEqual(topCounted('emoji', counters, inOrder).map(({ value }) => value), ['a', 'b']);
    const swapped: FacetForms = showing({ [first]: 'b', [second]: 'a' });
    assert.deepEqual(topCounted('emoji', counters, swapped).map(({ value }) => value), ['a', 'b'], 'the second value shows first now');
    assert.deepEqual(topCounted('emoji', counters, swapped), sortedWhole(counters, swapped));
    const sameAgain: FacetForms = showing({ [first]: 'b', [second]: 'a' });
    assert.deepEqual(topCounted('emoji', counters, sameAgain), sortedWhole(counters, sameAgain));
  });
});
