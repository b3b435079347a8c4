import type { SlotRecord } from '../catalogue/records/slot.js';
import type { CatalogueChange } from '../catalogue/records/change.js';

const NON_ASCII = /[\u0080-\uffff]+/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;
/** Bounds the caches below: a catalogue repeats a few hundred emojis, an edited text anything. */
const MAX_CACHED = 8192;

/** Escapes of the runs of non-ASCII text met so far. */
const escapedRuns = new Map<string, string>();
/** Each emoji tag met so far as a JSON string literal, escaped. */
const escapedTags = new Map<string, string>();

function cached(cache: Map<string, string>, key: string, make: (key: string) => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, value);
  }
  return value;
}

function unicodeEscapes(text: string): string {
  let escaped = '';
  for (let i = 0; i < text.length; i++) escaped += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, (run) => cached(escapedRuns, run, unicodeEscapes));
}

/** Stands in for the tags while the rest is written: no tag is this string. */
const TAGS_STAND_IN = '\u0000';
/** How JSON.stringify writes the stand-in. */
const STAND_IN_TEXT = '"\\u0000"';
/** Only a key can be written so: a quote inside a string value comes out escaped. */
const TAGS_KEY_TEXT = '"emojiTags":';

/**
 * A record as the SQLite store keeps it: JSON with every non-ASCII character escaped, the same value
 * to any JSON reader. ASCII text comes back from SQLite as a one-byte string: a load of 100,000 slots
 * takes about a seventh longer with the UTF-8 (emoji tags) it would hold otherwise.
 *
 * The emoji tags are nearly all of a record's non-ASCII text: written from their cached escapes,
 * they leave the rest ASCII as JSON.stringify writes it, with no pass over the whole text to escape
 * it (a quarter to a third off an import's record texts; bench/history/2026-11-25.md).
 */
export function recordText(record: SlotRecord): string {
  const rest = JSON.stringify({ ...record, emojiTags: TAGS_STAND_IN });
  if (HAS_NON_ASCII.test(rest)) return asciiJson(record);
  let tags = '[';
  for (let i = 0; i < record.emojiTags.length; i++) {
    if (i > 0) tags += ',';
    tags += cached(escapedTags, record.emojiTags[i] as string, asciiJson);
  }
  const at = rest.indexOf(TAGS_KEY_TEXT + STAND_IN_TEXT) + TAGS_KEY_TEXT.length;
  return `${rest.slice(0, at)}${tags}]${rest.slice(at + STAND_IN_TEXT.length)}`;
}

/** A change as the log keeps it: its JSON. */
export function changeText(change: Exclude<CatalogueChange, { readonly kind: 'slot' }>): string {
  return JSON.stringify(change);
}

/**
 * A slot write as the log keeps it, around the text the slot's row holds (`recordText`, or any JSON
 * of the record): the same JSON as `changeText` would write, with the record serialized once per write.
 */
export function slotChangeText(recordJson: string): string {
  return `{"kind":"slot","record":${recordJson}}`;
}
