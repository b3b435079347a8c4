import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Catalogue, type MatchedSlot, type MatchMode } from '../../src/catalogue/catalogue.js';
import { compareMatches } from '../../src/catalogue/emojis/ranking.js';
import { VOLATILITIES, type SlotRecord } from '../../src/catalogue/records/slot.js';
import { emojiKey } from '../../src/emoji/emoji.js';
import { slotRecord } from '../support/fixtures.js';

const FAST_CHECK = { seed: 20260303, numRuns: 100 } as const;
const EVERYTHING = 1000;

const ids = (matches: readonly MatchedSlot[]) => matches.map(({ slot }) => slot.id);
const keysOf = (emojis: readonly string[]) => emojis.map(emojiKey);

describe('Catalogue.match: ranking by hand', () => {
  // Built so that each tie-breaker decides one pair: score, then rating, then RTP, then id.
  const catalogue = Catalogue.of(
    [
      slotRecord(7, { name: 'Id Seven', rating: 4, rtp: 96, emojiTags: ['🍒'] }),
      slotRecord(3, { name: 'Id Three', rating: 4, rtp: 96, emojiTags: ['🍒'] }),
      slotRecord(5, { name: 'Higher Rtp', rating: 4, rtp: 97.5, emojiTags: ['🍒'] }),
      slotRecord(9, { name: 'Higher Rating', rating: 4.8, rtp: 90, emojiTags: ['🍒'] }),
      slotRecord(2, { name: 'Two Matches', rating: 1, rtp: 90, emojiTags: ['💎', '🍒'] }),
      slotRecord(4, { name: 'Three Matches', rating: 0.5, rtp: 88, emojiTags: ['🍀', '❤️', '💎', '🍒'] }),
      slotRecord(8, { name: 'Unrelated', rating: 5, rtp: 99, emojiTags: ['🐉'] }),
    ],
    {},
  );

  it('ranks by score, then rating, then RTP (all descending), then id ascending', () => {
    assert.deepEqual(ids(catalogue.match(keysOf(['🍒', '💎', '❤️']), 'any', EVERYTHING)), [4, 2, 9, 5, 3, 7]);
  });

  it('scores a slot by how many requested emojis it carries', () => {
    const scores = catalogue.match(keysOf(['🍒', '💎', '❤️']), 'any', EVERYTHING).map(({ slot, score }) => [slot.id, score]);
    assert.deepEqual(scores, [[4, 3], [2, 2], [9, 1], [5, 1], [3, 1], [7, 1]]);
  });

  it('lists the slot\'s own stored tags that matched, in request order', () => {
    const [best] = catalogue.match(keysOf(['❤', '🍒', '🍀']), 'any', 1);
    assert.equal(best?.slot.id, 4);
    assert.deepEqual(best?.matched, ['❤️', '🍒', '🍀']);
  });

  it('keeps, with mode all, only slots carrying every requested emoji', () => {
    assert.deepEqual(ids(catalogue.match(keysOf(['💎', '🍒']), 'all', EVERYTHING)), [2, 4]);
    assert.deepEqual(ids(catalogue.match(keysOf(['💎', '🐉']), 'all', EVERYTHING)), []);
  });

  it('stops at the limit', () => {
    assert.deepEqual(ids(catalogue.match(keysOf(['🍒']), 'any', 2)), [9, 5]);
  });

  it('finds nothing for an emoji no slot carries, and ignores it beside others', () => {
    assert.deepEqual(ids(catalogue.match(keysOf(['🐙']), 'any', EVERYTHING)), []);
    assert.deepEqual(ids(catalogue.match(keysOf(['🐙', '🐉']), 'any', EVERYTHING)), [8]);
  });

  it('compares without U+FE0F and skin tones', () => {
    const toned = Catalogue.of([slotRecord(1, { name: 'Toned', emojiTags: ['👍🏽', '❤'] })], {});
    const [match] = toned.match(keysOf(['👍🏿', '❤️']), 'all', EVERYTHING);
    assert.deepEqual(match?.matched, ['👍🏽', '❤']);
  });
});

describe('compareMatches', () => {
  const scored = (id: number, score: number, rating: number, rtp: number) => ({ slot: slotRecord(id, { name: `S ${id}`, rating, rtp }), score });

  it('puts the higher score first whatever the other fields', () => {
    assert.ok(compareMatches(scored(9, 2, 0, 50), scored(1, 1, 5, 99)) < 0);
  });

  it('breaks ties by rating, RTP, then the smaller id', () => {
    assert.ok(compareMatches(scored(9, 1, 4.5, 50), scored(1, 1, 4.4, 99)) < 0);
    assert.ok(compareMatches(scored(9, 1, 4.5, 96.01), scored(1, 1, 4.5, 96)) < 0);
    assert.ok(compareMatches(scored(1, 1, 4.5, 96), scored(9, 1, 4.5, 96)) < 0);
    assert.equal(compareMatches(scored(1, 1, 4.5, 96), scored(1, 1, 4.5, 96)), 0);
  });
});

const TAGS = ['🍒', '💎', '🎰', '🍀', '🎲', '❤️', '👍🏽', '7️⃣', '🇯🇵', '🔥', '🌊', '🐉', '🍋', '⭐'];
/** What a request may hold (up to 20 distinct): the tags, some in other written forms, and emojis no slot carries. */
const REQUESTABLE = [...TAGS, '❤', '👍', '7⃣', '🐙', '🌋', '🦑', '🎁', '🎉', '💰'];
const PROVIDERS = ['Pragmatic Play', "Play'n GO", 'NetEnt'];

/**
 * Catalogues with ties on purpose (few ratings and RTPs, though any valid one may come), ids in any
 * order and with gaps, sometimes more than 64 slots, tags on a slot from 1 to 12.
 */
const catalogueRecords = fc
  .uniqueArray(fc.integer({ min: 1, max: 2000 }), { minLength: 0, maxLength: 90, size: 'max' })
  .chain((slotIds) =>
    fc.tuple(
      ...slotIds.map((id) =>
        fc
          .record({
            emojiTags: fc.shuffledSubarray(TAGS, { minLength: 1, maxLength: 12 }),
            rating: fc.oneof(fc.constantFrom(0, 3.5, 4.5, 5), fc.integer({ min: 0, max: 50 }).map((tenths) => tenths / 10)),
            rtp: fc.oneof(fc.constantFrom(90, 94.5, 96, 96.5, 97.12), fc.integer({ min: 1, max: 10_000 }).map((hundredths) => hundredths / 100)),
            provider: fc.constantFrom(...PROVIDERS),
            volatility: fc.constantFrom(...VOLATILITIES),
          })
          .map((fields) => slotRecord(id, { name: `Slot ${id}`, ...fields })),
      ),
    ),
  );
const requestKeys = fc.shuffledSubarray(REQUESTABLE, { minLength: 1, maxLength: 20 }).map((emojis) => [...new Set(keysOf(emojis))]);
const mode = fc.constantFrom<MatchMode>('any', 'all');

/** The contract's score: how many requested emojis the slot carries. */
function scoreOf(record: SlotRecord, keys: readonly string[]): number {
  const tagKeys = keysOf(record.emojiTags);
  return keys.filter((key) => tagKeys.includes(key)).length;
}

describe('Catalogue.match: properties over generated catalogues', () => {
  it('is deterministic and does not depend on the order records arrive in', () => {
    fc.assert(
      fc.property(catalogueRecords, requestKeys, mode, (records, keys, matchMode) => {
        const once = Catalogue.of(records, {}).match(keys, matchMode, EVERYTHING);
        assert.deepEqual(Catalogue.of(records, {}).match(keys, matchMode, EVERYTHING), once);
        assert.deepEqual(Catalogue.of([...records].reverse(), {}).match(keys, matchMode, EVERYTHING), once);
      }),
      FAST_CHECK,
    );
  });

  it('never ranks a slot with more matched emojis below one with fewer', () => {
    fc.assert(
      fc.property(catalogueRecords, requestKeys, (records, keys) => {
        const scores = Catalogue.of(records, {}).match(keys, 'any', EVERYTHING).map(({ slot }) => scoreOf(slot, keys));
        scores.forEach((score, index) => {
          for (const later of scores.slice(index + 1)) assert.ok(score >= later, `${score} ranked above ${later}`);
        });
      }),
      FAST_CHECK,
    );
  });

  it('orders strictly by score, rating, RTP (descending) and id (ascending)', () => {
    fc.assert(
      fc.property(catalogueRecords, requestKeys, mode, (records, keys, matchMode) => {
        const sortKey = ({ slot }: MatchedSlot) => [-scoreOf(slot, keys), -slot.rating, -slot.rtp, slot.id];
        const ranked = Catalogue.of(records, {}).match(keys, matchMode, EVERYTHING).map(sortKey);
        for (let index = 1; index < ranked.length; index++) {
          const [before, after] = [ranked[index - 1] ?? [], ranked[index] ?? []];
          const first = before.findIndex((value, field) => value !== after[field]);
          assert.ok(first >= 0 && (before[first] ?? 0) < (after[first] ?? 0), `${before} before ${after}`);
        }
      }),
      FAST_CHECK,
    );
  });

  it('finds exactly the slots carrying any (or, with all, every) requested emoji, with their score and matched tags', () => {
    fc.assert(
      fc.property(catalogueRecords, requestKeys, mode, (records, keys, matchMode) => {
        const matches = Catalogue.of(records, {}).match(keys, matchMode, EVERYTHING);
        const wanted = records.filter((record) => (matchMode === 'all' ? scoreOf(record, keys) === keys.length : scoreOf(record, keys) > 0));
        assert.deepEqual(ids(matches).sort((a, b) => a - b), wanted.map(({ id }) => id).sort((a, b) => a - b));
        for (const { slot, score, matched } of matches) {
          assert.equal(score, scoreOf(slot, keys));
          const inRequestOrder = keys.flatMap((key) => slot.emojiTags.filter((tag) => emojiKey(tag) === key));
          assert.deepEqual(matched, inRequestOrder);
        }
      }),
      FAST_CHECK,
    );
  });

  it('returns, with a limit, the first results of the unlimited ranking', () => {
    fc.assert(
      fc.property(catalogueRecords, requestKeys, mode, fc.integer({ min: 1, max: 30 }), (records, keys, matchMode, limit) => {
        const catalogue = Catalogue.of(records, {});
        assert.deepEqual(catalogue.match(keys, matchMode, limit), catalogue.match(keys, matchMode, EVERYTHING).slice(0, limit));
      }),
      FAST_CHECK,
    );
  });
});

describe('Catalogue.filter (the lucky spin\'s candidates): properties', () => {
  const providerQuery = fc.constantFrom('Pragmatic Play', 'pragmatic play', 'PRAGMATIC PLAY', 'pragmatic-play', "play'n go", 'playn-go', 'netent', 'Unknown');

  it('keeps exactly the slots passing every given filter, in id order', () => {
    fc.assert(
      fc.property(
        catalogueRecords,
        fc.option(providerQuery, { nil: undefined }),
        fc.option(fc.constantFrom(0, 94.5, 96, 96.3, 100), { nil: undefined }),
        fc.option(fc.constantFrom(...VOLATILITIES), { nil: undefined }),
        fc.option(requestKeys, { nil: undefined }),
        (records, provider, minRtp, volatility, emojiKeys) => {
          const filter = {
            providers: provider === undefined ? undefined : [provider.toLowerCase()],
            minRtp,
            volatilities: volatility === undefined ? undefined : [volatility],
            emojiKeys,
          };
          const providerSlug = (name: string) => name.toLowerCase().replace(/'/g, '').replace(/[^a-z0-9]+/g, '-');
          const expected = records
            .filter((record) => provider === undefined || [record.provider.toLowerCase(), providerSlug(record.provider)].includes(provider.toLowerCase()))
            .filter((record) => minRtp === undefined || record.rtp >= minRtp)
            .filter((record) => volatility === undefined || record.volatility === volatility)
            .filter((record) => emojiKeys === undefined || scoreOf(record, emojiKeys) > 0)
            .map(({ id }) => id)
            .sort((a, b) => a - b);
          assert.deepEqual(Catalogue.of(records, {}).filter(filter).map(({ id }) => id), expected);
        },
      ),
      FAST_CHECK,
    );
  });
});
