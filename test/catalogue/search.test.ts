import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Catalogue, type SlotQuery } from '../../src/catalogue/catalogue.js';
import { VOLATILITIES } from '../../src/catalogue/records/slot.js';
import type { SlotFilter } from '../../src/catalogue/search/filter.js';
import { FACET_NAMES } from '../../src/catalogue/search/facets.js';
import { searchWords } from '../../src/catalogue/search/search-words.js';
import type { SlotOrder } from '../../src/catalogue/search/slot-order.js';
import { slotRecord } from '../support/fixtures.js';
import {
  ids,
  observedPage,
  pageQuery,
  pageRecords,
  pageRequest,
  query,
  records,
  referenceFacet,
  referencePage,
  referenceSearch,
  referenceWords,
  text,
} from '../support/search-reference.js';

const FAST_CHECK = { seed: 20261124, numRuns: 300 } as const;

describe('Catalogue.search: properties against a brute-force reading of the contract', () => {
  it('finds exactly the slots the rules pass, in exactly the requested order', () => {
    fc.assert(
      fc.property(records, query, (slots, request) => {
        const catalogue = Catalogue.of(slots, {});
        assert.deepEqual(ids(catalogue.search(request)), ids(referenceSearch(slots, request)));
      }),
      FAST_CHECK,
    );
  });

  it('reads query text as the reference does, so the words themselves agree', () => {
    fc.assert(
      fc.property(text, (typed) => assert.deepEqual(searchWords(typed), referenceWords(typed))),
      FAST_CHECK,
    );
  });

  it('counts every facet over every passing slot', () => {
    fc.assert(
      fc.property(records, query, (slots, request) => {
        const catalogue = Catalogue.of(slots, { fruit: ['🍒'] });
        const facets = catalogue.facets(catalogue.search(request), FACET_NAMES);
        const hits = referenceSearch(slots, request);
        for (const name of FACET_NAMES) assert.deepEqual(facets[name], referenceFacet(hits, name, catalogue), name);
      }),
      FAST_CHECK,
    );
  });

  it('derives the same answers after one-slot writes as a rebuild gives', () => {
    fc.assert(
      fc.property(records, records, query, (before, after, request) => {
        let catalogue = Catalogue.of(before, {});
        for (const slot of before) if (!after.some((other) => other.id === slot.id)) catalogue = catalogue.withoutSlot(slot.id);
        for (const slot of after) catalogue = catalogue.withSlot(slot);
        const rebuilt = Catalogue.of(after, {});
        assert.deepEqual(ids(catalogue.search(request)), ids(rebuilt.search(request)));
        assert.deepEqual(catalogue.providers(), rebuilt.providers());
      }),
      FAST_CHECK,
    );
  });
});

describe('Catalogue.page: the indexed answer against the brute-force reading', () => {
  it('gives the page, the total and the facets the rules give', () => {
    fc.assert(
      fc.property(pageRecords, pageQuery, pageRequest, (slots, request, { offset, limit, facets }) => {
        const catalogue = Catalogue.of(slots, { fruit: ['🍒'] });
        assert.deepEqual(observedPage(catalogue, request, offset, limit, facets), referencePage(slots, catalogue, request, offset, limit, facets));
      }),
      FAST_CHECK,
    );
  });

  it('keeps giving them through one-slot writes made after the index was read', () => {
    fc.assert(
      fc.property(pageRecords, fc.array(fc.tuple(pageRecords, pageQuery, pageRequest), { maxLength: 6 }), (first, steps) => {
        let current = first;
        let catalogue = Catalogue.of(current, { fruit: ['🍒'] });
        for (const [next, request, { offset, limit, facets }] of steps) {
          catalogue.page(request, { offset, limit }, facets);
          for (const slot of current) if (!next.some((other) => other.id === slot.id)) catalogue = catalogue.withoutSlot(slot.id);
          for (const slot of next) catalogue = catalogue.withSlot(slot);
          current = next;
          assert.deepEqual(observedPage(catalogue, request, offset, limit, facets), referencePage(current, catalogue, request, offset, limit, facets));
        }
      }),
      { ...FAST_CHECK, numRuns: 100 },
    );
  });
});

describe('Catalogue.search: cases by hand', () => {
  const catalogue = Catalogue.of(
    [
      slotRecord(1, { name: 'Gates of Olympus', provider: 'Pragmatic Play', theme: ['mythology'], rating: 4.5 }),
      slotRecord(2, { name: 'Ölfürst Café', provider: "Play'n GO", theme: ['beer'], rating: 3 }),
      slotRecord(3, { name: 'Olympian Gods', provider: 'NetEnt', theme: ['mythology'], rating: 5 }),
      slotRecord(4, { name: 'Book of Dead', provider: "Play'n GO", theme: ['egypt', 'mythology'], rating: 4.5, releaseYear: undefined }),
    ],
    {},
  );
  const search = (words: string, sort: SlotOrder = { key: 'relevance', descending: false }) => ids(catalogue.search({ filter: {}, words: searchWords(words), order: sort }));

  it('matches word prefixes across name, provider, themes and features, every word', () => {
    assert.deepEqual(search('olymp'), [3, 1]);
    assert.deepEqual(search('myth'), [3, 1, 4]);
    assert.deepEqual(search('olymp myth'), [3, 1]);
    assert.deepEqual(search('olymp egypt'), []);
  });

  it('ignores case, accents and apostrophes', () => {
    assert.deepEqual(search('OLFURST'), [2]);
    assert.deepEqual(search('cafe'), [2]);
    assert.deepEqual(search('playn'), [4, 2, 1]);
    assert.deepEqual(search("PLAY'N"), [4, 2, 1]);
  });

  it('forgives one typo in words of five letters or more, ranking exact words first', () => {
    assert.deepEqual(search('olympsu'), [1]);
    assert.deepEqual(search('olmypus'), [1]);
    assert.deepEqual(search('gtes'), []);
    assert.deepEqual(search('dea'), [4]);
  });

  it('ranks name matches before matches elsewhere, then by rating', () => {
    // "mythology" is a theme of 1, 3 and 4 and in no name; "book" is in the name of 4 only.
    assert.deepEqual(search('book myth'), [4]);
    assert.deepEqual(search('of'), [1, 4]);
  });

  it('puts slots without a release year last in either direction', () => {
    const order = (descending: boolean) => ids(catalogue.search({ filter: {}, order: { key: 'releaseYear', descending } }));
    assert.equal(order(false).at(-1), 4);
    assert.equal(order(true).at(-1), 4);
  });

  it('leaves out slots without a release year under a year bound alone, indexed or not', () => {
    for (const filter of [{ minYear: 2000 }, { maxYear: 2100 }]) {
      assert.deepEqual(ids(catalogue.search({ filter, order: { key: 'id', descending: false } })), [1, 2, 3]);
      assert.deepEqual(ids(catalogue.page({ filter, order: { key: 'name', descending: false } }, { offset: 0, limit: 10 }).slots.map((record) => ({ record }))).sort(), [1, 2, 3]);
    }
  });
});

describe('Catalogue.page: relevance groups read page by page', () => {
  // Names and themes chosen so that a question meets every group: in the name or not, by prefixes or by typos.
  const names = ['Golden Dragon', 'Goldne Temple', 'Dragon Gold', 'Lucky Fortune', 'Fortnue Dragon', 'Temple Quest', 'Golden Fortune', 'Lucky Goldne'];
  const themes = [['fortune'], ['golden'], ['dragons'], ['golden', 'dragons'], ['mythology'], ['fortune', 'dragon'], ['goldne', 'mythology'], ['dragon', 'mythology']];
  const slots = Array.from({ length: 48 }, (_, index) =>
    slotRecord(index + 1, { name: names[index % names.length] as string, theme: themes[Math.floor(index / 3) % themes.length] as string[], rating: (index * 7) % 6 }),
  );
  const catalogue = Catalogue.of(slots, {});
  const questions = ['golden', 'goldne', 'dragon', 'dragno', 'golden dragon', 'goldne fortnue', 'fortune goldne', 'dragons goldne', 'dragons golden', 'mythology goldne', 'mythology golden', 'goldne mythology', 'temple', 'gold', 'd', 'zzzzz'];
  for (const typed of questions) {
    it(`gives every page of "${typed}" as the rules order it`, () => {
      const request: SlotQuery = { filter: {}, words: searchWords(typed), order: { key: 'relevance', descending: false } };
      for (const [offset, limit] of [[0, 5], [3, 7], [11, 4], [20, 20], [47, 3], [60, 5]] as const) {
        assert.deepEqual(observedPage(catalogue, request, offset, limit, []), referencePage(slots, catalogue, request, offset, limit, []), `${offset}+${limit}`);
      }
    });
  }
});

describe('Catalogue.page: facets of more than 50 values', () => {
  // 60 providers on 60, 59, ... 1 slots (no two tied), and 90 years, many tied at the 50th place
  // (where the value breaks the tie), over 1,830 slots.
  const providers = Array.from({ length: 60 }, (_, provider) => Array<string>(60 - provider).fill(`Provider ${provider}`)).flat();
  const slots = providers.map((provider, index) =>
    slotRecord(index + 1, {
      name: `Slot ${index + 1}`,
      provider,
      releaseYear: 1900 + ((index * 13) % 90),
      volatility: VOLATILITIES[index % 4],
      emojiTags: [['🍒', '💎', '🔥', '🐉'][index % 4] as string],
    }),
  );
  const catalogue = Catalogue.of(slots, {});
  const facets = ['provider', 'releaseYear', 'emoji'] as const;

  const cases: [string, SlotFilter][] = [
    ['every slot passing', {}],
    ['most passing', { minYear: 1905 }],
    ['a quarter passing', { volatilities: ['High'] }],
    ['a few passing', { minYear: 1989 }],
  ];
  for (const [label, filter] of cases) {
    it(`ranks the first 50 as the rules do, ${label}`, () => {
      const request: SlotQuery = { filter, order: { key: 'id', descending: false } };
      assert.deepEqual(observedPage(catalogue, request, 0, 24, facets), referencePage(slots, catalogue, request, 0, 24, facets));
    });
  }
});

describe('Catalogue.page: facets after one-slot writes to slots with more values than most', () => {
  // 400 slots of one or two themes and emojis; writes then give slots many more (past the places a
  // column keeps per slot), take them away, add a slot and remove one, with facets asked between
  // writes so that the columns and whole-catalogue counts are made first and then follow the writes.
  const EMOJIS = ['🍒', '💎', '🔥', '🐉', '🍀', '🎲', '🎰', '🍋', '⭐', '🌙', '🦄', '🐍', '👑'];
  const THEMES = Array.from({ length: 24 }, (_, theme) => `theme ${theme}`);
  const slot = (id: number, many: boolean) =>
    slotRecord(id, {
      name: `Slot ${id}`,
      provider: `Provider ${id % 7}`,
      volatility: VOLATILITIES[id % 4],
      releaseYear: 2000 + (id % 9),
      emojiTags: many ? EMOJIS.slice(0, 12) : [EMOJIS[id % EMOJIS.length] as string, EMOJIS[(id + 5) % EMOJIS.length] as string],
      theme: many ? THEMES.slice(0, 20) : [THEMES[id % THEMES.length] as string],
      features: many ? ['free spins', 'multipliers', 'megaways', 'sticky wilds', 'hold and win'] : ['free spins'],
    });
  const facets = ['theme', 'emoji', 'feature', 'provider', 'volatility', 'releaseYear'] as const;
  // A few slots pass the year 2005 (a tally over them, the written 5 and 401 among them); all but a
  // few pass up to 2007 (a tally of the failing ones, the written 17 and 26 among them).
  const filters: SlotFilter[] = [{}, { minYear: 2005, maxYear: 2005 }, { maxYear: 2007 }, { volatilities: ['High'] }];
  const writes: ({ readonly kind: 'write'; readonly id: number; readonly many: boolean } | { readonly kind: 'delete'; readonly id: number })[] = [
    { kind: 'write', id: 5, many: true },
    { kind: 'write', id: 17, many: true },
    { kind: 'write', id: 401, many: true },
    { kind: 'write', id: 26, many: true },
    { kind: 'write', id: 5, many: false },
    { kind: 'delete', id: 17 },
    { kind: 'delete', id: 14 },
    { kind: 'write', id: 402, many: false },
  ];

  it('counts as the rules do before and after each write', () => {
    const slots = new Map(Array.from({ length: 400 }, (_, index) => [index + 1, slot(index + 1, index % 97 === 0)] as const));
    let catalogue = Catalogue.of([...slots.values()], {});
    const check = () => {
      for (const filter of filters) {
        const request: SlotQuery = { filter, order: { key: 'id', descending: false } };
        assert.deepEqual(observedPage(catalogue, request, 0, 24, facets), referencePage([...slots.values()], catalogue, request, 0, 24, facets));
      }
    };
    check();
    for (const change of writes) {
      if (change.kind === 'delete') {
        slots.delete(change.id);
        catalogue = catalogue.withoutSlot(change.id);
      } else {
        const written = slot(change.id, change.many);
        slots.set(change.id, written);
        catalogue = catalogue.withSlot(written);
      }
      check();
    }
  });
});
