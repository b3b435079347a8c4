import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_EMOJIS_PER_REQUEST, parseEmojis, type ParseResult } from '../../src/emoji/parse.js';

const RGI = /^\p{RGI_Emoji}$/v;
const FAST_CHECK = { seed: 20260302, numRuns: 300 } as const;
/** Error messages quote what was wrong, but never at unbounded length. */
const MAX_MESSAGE_LENGTH = 200;

/** The contract's comparison form (decisions §3): without presentation selectors and skin tones. */
const comparisonKey = (emoji: string) => emoji.replace(/[\uFE0E\uFE0F]|[\u{1F3FB}-\u{1F3FF}]/gu, '');

/** Emojis as a client may write them, each with its fully-qualified RGI form: every kind §3 names. */
const FORMS: readonly (readonly [written: string, qualified: string])[] = [
  ['🍒', '🍒'],
  ['💎', '💎'],
  ['🎰', '🎰'],
  ['🍀', '🍀'],
  ['🎲', '🎲'],
  ['🔥', '🔥'],
  ['🌋', '🌋'],
  ['🌊', '🌊'],
  ['🐉', '🐉'],
  ['🍋', '🍋'],
  ['7️⃣', '7️⃣'],
  ['7\u20E3', '7️⃣'],
  ['#\u20E3', '#️⃣'],
  ['🇺🇸', '🇺🇸'],
  ['🇯🇵', '🇯🇵'],
  ['🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
  ['👨‍👩‍👧‍👦', '👨‍👩‍👧‍👦'],
  ['❤️‍🔥', '❤️‍🔥'],
  ['❤\u200D🔥', '❤️‍🔥'],
  ['🏳\u200D🌈', '🏳️‍🌈'],
  ['👍', '👍'],
  ['👍🏽', '👍🏽'],
  ['👍🏿', '👍🏿'],
  ['🧑🏽‍💻', '🧑🏽‍💻'],
  ['❤️', '❤️'],
  ['❤', '❤️'],
  ['❤\uFE0E', '❤️'],
  ['☺', '☺️'],
  ['©', '©️'],
  ['🏽', '🏽'],
];
const SEPARATORS = ['', ' ', ',', ', ', ' , ', '\t', '\n', '\u3000', ',,'];

/** What is not an emoji, and how an error message shows it. */
const NOT_EMOJIS: readonly (readonly [text: string, shown: string])[] = [
  ['abc', '"abc"'],
  ['<script>', '"<script>"'],
  ['\uD800', '"\\ud800"'],
  ['\uDC00', '"\\udc00"'],
  ['\u0000', '"\\u0000"'],
  ['\u0007', '"\\u0007"'],
  ['\u007F', '"\\u007f"'],
  ['7', '"7"'],
  ['🇦🇦', '"🇦🇦"'],
  ['%F0%9F%8D%92', '"%F0%9F%8D%92"'],
];

function emojisOf(result: ParseResult): readonly string[] {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.emojis.map(({ emoji }) => emoji);
}

function messageOf(result: ParseResult): string {
  assert.ok(!result.ok, 'expected a parse error');
  return result.message;
}

/** A token list written with separators; no separator where a lone skin tone would merge into the emoji before it. */
const writtenList = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 30, size: 'max' })
  .map((items) => ({
    forms: items.map(([form]) => form),
    text: items.map(([[written], separator], index) => (index > 0 && written === '🏽' && separator === '' ? `,${written}` : `${separator}${written}`)).join(''),
  }));

/** Any text: code points, lone surrogates, control characters, combining marks, emoji pieces and whole emojis. */
const anyPiece = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).map((point) => (point >= 0xd800 && point <= 0xdfff ? String.fromCharCode(point) : String.fromCodePoint(point))),
  fc.constantFrom('\uFE0F', '\uFE0E', '\u200D', '\u20E3', '\u{1F3FD}', '\u0301', '\u0000', '\u001B', '\u0085', '\u2028', ' ', ',', '\n', '#', '7', '🇺'),
  fc.constantFrom(...FORMS.map(([written]) => written)),
);
const anyText = fc.string({ unit: anyPiece, maxLength: 40, size: 'medium' });

describe('parseEmojis', () => {
  it('ignores white space and commas between emojis', () => {
    for (const text of ['🍒💎', '🍒 💎', '🍒,💎', ' ,🍒 ,, 💎\n', '\t🍒\r\n💎,']) {
      assert.deepEqual(emojisOf(parseEmojis(text, 'emoji')), ['🍒', '💎'], JSON.stringify(text));
    }
  });

  it('accepts every kind of emoji and returns its fully-qualified form', () => {
    for (const [written, qualified] of FORMS) assert.deepEqual(emojisOf(parseEmojis(written, 'emoji')), [qualified], written);
  });

  it('accepts a lone skin tone after a space or comma (which Intl.Segmenter glues to it)', () => {
    assert.deepEqual(emojisOf(parseEmojis('🍒 🏽', 'emoji')), ['🍒', '🏽']);
    assert.deepEqual(emojisOf(parseEmojis('🍒,🏽', 'emoji')), ['🍒', '🏽']);
  });

  it('compares without U+FE0F/U+FE0E and skin tones, keeping the first occurrence', () => {
    assert.deepEqual(emojisOf(parseEmojis('❤ ❤️ ❤\uFE0E', 'emoji')), ['❤️']);
    assert.deepEqual(emojisOf(parseEmojis('👍🏽👍👍🏿', 'emoji')), ['👍🏽']);
    assert.deepEqual(emojisOf(parseEmojis('👍 👍🏽', 'emoji')), ['👍']);
    assert.deepEqual(emojisOf(parseEmojis('7⃣7️⃣', 'emoji')), ['7️⃣']);
  });

  it('drops duplicates and keeps the order of first appearance', () => {
    assert.deepEqual(emojisOf(parseEmojis('💎🍒💎🍀🍒', 'emoji')), ['💎', '🍒', '🍀']);
  });

  it('rejects anything that is not an emoji with a message naming the offending text', () => {
    for (const [text, shown] of NOT_EMOJIS) {
      for (const input of [text, `🍒${text}💎`, `🍒 ${text} 💎`]) {
        const message = messageOf(parseEmojis(input, 'emoji'));
        assert.ok(message.startsWith('emoji: '), message);
        assert.ok(message.includes(shown), `${message} should name ${shown}`);
      }
    }
  });

  it('names a combining mark glued onto an emoji', () => {
    assert.ok(messageOf(parseEmojis('🍒\u0301', 'emoji')).includes('"🍒\u0301"'));
  });

  it('rejects input without any emoji', () => {
    for (const text of ['', ' ', ',', ' , \n ']) {
      assert.equal(messageOf(parseEmojis(text, 'emoji')), 'emoji: must hold at least one emoji');
    }
    assert.equal(messageOf(parseEmojis([], 'emojis')), 'emojis: must hold at least one emoji');
  });

  it(`accepts ${MAX_EMOJIS_PER_REQUEST} distinct emojis and rejects one more; duplicates do not count`, () => {
    const distinct = [...new Map(FORMS.map(([, qualified]) => [comparisonKey(qualified), qualified])).values()];
    assert.ok(distinct.length > MAX_EMOJIS_PER_REQUEST);
    const twenty = distinct.slice(0, MAX_EMOJIS_PER_REQUEST);
    assert.deepEqual(emojisOf(parseEmojis([...twenty, ...twenty].join(' '), 'emoji')), twenty);
    const message = messageOf(parseEmojis(distinct.slice(0, MAX_EMOJIS_PER_REQUEST + 1).join(' '), 'emoji'));
    assert.ok(message.startsWith('emoji: ') && message.includes(String(MAX_EMOJIS_PER_REQUEST)), message);
  });

  it('handles 10,000 emojis: one repeated is one emoji, many distinct ones are an error', () => {
    assert.deepEqual(emojisOf(parseEmojis('🍒'.repeat(10_000), 'emoji')), ['🍒']);
    const cycling = Array.from({ length: 10_000 }, (_, index) => (FORMS[index % FORMS.length] as readonly [string, string])[0]).join(' ');
    assert.ok(messageOf(parseEmojis(cycling, 'emoji')).includes(String(MAX_EMOJIS_PER_REQUEST)));
  });

  it('keeps messages short for huge bad input: combining marks, long words', () => {
    for (const text of ['a' + '\u0301'.repeat(10_000), '\u0301'.repeat(10_000), 'x'.repeat(100_000), '🍒' + 'ab'.repeat(50_000)]) {
      const message = messageOf(parseEmojis(text, 'emoji'));
      assert.ok(message.length <= MAX_MESSAGE_LENGTH, `${message.length} characters`);
      assert.ok(message.endsWith('is not an emoji'), message);
    }
  });

  describe('with several strings (the items of a match body)', () => {
    it('splits each and drops duplicates across them', () => {
      assert.deepEqual(emojisOf(parseEmojis(['🍒', '💎 🎰', '🍒💎'], 'emojis')), ['🍒', '💎', '🎰']);
    });

    it('names the item holding a non-emoji', () => {
      assert.equal(messageOf(parseEmojis(['🍒', 'x'], 'emojis')), 'emojis[1]: "x" is not an emoji');
    });

    it('rejects an item without any emoji', () => {
      assert.equal(messageOf(parseEmojis(['🍒', ''], 'emojis')), 'emojis[1]: must hold at least one emoji');
      assert.equal(messageOf(parseEmojis([' , '], 'emojis')), 'emojis[0]: must hold at least one emoji');
    });
  });

  describe('properties', () => {
    it('never throws on any text; gives 1–20 distinct RGI emojis or a short message naming the field', () => {
      fc.assert(
        fc.property(fc.oneof(anyText, fc.array(anyText, { maxLength: 4 })), (input) => {
          const result = parseEmojis(input, 'emojis');
          if (!result.ok) {
            assert.ok(result.message.startsWith('emojis'), result.message);
            assert.ok(result.message.length <= MAX_MESSAGE_LENGTH, result.message);
            return;
          }
          assert.ok(result.emojis.length >= 1 && result.emojis.length <= MAX_EMOJIS_PER_REQUEST);
          for (const { emoji, key } of result.emojis) {
            assert.match(emoji, RGI);
            assert.equal(key, comparisonKey(emoji));
          }
          assert.equal(new Set(result.emojis.map(({ key }) => key)).size, result.emojis.length);
        }),
        FAST_CHECK,
      );
    });

    it('is order-preserving: the distinct emojis in order of first appearance, qualified', () => {
      fc.assert(
        fc.property(writtenList, ({ forms, text }) => {
          const expected = new Map<string, string>();
          for (const [, qualified] of forms) if (!expected.has(comparisonKey(qualified))) expected.set(comparisonKey(qualified), qualified);
          const result = parseEmojis(text, 'emoji');
          if (expected.size > MAX_EMOJIS_PER_REQUEST) {
            assert.ok(messageOf(result).includes(String(MAX_EMOJIS_PER_REQUEST)));
          } else {
            assert.deepEqual(emojisOf(result), [...expected.values()]);
          }
        }),
        FAST_CHECK,
      );
    });

    it('is idempotent: parsing what it returned, joined by any separator or as items, gives the same', () => {
      fc.assert(
        fc.property(fc.oneof(writtenList.map(({ text }) => text), anyText), fc.constantFrom(' ', ',', ', ', '\n'), (text, separator) => {
          const first = parseEmojis(text, 'emoji');
          if (!first.ok) return;
          const emojis = first.emojis.map(({ emoji }) => emoji);
          assert.deepEqual(parseEmojis(emojis.join(separator), 'emoji'), first);
          assert.deepEqual(parseEmojis(emojis, 'emoji'), first);
        }),
        FAST_CHECK,
      );
    });
  });
});
