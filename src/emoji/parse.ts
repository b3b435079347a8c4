import { canonicalEmoji, emojiKey } from './emoji.js';

/** One requested emoji: the form it is shown in and the form it is compared in. */
export interface RequestedEmoji {
  readonly emoji: string;
  readonly key: string;
}

export type ParseResult =
  | { readonly ok: true; readonly emojis: readonly RequestedEmoji[] }
  | { readonly ok: false; readonly message: string };

export const MAX_EMOJIS_PER_REQUEST = 20;
const MAX_QUOTED_LENGTH = 40;
const LEADING_SEPARATORS = /^[\s,]+/u;
/** Made at the first text split: the first Intl object a process makes loads ICU's data, tens of milliseconds a start paid. */
let segmenter: Intl.Segmenter | undefined;

/** `text`'s grapheme clusters (what a person sees as one character), each with its place. */
export function graphemes(text: string): Intl.Segments {
  return (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text);
}

/** Quotes user text for an error message: bounded in length, control characters and lone surrogates escaped. */
export function quote(text: string): string {
  const points = Array.from(text);
  const shown = points.length > MAX_QUOTED_LENGTH ? `${points.slice(0, MAX_QUOTED_LENGTH).join('')}…` : text;
  return JSON.stringify(shown).replace(/[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Splits emoji input (one string, or several) into distinct emojis, in order of first appearance.
 * White space and commas between emojis are ignored; anything else that is not an emoji, and a string
 * without any emoji, is an error whose message names the offending text, prefixed with `field`.
 */
export function parseEmojis(input: string | readonly string[], field: string): ParseResult {
  const key = typeof input === 'string' ? `${field}\u0000${input}` : `${field}\u0001${input.join('\u0002')}`;
  if (key.length > MAX_MEMO_KEY_LENGTH) return parseUncached(input, field);
  let result = memo.get(key);
  if (result === undefined) {
    result = parseUncached(input, field);
    if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
    memo.set(key, result);
  }
  return result;
}

/**
 * Requests repeat the same few emoji combinations; splitting and recognising them (a large Unicode
 * regex per cluster) dominated the cost of a match, so results are remembered, within bounds.
 */
const memo = new Map<string, ParseResult>();
const MAX_MEMO_ENTRIES = 4096;
const MAX_MEMO_KEY_LENGTH = 256;

function parseUncached(input: string | readonly string[], field: string): ParseResult {
  const parts = typeof input === 'string' ? [input] : input;
  const seen = new Set<string>();
  const emojis: RequestedEmoji[] = [];
  for (const [index, part] of parts.entries()) {
    const where = typeof input === 'string' ? field : `${field}[${index}]`;
    let invalid = '';
    let found = false;
    for (const { segment } of graphemes(part)) {
      // A cluster can start with a space or comma: Intl.Segmenter glues a lone skin tone (🏽) onto it.
      const text = segment.replace(LEADING_SEPARATORS, '');
      if (text !== segment && invalid !== '') break;
      if (text === '') continue;
      const emoji = canonicalEmoji(text);
      if (emoji === undefined) {
        invalid += text;
        if (invalid.length > MAX_QUOTED_LENGTH * 2) break;
        continue;
      }
      if (invalid !== '') break;
      found = true;
      const key = emojiKey(emoji);
      if (seen.has(key)) continue;
      seen.add(key);
      emojis.push({ emoji, key });
      if (emojis.length > MAX_EMOJIS_PER_REQUEST) {
        return { ok: false, message: `${field}: holds more than ${MAX_EMOJIS_PER_REQUEST} distinct emojis` };
      }
    }
    if (invalid !== '') return { ok: false, message: `${where}: ${quote(invalid)} is not an emoji` };
    if (!found) return { ok: false, message: `${where}: must hold at least one emoji` };
  }
  if (emojis.length === 0) return { ok: false, message: `${field}: must hold at least one emoji` };
  return { ok: true, emojis };
}
