import { emojiKey } from '../../emoji/emoji.js';
import { foldText, searchText, type SearchText } from '../search/search-words.js';
import { slugify, type SlotRecord } from '../records/slot.js';

interface ProviderForms {
  readonly name: string;
  readonly slug: string;
}

/**
 * Provider names' lower-case forms and slugs already worked out: a catalogue has a few dozen
 * providers over all its slots, so they share these strings rather than hold one each.
 */
const providerForms = new Map<string, ProviderForms>();

function providerFormsOf(provider: string): ProviderForms {
  let forms = providerForms.get(provider);
  if (forms === undefined) {
    forms = { name: provider.toLowerCase(), slug: slugify(provider) };
    if (providerForms.size > 10_000) providerForms.clear();
    providerForms.set(provider, forms);
  }
  return forms;
}

/**
 * What a slot is found by besides its fields. It depends on the record alone, so a snapshot derived
 * from another shares it for every slot left alone (it is not cached per record: only new records
 * are ever keyed, and a WeakMap of 100,000 records cost a third of a full build). What only searches
 * need is worked out at the first search that reads it, so loading and writing cost no more for it.
 */
export class SlotKeys {
  readonly providerName: string;
  readonly providerSlug: string;
  readonly tagKeys: readonly string[];
  private searchWords: SearchText | undefined;
  private folded: string | undefined;

  constructor(private readonly record: SlotRecord) {
    const provider = providerFormsOf(record.provider);
    this.providerName = provider.name;
    this.providerSlug = provider.slug;
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
