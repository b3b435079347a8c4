import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { postingOf } from '../../src/catalogue/search/index/postings.js';
import { WordDictionary } from '../../src/catalogue/search/index/word-dictionary.js';
import type { SearchText } from '../../src/catalogue/search/search-words.js';

/** Words from a few, sharing prefixes, some outside ASCII (sorted by code units: `é` after `z`). */
const word = fc.constantFrom('wild', 'wilds', 'west', 'gold', 'go', 'zebra', 'éclair', 'über', 'dragon', '7', '77');

/** A slot's search text: its name's words, then the words of its other fields, repeats within a slot included. */
const slotText = fc.record({ name: fc.array(word, { maxLength: 4 }), others: fc.array(word, { maxLength: 5 }) }).map(({ name, others }): SearchText => {
  const nameText = name.map((each) => ` ${each}`).join('');
  return { text: nameText + others.map((each) => ` ${each}`).join(''), nameEnd: nameText.length, astral: false };
});

/** Texts by slot number, some numbers out of use; up to past one machine word of numbers, so postings take every shape. */
const textsByNumber = fc.array(fc.option(slotText, { nil: undefined, freq: 6 }), { maxLength: 120 });

describe('WordDictionary.build', () => {
  it('holds every word once, in code-unit order, with the distinct slots carrying it anywhere and in the name', () => {
    fc.assert(
      fc.property(textsByNumber, (texts) => {
        const dictionary = WordDictionary.build(texts);
        const anywhere = new Map<string, Set<number>>();
        const inName = new Map<string, Set<number>>();
        texts.forEach((search, number) => {
          if (search === undefined) return;
          const { text, nameEnd } = search;
          for (const [map, part] of [
            [anywhere, text],
            [inName, text.slice(0, nameEnd)],
          ] as const) {
            for (const each of part.split(' ').filter((piece) => piece !== '')) map.set(each, (map.get(each) ?? new Set()).add(number));
          }
        });
        const words = [...anywhere.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        assert.deepEqual(dictionary.prefixRange(''), [0, words.length]);
        words.forEach((each, position) => {
          assert.equal(dictionary.prefixRange(each)[0], position, `${each} sorts at ${position}`);
          assert.deepEqual(dictionary.anywhereAt(position), postingOf([...(anywhere.get(each) as Set<number>)], texts.length), `${each} anywhere`);
          const named = inName.get(each);
          assert.deepEqual(dictionary.inNameAt(position), named === undefined ? undefined : postingOf([...named], texts.length), `${each} in the name`);
        });
      }),
    );
  });

  it('keeps a word a slot repeats as that one slot', () => {
    const dictionary = WordDictionary.build([{ text: ' wild wild west wild', nameEnd: 10, astral: false }]);
    const [at] = dictionary.prefixRange('wild');
    assert.equal(dictionary.anywhereAt(at), 0);
    assert.equal(dictionary.inNameAt(at), 0);
    assert.equal(dictionary.inNameAt(dictionary.prefixRange('west')[0]), undefined);
  });
});
