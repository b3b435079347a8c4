import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Catalogue, type MatchMode, type SlotQuery } from '../../src/catalogue/catalogue.js';
import { FACET_NAMES } from '../../src/catalogue/search/facets.js';
import type { SlotFilter } from '../../src/catalogue/search/filter.js';
import type { CategoryMap } from '../../src/catalogue/records/categories.js';
import { VOLATILITIES, type SlotRecord } from '../../src/catalogue/records/slot.js';
import { searchWords } from '../../src/catalogue/search/search-words.js';
import { emojiKey } from '../../src/emoji/emoji.js';
import { slotRecord } from '../support/fixtures.js';

const FAST_CHECK = { seed: 20261121, numRuns: 150 } as const;

/**
 * Tags with ties on purpose: other written forms of one emoji (`❤`/`❤️`, skin tones), and handshakes
 * whose comparison key has no fully-qualified emoji, so the form shown is the first slot's own tag.
 */
const TAGS = ['🍒', '💎', '🎰', '🍀', '❤️', '❤', '👍🏽', '👍', '7️⃣', '🔥', '🐉', '🫱🏻‍🫲🏼', '🫱🏼‍🫲🏻', '🏻'];
const PROVIDERS = ['Pragmatic Play', "Play'n GO", 'NetEnt', 'Netent'];
/** Few slugs, so a freed slug is soon taken again by another slot. */
const SLUGS = Array.from({ length: 12 }, (_, index) => `slug-${index}`);
const CATEGORIES: CategoryMap = { fruit: ['🍒'], gems: ['💎', '🍒'], love: ['❤️'] };

const fields = fc.record({
  emojiTags: fc.shuffledSubarray(TAGS, { minLength: 1, maxLength: 6 }),
  rating: fc.constantFrom(0, 3.5, 4.5, 5),
  rtp: fc.constantFrom(90, 96, 96.5, 97.12),
  provider: fc.constantFrom(...PROVIDERS),
  volatility: fc.constantFrom(...VOLATILITIES),
  hasBonusBuy: fc.boolean(),
  slug: fc.constantFrom(...SLUGS),
  description: fc.constantFrom('plain', 'edited'),
  name: fc.constantFrom('Gates of Olympus', 'Book of Dead', 'Ölfürst Slot', 'Starburst'),
  releaseYear: fc.constantFrom(undefined, 2012, 2019, 2024),
  theme: fc.subarray(['egypt', 'mythology', 'fruit']),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

type Operation =
  | { readonly kind: 'create'; readonly fields: Fields }
  | { readonly kind: 'replace'; readonly pick: number; readonly fields: Fields }
  | { readonly kind: 'delete'; readonly pick: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fields.map((created) => ({ kind: 'create' as const, fields: created })),
  fc.record({ pick: fc.nat(), fields }).map((replaced) => ({ kind: 'replace' as const, ...replaced })),
  fc.nat().map((pick) => ({ kind: 'delete' as const, pick })),
);

const startingRecords = fc
  .uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 100, size: 'max' })
  .chain((ids) => fc.tuple(...ids.map((id) => fields.map((slot) => ({ id, slot })))));

/** The store's rules: ids only grow, a slug belongs to one slot (a write wanting a taken one keeps its own). */
class Model {
  readonly records = new Map<number, SlotRecord>();
  private nextId = 1;

  constructor(initial: readonly { id: number; slot: Fields }[]) {
    for (const { id, slot } of initial) this.put(id, slot);
  }

  apply(operation: Operation): { readonly written?: SlotRecord; readonly deleted?: number } {
    const ids = [...this.records.keys()];
    if (operation.kind === 'create') return { written: this.put(this.nextId, operation.fields) };
    if (ids.length === 0) return {};
    const id = ids[operation.pick % ids.length] as number;
    if (operation.kind === 'replace') return { written: this.put(id, operation.fields) };
    this.records.delete(id);
    return { deleted: id };
  }

  private put(id: number, slot: Fields): SlotRecord {
    const owner = [...this.records.values()].find((record) => record.slug === slot.slug);
    const slug = owner === undefined || owner.id === id ? slot.slug : (this.records.get(id)?.slug ?? `new-${id}`);
    const record = slotRecord(id, { ...slot, slug });
    this.records.set(id, record);
    this.nextId = Math.max(this.nextId, id + 1);
    return record;
  }
}

const KEY_SETS = [['🍒'], ['❤', '👍'], ['🫱‍🫲', '🍒', '💎'], ['🐙'], ['🐉', '🔥', '7⃣', '', '🍀']].map((emojis) => emojis.map(emojiKey));

const SEARCHES: readonly SlotQuery[] = [
  { filter: {}, order: { key: 'name', descending: false } },
  { filter: {}, words: ['slot'], order: { key: 'relevance', descending: false } },
  { filter: {}, words: ['olymsup', 'net'], order: { key: 'relevance', descending: false } },
  { filter: { themes: ['egypt'] }, words: ['of'], order: { key: 'maxWin', descending: false } },
  { filter: { hasBonusBuy: true }, words: ['netent'], order: { key: 'rtp', descending: true } },
  { filter: { minYear: 2015 }, order: { key: 'releaseYear', descending: true } },
];

/** Queries for emojis by word whose answers depend on which emojis are in use and how often. */
const WORD_QUERIES = ['fire', 'heart', 'hand', 'c', 'red heart', 'keycap 7'];

/** Every answer a reader can get from a snapshot, as plain data. */
function observe(catalogue: Catalogue, probeSlugs: readonly string[], probeIds: readonly number[]): unknown {
  const ids = (slots: readonly SlotRecord[]) => slots.map((slot) => slot.id);
  const list = (filter: SlotFilter) => ids(catalogue.filter(filter));
  const search = (query: SlotQuery) => {
    const found = catalogue.search(query);
    return { ids: found.map(({ record }) => record.id), facets: catalogue.facets(found, FACET_NAMES) };
  };
  return {
    size: catalogue.size,
    maxId: catalogue.maxId,
    slots: catalogue.slots,
    categories: catalogue.categories,
    emojis: catalogue.emojis,
    namedEmojis: catalogue.emojiWords.entries,
    emojisByWord: WORD_QUERIES.map((query) => catalogue.emojiWords.search(searchWords(query), 3)),
    byId: probeIds.map((id) => catalogue.find(String(id))?.id),
    bySlug: probeSlugs.flatMap((slug) => [catalogue.find(slug)?.id, catalogue.find(slug.toUpperCase())?.id, catalogue.findBySlug(slug)?.id]),
    lists: [
      {},
      { providers: ['netent'] },
      { providers: ['playn-go'] },
      { providers: ['pragmatic play'] },
      { minRtp: 96.5 },
      { volatilities: ['High' as const] },
      { hasBonusBuy: true },
      { emojiKeys: KEY_SETS[1] },
      { emojiKeys: KEY_SETS[2], hasBonusBuy: false, minRtp: 96 },
    ].map(list),
    searches: SEARCHES.map(search),
    providers: catalogue.providers(),
    similar: catalogue.slots.map((slot) => catalogue.similar(slot, 5)),
    matches: KEY_SETS.flatMap((keys) =>
      (['any', 'all'] as MatchMode[]).flatMap((mode) => [1, 3, 1000].map((limit) => catalogue.match(keys, mode, limit))),
    ),
  };
}

function assertSameAsRebuilt(catalogue: Catalogue, records: readonly SlotRecord[], categories: CategoryMap = CATEGORIES): void {
  const rebuilt = Catalogue.of(records, categories);
  const probeIds = [...records.map((record) => record.id), 0, 301, 1000];
  const probeSlugs = [...SLUGS, ...records.map((record) => record.slug), 'new-1', 'missing'];
  assert.deepEqual(observe(catalogue, probeSlugs, probeIds), observe(rebuilt, probeSlugs, probeIds));
}

describe('Catalogue.withSlot / withoutSlot: properties against a rebuild', () => {
  it('answers every question as Catalogue.of of the same records, after any sequence of creates, replaces and deletes', () => {
    fc.assert(
      fc.property(startingRecords, fc.array(operation, { maxLength: 25, size: 'max' }), (initial, operations) => {
        const model = new Model(initial);
        let catalogue = Catalogue.of([...model.records.values()], CATEGORIES);
        for (const step of operations) {
          const { written, deleted } = model.apply(step);
          if (written !== undefined) catalogue = catalogue.withSlot(written);
          if (deleted !== undefined) catalogue = catalogue.withoutSlot(deleted);
          assertSameAsRebuilt(catalogue, [...model.records.values()]);
        }
      }),
      FAST_CHECK,
    );
  });

  it('leaves the snapshot it started from answering as before', () => {
    fc.assert(
      fc.property(startingRecords, operation, (initial, step) => {
        const model = new Model(initial);
        const records = [...model.records.values()];
        const catalogue = Catalogue.of(records, CATEGORIES);
        const { written, deleted } = model.apply(step);
        const next = written !== undefined ? catalogue.withSlot(written) : deleted !== undefined ? catalogue.withoutSlot(deleted) : catalogue;
        if (written !== undefined || deleted !== undefined) assert.notEqual(next, catalogue);
        assertSameAsRebuilt(catalogue, records);
      }),
      FAST_CHECK,
    );
  });

  it('gives the same snapshots sliced as at once', async () => {
    await fc.assert(
      fc.asyncProperty(startingRecords, fc.array(operation, { maxLength: 10 }), async (initial, operations) => {
        const model = new Model(initial);
        let atOnce = Catalogue.of([...model.records.values()], CATEGORIES);
        let sliced = await Catalogue.build([...model.records.values()], CATEGORIES, 0);
        for (const step of operations) {
          const { written, deleted } = model.apply(step);
          if (written !== undefined) [atOnce, sliced] = [atOnce.withSlot(written), await sliced.buildWithSlot(written, 0)];
          if (deleted !== undefined) [atOnce, sliced] = [atOnce.withoutSlot(deleted), await sliced.buildWithoutSlot(deleted, 0)];
        }
        const records = [...model.records.values()];
        const probeSlugs = records.map((record) => record.slug);
        const probeIds = records.map((record) => record.id);
        assert.deepEqual(observe(sliced, probeSlugs, probeIds), observe(atOnce, probeSlugs, probeIds));
      }),
      { ...FAST_CHECK, numRuns: 40 },
    );
  });
});

/** Category maps with overlaps (an emoji in two categories goes to the first) and emojis no slot carries. */
const categoryMap: fc.Arbitrary<CategoryMap> = fc.dictionary(
  fc.constantFrom('fruit', 'gems', 'love', 'luck', 'hands', 'sea'),
  fc.shuffledSubarray([...TAGS, '🐙', '🌊'], { maxLength: 5 }),
  { maxKeys: 4 },
);

describe('Catalogue.withCategories: properties against a rebuild', () => {
  it('answers every question as Catalogue.of under the new map, interleaved with slot changes', () => {
    fc.assert(
      fc.property(
        startingRecords,
        fc.array(fc.oneof(operation, categoryMap.map((map) => ({ kind: 'categories' as const, map }))), { maxLength: 15 }),
        (initial, steps) => {
          const model = new Model(initial);
          let categories = CATEGORIES;
          let catalogue = Catalogue.of([...model.records.values()], categories);
          for (const step of steps) {
            if (step.kind === 'categories') {
              categories = step.map;
              catalogue = catalogue.withCategories(categories);
            } else {
              const { written, deleted } = model.apply(step);
              if (written !== undefined) catalogue = catalogue.withSlot(written);
              if (deleted !== undefined) catalogue = catalogue.withoutSlot(deleted);
            }
            assertSameAsRebuilt(catalogue, [...model.records.values()], categories);
          }
        },
      ),
      FAST_CHECK,
    );
  });

  it('leaves the snapshot it started from as it was, and shares its slots', () => {
    fc.assert(
      fc.property(startingRecords, categoryMap, (initial, map) => {
        const records = [...new Model(initial).records.values()];
        const catalogue = Catalogue.of(records, CATEGORIES);
        const next = catalogue.withCategories(map);
        assert.equal(next.slots, catalogue.slots);
        assert.deepEqual(next.categories, map);
        assertSameAsRebuilt(catalogue, records);
      }),
      FAST_CHECK,
    );
  });
});

describe('Catalogue.withSlot / withoutSlot: edge cases', () => {
  const record = (id: number, overrides: Partial<Parameters<typeof slotRecord>[1]> = {}) => slotRecord(id, { name: `Slot ${id}`, ...overrides });
  const ids = (catalogue: Catalogue) => catalogue.match([emojiKey('🍒')], 'any', 1000).map(({ slot }) => slot.id);

  it('deletes the only slot, leaving an empty catalogue that can grow again', () => {
    const empty = Catalogue.of([record(1)], CATEGORIES).withoutSlot(1);
    assertSameAsRebuilt(empty, []);
    assert.equal(empty.maxId, 0);
    assert.deepEqual(empty.emojis.stats, { totalEmojis: 0, totalUsage: 0, averagePerSlot: 0, mostUsed: null, leastUsed: null });
    assertSameAsRebuilt(empty.withSlot(record(2)), [record(2)]);
  });

  it('deletes the highest id, then creates above it', () => {
    const records = [record(1), record(2), record(3)];
    const shrunk = Catalogue.of(records, CATEGORIES).withoutSlot(3);
    assert.equal(shrunk.maxId, 2);
    const grown = shrunk.withSlot(record(4, { slug: 'slot-3' }));
    assert.equal(grown.maxId, 4);
    assert.equal(grown.find('slot-3')?.id, 4);
    assertSameAsRebuilt(grown, [record(1), record(2), record(4, { slug: 'slot-3' })]);
  });

  it('finds a replaced slot by its new slug only, and lets another slot take the old one', () => {
    const renamed = Catalogue.of([record(1), record(2)], CATEGORIES).withSlot(record(1, { slug: 'renamed' }));
    assert.equal(renamed.find('RENAMED')?.id, 1);
    assert.equal(renamed.find('slot-1'), undefined);
    const taken = renamed.withSlot(record(2, { slug: 'slot-1' }));
    assert.equal(taken.find('slot-1')?.id, 2);
    assert.equal(taken.find('slot-2'), undefined);
    assertSameAsRebuilt(taken, [record(1, { slug: 'renamed' }), record(2, { slug: 'slot-1' })]);
  });

  it('orders tied ratings and RTPs by id, wherever a slot joins or moves', () => {
    const tied = [1, 2, 3, 4, 5].map((id) => record(id, { rating: 4, rtp: 96 }));
    let catalogue = Catalogue.of(tied, CATEGORIES).withSlot(record(3, { rating: 4, rtp: 96, description: 'edited' }));
    assert.deepEqual(ids(catalogue), [1, 2, 3, 4, 5]);
    catalogue = catalogue.withSlot(record(6, { rating: 4, rtp: 96 })).withSlot(record(2, { rating: 4.5, rtp: 96 }));
    assert.deepEqual(ids(catalogue), [2, 1, 3, 4, 5, 6]);
    catalogue = catalogue.withSlot(record(2, { rating: 4, rtp: 96 }));
    assert.deepEqual(ids(catalogue), [1, 2, 3, 4, 5, 6]);
  });

  it('shows a handshake in the form of the first slot carrying it, also once that slot is gone', () => {
    const records = [record(1, { emojiTags: ['🫱🏻‍🫲🏼'] }), record(2, { emojiTags: ['🫱🏼‍🫲🏻'] })];
    const catalogue = Catalogue.of(records, CATEGORIES);
    assert.deepEqual(catalogue.emojis.usage, [{ emoji: '🫱🏻‍🫲🏼', count: 2, category: 'Uncategorized' }]);
    assert.deepEqual(catalogue.withoutSlot(1).emojis.usage, [{ emoji: '🫱🏼‍🫲🏻', count: 1, category: 'Uncategorized' }]);
  });

  it('answers a delete of an unknown id with the same snapshot, and every change with a new one', () => {
    const catalogue = Catalogue.of([record(1)], CATEGORIES);
    assert.equal(catalogue.withoutSlot(2), catalogue);
    assert.notEqual(catalogue.withSlot(record(1)), catalogue);
  });

  it('keeps finding every slug after more slug changes than the index notes before folding them', () => {
    let catalogue = Catalogue.of([], CATEGORIES);
    const records: SlotRecord[] = [];
    for (let id = 1; id <= 1100; id++) {
      records.push(record(id));
      catalogue = catalogue.withSlot(record(id));
    }
    for (let id = 50; id <= 1100; id += 100) catalogue = catalogue.withoutSlot(id);
    const left = records.filter((slot) => slot.id % 100 !== 50);
    assert.deepEqual(left.map((slot) => catalogue.find(slot.slug)?.id), left.map((slot) => slot.id));
    assert.equal(catalogue.find('slot-150'), undefined);
    assertSameAsRebuilt(catalogue, left);
  });
});
