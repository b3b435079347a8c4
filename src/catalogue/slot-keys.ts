import { emojiKey } from '../emoji/emoji.js';
import { distinctWords, foldText } from './search-words.js';
import { slugify, type SlotRecord } from './slot.js';

/** What a slot is found by besides its fields; depends on the record alone, so it is kept across snapshots. */
export interface SlotKeys {
  readonly providerName: string;
  readonly providerSlug: string;
  readonly tagKeys: readonly string[];
  /** Distinct search words of the name, provider, themes and features, sorted. */
  readonly words: readonly string[];
  /** Distinct search words of the name alone, sorted. */
  readonly nameWords: readonly string[];
  /** The name as `sort=name` compares it: lower case, accents off. */
  readonly foldedName: string;
}

const keysCache = new WeakMap<SlotRecord, SlotKeys>();
/** Provider slugs already worked out: a catalogue has a few dozen providers over all its slots. */
const providerSlugs = new Map<string, string>();

function providerSlugOf(provider: string): string {
  let slug = providerSlugs.get(provider);
  if (slug === undefined) {
    slug = slugify(provider);
    if (providerSlugs.size > 10_000) providerSlugs.clear();
    providerSlugs.set(provider, slug);
  }
  return slug;
}

export function keysOf(record: SlotRecord): SlotKeys {
  let keys = keysCache.get(record);
  if (keys === undefined) {
    keys = {
      providerName: record.provider.toLowerCase(),
      providerSlug: providerSlugOf(record.provider),
      tagKeys: record.emojiTags.map(emojiKey),
      words: distinctWords([record.name, record.provider, ...record.theme, ...record.features]),
      nameWords: distinctWords([record.name]),
      foldedName: foldText(record.name),
    };
    keysCache.set(record, keys);
  }
  return keys;
}
