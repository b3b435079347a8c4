import { emojiKey } from '../emoji/emoji.js';
import { foldText, searchText, type SearchText } from './search-words.js';
import { slugify, type SlotRecord } from './slot.js';

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

/**
 * What a slot is found by besides its fields. It depends on the record alone, so it is kept across
 * snapshots; what only searches need is worked out at the first search that reads it, so loading and
 * writing a catalogue cost no more for it.
 */
export class SlotKeys {
  readonly providerName: string;
  readonly providerSlug: string;
  readonly tagKeys: readonly string[];
  private searchWords: SearchText | undefined;
  private folded: string | undefined;

  constructor(private readonly record: SlotRecord) {
    this.providerName = record.provider.toLowerCase();
    this.providerSlug = providerSlugOf(record.provider);
    this.tagKeys = record.emojiTags.map(emojiKey);
  }

  /** The words of the name, provider, themes and features, as searches read them. */
  get search(): SearchText {
    const { record } = this;
    this.searchWords ??= searchText(record.name, [record.provider, ...record.theme, ...record.features]);
    return this.searchWords;
  }

  /** The name as `sort=name` compares it: lower case, accents off. */
  get foldedName(): string {
    this.folded ??= foldText(this.record.name);
    return this.folded;
  }
}

const keysCache = new WeakMap<SlotRecord, SlotKeys>();

export function keysOf(record: SlotRecord): SlotKeys {
  let keys = keysCache.get(record);
  if (keys === undefined) {
    keys = new SlotKeys(record);
    keysCache.set(record, keys);
  }
  return keys;
}
