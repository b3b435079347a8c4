/**
 * Recognising single emojis and the forms they are compared and shown in.
 * Pure functions over strings; the Unicode tables are the engine's own (`\p{RGI_Emoji}`, `\p{Emoji}`).
 */

/**
 * `^\p{RGI_Emoji}$` in two parts (UTS #51 defines RGI_Emoji as the union of these six sets), each
 * made at its first use: every ZWJ sequence holds a U+200D and no other RGI emoji does. Built for
 * Node 20, the bundles make them with `new RegExp`. The one pattern cost each process that
 * recognised a single emoji some 40-60 ms of CPU to parse, compile and tier up; without its ~1,400
 * ZWJ sequences the rest costs about 10 ms, and a process meets the ZWJ part only with a ZWJ emoji.
 */
let rgiWithoutZwj: RegExp | undefined;
let rgiZwjSequence: RegExp | undefined;
const ZWJ = '\u200D';

/** Whether `text` is exactly one RGI emoji: what `/^\p{RGI_Emoji}$/v` answers. */
export function isRgiEmoji(text: string): boolean {
  if (text.includes(ZWJ)) return (rgiZwjSequence ??= /^\p{RGI_Emoji_ZWJ_Sequence}$/v).test(text);
  rgiWithoutZwj ??= /^(?:\p{Basic_Emoji}|\p{Emoji_Keycap_Sequence}|\p{RGI_Emoji_Modifier_Sequence}|\p{RGI_Emoji_Flag_Sequence}|\p{RGI_Emoji_Tag_Sequence})$/v;
  return rgiWithoutZwj.test(text);
}
const PRESENTATION_SELECTORS = /[\uFE0E\uFE0F]/g;
const SKIN_TONES = /[\u{1F3FB}-\u{1F3FF}]/gu;
const SKIN_TONE = /^[\u{1F3FB}-\u{1F3FF}]$/u;
const TEXT_DEFAULT_EMOJI = /^(?=\p{Emoji})\P{Emoji_Presentation}$/u;

/** No RGI emoji is longer than this many UTF-16 code units; anything longer is rejected without a regex. */
const MAX_EMOJI_LENGTH = 64;

/** Inserts U+FE0F after each text-default emoji code point (optionally not before a skin tone). */
function qualify(stripped: string, beforeSkinTone: boolean): string {
  const points = Array.from(stripped);
  let out = '';
  points.forEach((point, index) => {
    out += point;
    const next = points[index + 1];
    if (TEXT_DEFAULT_EMOJI.test(point) && (beforeSkinTone || next === undefined || !SKIN_TONE.test(next))) {
      out += '\uFE0F';
    }
  });
  return out;
}

/** Clusters already recognised (null: not an emoji): the RGI test is slow, and an import repeats a few hundred emojis 500,000 times. */
const canonicalCache = new Map<string, string | null>();
const CANONICAL_CACHE_LIMIT = 8192;

/**
 * The fully-qualified RGI form of one grapheme cluster, or undefined when the cluster is not an emoji.
 * Accepts text-style forms written without U+FE0F (`❤` → `❤️`, `7⃣` → `7️⃣`).
 */
export function canonicalEmoji(cluster: string): string | undefined {
  if (cluster.length === 0 || cluster.length > MAX_EMOJI_LENGTH) return undefined;
  let canonical = canonicalCache.get(cluster);
  if (canonical === undefined) {
    canonical = recognised(cluster) ?? null;
    if (canonicalCache.size >= CANONICAL_CACHE_LIMIT) canonicalCache.clear();
    canonicalCache.set(cluster, canonical);
  }
  return canonical ?? undefined;
}

function recognised(cluster: string): string | undefined {
  if (isRgiEmoji(cluster)) return cluster;
  const stripped = cluster.replace(PRESENTATION_SELECTORS, '');
  for (const candidate of [stripped, qualify(stripped, false), qualify(stripped, true)]) {
    if (isRgiEmoji(candidate)) return candidate;
  }
  return undefined;
}

/** Keys already computed: catalogues repeat a few hundred emojis across hundreds of thousands of tags. */
const keyCache = new Map<string, string>();
const KEY_CACHE_LIMIT = 8192;

/** The form two emojis are compared in: without presentation selectors and skin-tone modifiers. */
export function emojiKey(emoji: string): string {
  let key = keyCache.get(emoji);
  if (key === undefined) {
    key = emoji.replace(PRESENTATION_SELECTORS, '').replace(SKIN_TONES, '');
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(emoji, key);
  }
  return key;
}

/** Orders strings by Unicode code point (not by UTF-16 unit, which misorders astral characters). */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const diff = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
}
