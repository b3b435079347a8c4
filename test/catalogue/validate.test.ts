import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateCategoryMap } from '../../src/catalogue/records/categories.js';
import { validateCatalogueDocument } from '../../src/catalogue/records/document.js';
import { validateSlotFields } from '../../src/catalogue/records/validate.js';
import { slotFields } from '../support/fixtures.js';

function errorsOf(input: unknown): readonly string[] {
  const result = validateSlotFields(input);
  return result.ok ? [] : result.errors;
}

describe('validateSlotFields', () => {
  it('accepts a complete slot, derives the slug and qualifies emoji tags', () => {
    const { slug: _slug, ...withoutSlug } = slotFields({ name: "Play'n Gems Déluxe", emojiTags: ['❤', '7⃣', '👍🏽'] });
    const result = validateSlotFields(withoutSlug);
    assert.ok(result.ok);
    assert.equal(result.value.slug, 'playn-gems-deluxe');
    assert.deepEqual(result.value.emojiTags, ['❤️', '7️⃣', '👍🏽']);
  });

  it('names every bad field at once', () => {
    const errors = errorsOf({ ...slotFields({ name: 'X' }), rtp: 0, rating: 5.5, volatility: 'Wild', maxWin: -1, extra: 1 });
    for (const field of ['rtp', 'rating', 'volatility', 'maxWin', 'extra']) {
      assert.ok(errors.some((error) => error.startsWith(`${field}:`)), `${field} in ${JSON.stringify(errors)}`);
    }
  });

  it('names the fields the rules refuse beside those the schema refuses, in one answer', () => {
    const input = { ...slotFields({ name: 'X' }), rtp: 500, emojiTags: ['abc', 7, '🍒', '🍒'], rating: 4.25, theme: ['Fruit'], maxWin: 'big' };
    assert.deepEqual(new Set(errorsOf(input)), new Set([
      'rtp: must be <= 100',
      'emojiTags[1]: must be string',
      'maxWin: must be number',
      'rating: at most one decimal',
      'theme[0]: must be lower case',
      'emojiTags[0]: "abc" is not a single emoji',
      'emojiTags[3]: "🍒" repeats an earlier tag',
    ]));
    // A field of the wrong type is named once, by the schema.
    assert.deepEqual(errorsOf({ ...slotFields({ name: 'X' }), rtp: '96.123' }), ['rtp: must be number']);
  });

  it('names missing fields', () => {
    const { provider: _provider, ...rest } = slotFields({ name: 'X' });
    assert.deepEqual(errorsOf(rest), ['provider: is required']);
  });

  it('checks decimals, case, emoji tags and the bonus-buy rule', () => {
    const cases: [Partial<ReturnType<typeof slotFields>>, string][] = [
      [{ rtp: 96.123 }, 'rtp: at most two decimals'],
      [{ rating: 4.25 }, 'rating: at most one decimal'],
      [{ theme: ['Fruit'] }, 'theme[0]: must be lower case'],
      [{ features: ['free spins', 'free spins'] }, 'features: must not repeat an entry'],
      [{ emojiTags: ['🍒', 'abc'] }, 'emojiTags[1]: "abc" is not a single emoji'],
      [{ emojiTags: ['❤️', '❤'] }, 'emojiTags[1]: "❤" repeats an earlier tag'],
      [{ emojiTags: ['🍒💎'] }, 'emojiTags[0]: "🍒💎" is not a single emoji'],
      [{ hasBonusBuy: true, features: ['free spins'] }, 'features: must contain "bonus buy" exactly when hasBonusBuy is true'],
      [{ name: '  ' }, 'name: must not be blank'],
      [{ name: '!!!', slug: undefined }, 'slug: cannot be derived from the name; give one'],
    ];
    for (const [override, message] of cases) {
      const input = { ...slotFields({ name: 'X' }), ...override };
      if ('slug' in override && override.slug === undefined) delete (input as { slug?: string }).slug;
      assert.deepEqual(errorsOf(input), [message]);
    }
  });

  it('rejects values of the wrong type and non-objects', () => {
    assert.ok(errorsOf({ ...slotFields({ name: 'X' }), rtp: '96' }).some((error) => error.startsWith('rtp:')));
    assert.ok(errorsOf({ ...slotFields({ name: 'X' }), emojiTags: [] }).some((error) => error.startsWith('emojiTags:')));
    assert.ok(errorsOf({ ...slotFields({ name: 'X' }), slug: '../etc' }).some((error) => error.startsWith('slug:')));
    assert.notDeepEqual(errorsOf(null), []);
    assert.notDeepEqual(errorsOf([]), []);
  });
});

describe('validateCategoryMap', () => {
  it('keeps the order and qualifies emojis', () => {
    const result = validateCategoryMap({ love: ['❤'], luck: ['🍀', '🍀'] });
    assert.ok(result.ok);
    assert.deepEqual(Object.entries(result.value), [['love', ['❤️']], ['luck', ['🍀']]]);
  });

  it('names a bad emoji with its category and position', () => {
    const result = validateCategoryMap({ luck: ['🍀', 'x'] });
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, ['categories.luck[1]: "x" is not a single emoji']);
  });
});

describe('validateCatalogueDocument', () => {
  it('keeps given ids and dates, drops derived urls', () => {
    const result = validateCatalogueDocument({
      categories: { luck: ['🍀'] },
      slots: [{ ...slotFields({ name: 'A' }), id: '7', url: 'http://x/slots/a', createdAt: '2025-01-01T00:00:00.000Z' }, slotFields({ name: 'B' })],
    });
    assert.ok(result.ok);
    assert.equal(result.value.slots[0]?.id, 7);
    assert.equal(result.value.slots[0]?.createdAt, '2025-01-01T00:00:00.000Z');
    assert.equal('url' in (result.value.slots[0] ?? {}), false);
    assert.equal(result.value.slots[1]?.id, undefined);
  });

  it('names duplicate ids and slugs and bad records by position', () => {
    const result = validateCatalogueDocument({
      categories: {},
      slots: [{ ...slotFields({ name: 'A' }), id: 1 }, { ...slotFields({ name: 'a' }), id: 1 }, { ...slotFields({ name: 'C' }), rtp: 101 }],
    });
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, ['slots[1].id: 1 appears twice', 'slots[1].slug: "a" appears twice', 'slots[2].rtp: must be <= 100']);
  });

  it('rejects documents that are not catalogues', () => {
    assert.deepEqual(validateCatalogueDocument([]), { ok: false, errors: ['body: must be an object with slots and categories'] });
    const result = validateCatalogueDocument({ slots: {}, other: 1 });
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, ['other: unknown field', 'slots: must be an array']);
  });
});
