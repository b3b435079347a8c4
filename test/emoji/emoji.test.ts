import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { canonicalEmoji, compareCodePoints, emojiKey, isRgiEmoji } from '../../src/emoji/emoji.js';

const RGI = /^\p{RGI_Emoji}$/v;
const VS16 = '\uFE0F';
const SKIN_TONES = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];
/** What the contract's comparison ignores (decisions §3). */
const IGNORED_IN_COMPARISON = /[\uFE0E\uFE0F]|[\u{1F3FB}-\u{1F3FF}]/u;
const FAST_CHECK = { seed: 20260301, numRuns: 400 } as const;

/**
 * Every fully-qualified RGI emoji of one code point (planes 0 and 1 hold them all), each with every
 * RGI skin tone, every RGI flag, every keycap, and hand-picked ZWJ and tag sequences.
 */
function rgiEmojis(): readonly string[] {
  const single: string[] = [];
  for (let codePoint = 0; codePoint <= 0x1ffff; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const character = String.fromCodePoint(codePoint);
    if (RGI.test(character)) single.push(character);
    else if (RGI.test(character + VS16)) single.push(character + VS16);
  }
  const toned = single.flatMap((emoji) => SKIN_TONES.map((tone) => emoji.replace(VS16, '') + tone)).filter((emoji) => RGI.test(emoji));
  const flags: string[] = [];
  for (let first = 0x1f1e6; first <= 0x1f1ff; first++) {
    for (let second = 0x1f1e6; second <= 0x1f1ff; second++) flags.push(String.fromCodePoint(first, second));
  }
  const keycaps = [...'#*0123456789'].map((key) => `${key}${VS16}\u20E3`);
  const sequences = ['👨‍👩‍👧‍👦', '👩‍❤️‍👨', '🧑🏽‍💻', '🏳️‍🌈', '🏳️‍⚧️', '🏴‍☠️', '❤️‍🔥', '❤️‍🩹', '👁️‍🗨️', '🧑🏻‍❤️‍💋‍🧑🏼', '🐻‍❄️', '⛹🏽‍♀️', '🫱🏻‍🫲🏿', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'];
  return [...single, ...toned, ...flags.filter((flag) => RGI.test(flag)), ...keycaps, ...sequences];
}

const ALL_RGI = rgiEmojis();

/** Any code point or lone surrogate, mixed with the pieces emojis are built from. */
const anyPiece = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).map((point) => (point >= 0xd800 && point <= 0xdfff ? String.fromCharCode(point) : String.fromCodePoint(point))),
  fc.constantFrom(VS16, '\uFE0E', '\u200D', '\u20E3', '\u{1F3FD}', '\u0301', '\u0000', '\u0007', '\u007F', '#', '7', '🇺', '🏳', '\u{E0067}', '\u{E007F}'),
  fc.constantFrom(...ALL_RGI),
);
const messyText = fc.string({ unit: anyPiece, maxLength: 8 });

describe('canonicalEmoji', () => {
  it('holds a pool of every kind of RGI emoji (sanity of the pool the properties run over)', () => {
    assert.ok(ALL_RGI.length > 2000, `only ${ALL_RGI.length} emojis`);
    for (const emoji of ['7️⃣', '🇺🇸', '👨‍👩‍👧‍👦', '👍🏽', '❤️', '🍒']) assert.ok(ALL_RGI.includes(emoji), emoji);
  });

  it('returns every fully-qualified RGI emoji unchanged', () => {
    const changed = ALL_RGI.filter((emoji) => canonicalEmoji(emoji) !== emoji);
    assert.deepEqual(changed, []);
  });

  it('accepts the text-style form of every RGI emoji (written without U+FE0F) and returns the qualified form', () => {
    const missed = ALL_RGI.filter((emoji) => canonicalEmoji(emoji.replaceAll(VS16, '')) !== emoji);
    assert.deepEqual(missed, []);
  });

  it('accepts a text-presentation selector (U+FE0E) in place of U+FE0F', () => {
    const qualified = ALL_RGI.filter((emoji) => emoji.includes(VS16));
    assert.ok(qualified.length > 100);
    const missed = qualified.filter((emoji) => canonicalEmoji(emoji.replaceAll(VS16, '\uFE0E')) !== emoji);
    assert.deepEqual(missed, []);
  });

  it('gives the fully-qualified form of the examples the contract names', () => {
    const cases: readonly (readonly [string, string])[] = [
      ['7️⃣', '7️⃣'],
      ['7\u20E3', '7️⃣'],
      ['#\u20E3', '#️⃣'],
      ['🇫🇷', '🇫🇷'],
      ['👨‍👩‍👧‍👦', '👨‍👩‍👧‍👦'],
      ['👍🏽', '👍🏽'],
      ['❤', '❤️'],
      ['❤\uFE0E', '❤️'],
      ['☺', '☺️'],
      ['❤\u200D🔥', '❤️‍🔥'],
      ['🏳\u200D🌈', '🏳️‍🌈'],
      ['☝🏽', '☝🏽'],
      ['⛹🏽\u200D♀', '⛹🏽‍♀️'],
    ];
    for (const [written, qualified] of cases) assert.equal(canonicalEmoji(written), qualified, written);
  });

  it('rejects what is not one emoji', () => {
    const rejected = ['', 'a', '7', '#', 'abc', '<script>', '\uD83C', '\uDF52', '\u0000', '\u0007', '\u0301', '\u20E3', '\u200D', '\uFE0F', '🇦🇦', '🍒\u0301', '🍒💎', '🍒\u200D💎', 'a'.repeat(100_000)];
    for (const text of rejected) assert.equal(canonicalEmoji(text), undefined, JSON.stringify(text.slice(0, 20)));
  });

  it('never throws; what it returns is one RGI emoji, and returns itself again (idempotent)', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const emoji = canonicalEmoji(text);
        if (emoji === undefined) return;
        assert.match(emoji, RGI);
        assert.equal(canonicalEmoji(emoji), emoji);
      }),
      FAST_CHECK,
    );
  });
});

/** Every emoji and skin-tone variant emojibase-data lists: all its ZWJ and tag sequences among them. */
function emojibaseEmojis(): readonly string[] {
  const path = createRequire(import.meta.url).resolve('emojibase-data/en/compact.json');
  const entries = JSON.parse(readFileSync(path, 'utf8')) as { unicode: string; skins?: { unicode: string }[] }[];
  return entries.flatMap(({ unicode, skins = [] }) => [unicode, ...skins.map((variant) => variant.unicode)]);
}

describe('isRgiEmoji', () => {
  const agrees = (text: string) => assert.equal(isRgiEmoji(text), RGI.test(text), JSON.stringify(text));

  it('answers as /^\\p{RGI_Emoji}$/v for every emoji emojibase lists, written qualified, unqualified and untoned', () => {
    const listed = emojibaseEmojis();
    assert.ok(listed.filter((emoji) => emoji.includes('\u200D')).length > 1000);
    for (const emoji of [...listed, ...ALL_RGI]) {
      for (const form of [emoji, emoji.replaceAll(VS16, ''), emoji.replace(/[\u{1F3FB}-\u{1F3FF}]/gu, ''), `${emoji}\u200D`, `\u200D${emoji}`]) agrees(form);
    }
  });

  it('answers as /^\\p{RGI_Emoji}$/v for every code point of planes 0 and 1, alone, with U+FE0F and joined to another', () => {
    for (let codePoint = 0; codePoint <= 0x1ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      agrees(character);
      agrees(character + VS16);
    }
    for (const emoji of ALL_RGI.slice(0, 200)) agrees(`${emoji}\u200D🔥`);
  });

  it('answers as /^\\p{RGI_Emoji}$/v on any text', () => {
    fc.assert(fc.property(messyText, (text) => agrees(text)), FAST_CHECK);
  });
});

describe('emojiKey', () => {
  it('drops presentation selectors and skin tones, so text and emoji forms compare equal', () => {
    assert.equal(emojiKey('❤️'), emojiKey('❤'));
    assert.equal(emojiKey('❤\uFE0E'), emojiKey('❤'));
    assert.equal(emojiKey('👍🏽'), emojiKey('👍'));
    assert.equal(emojiKey('👍🏿'), emojiKey('👍🏻'));
    assert.equal(emojiKey('🧑🏽‍💻'), emojiKey('🧑‍💻'));
    assert.equal(emojiKey('7️⃣'), emojiKey('7\u20E3'));
  });

  it('keeps different emojis apart', () => {
    assert.notEqual(emojiKey('🍒'), emojiKey('💎'));
    assert.notEqual(emojiKey('👨‍👩‍👧‍👦'), emojiKey('👨‍👩‍👧'));
    assert.notEqual(emojiKey('🇺🇸'), emojiKey('🇺🇲'));
    assert.notEqual(emojiKey('7️⃣'), emojiKey('8️⃣'));
  });

  it('of every RGI emoji holds nothing the comparison ignores and equals the key of its untoned, unqualified form', () => {
    for (const emoji of ALL_RGI) {
      const key = emojiKey(emoji);
      assert.doesNotMatch(key, IGNORED_IN_COMPARISON, emoji);
      assert.equal(emojiKey(emoji.replace(/[\u{1F3FB}-\u{1F3FF}]/gu, '').replaceAll(VS16, '')), key, emoji);
      assert.equal(emojiKey(key), key, emoji);
    }
  });

  it('never throws and is idempotent on any text', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const key = emojiKey(text);
        assert.equal(emojiKey(key), key);
      }),
      FAST_CHECK,
    );
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, where UTF-16 order would put astral characters before U+E000–U+FFFF', () => {
    assert.ok('\u{1F352}' < '\uFF5E', 'UTF-16 comparison misorders these two');
    assert.ok(compareCodePoints('\u{1F352}', '\uFF5E') > 0);
    assert.ok(compareCodePoints('\uFF5E', '\u{1F352}') < 0);
    assert.equal(compareCodePoints('🍒', '🍒'), 0);
    assert.ok(compareCodePoints('🍒', '🍒💎') < 0);
    assert.ok(compareCodePoints('🍒💎', '🍒') > 0);
  });

  it('agrees with comparing code point arrays, on any text', () => {
    fc.assert(
      fc.property(messyText, messyText, (a, b) => {
        const left = Array.from(a, (c) => c.codePointAt(0) ?? 0);
        const right = Array.from(b, (c) => c.codePointAt(0) ?? 0);
        let expected = left.length - right.length;
        for (let i = 0; i < Math.min(left.length, right.length); i++) {
          const diff = (left[i] ?? 0) - (right[i] ?? 0);
          if (diff !== 0) {
            expected = diff;
            break;
          }
        }
        assert.equal(Math.sign(compareCodePoints(a, b)), Math.sign(expected));
      }),
      FAST_CHECK,
    );
  });
});
