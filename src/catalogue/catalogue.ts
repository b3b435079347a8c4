import { buildParts, partsWithCategories, partsWithout, partsWithSlot, positionOf, type CatalogueParts } from './snapshot/catalogue-parts.js';
import type { CategoryMap } from './records/categories.js';
import type { EmojiAggregates } from './emojis/emoji-usage.js';
import type { EmojiWordIndex } from './emojis/emoji-words.js';
import { countFacet, type FacetCount, type FacetForms, type FacetName } from './search/facets.js';
import { answerPage } from './search/index/answer.js';
import type { SearchPage, SlotQuery } from './search/slot-query.js';
import { fieldCheck, type Page, type SlotFilter } from './search/filter.js';
import { shownProviderName, summariseProviders, type ProviderSummary } from './snapshot/providers.js';
import type { ScoredSlot } from './emojis/ranking.js';
import { matchWord, queryWords, WordMatch, type QueryWord } from './search/search-words.js';
import type { SlotRecord } from './records/slot.js';
import type { SlotKeys } from './snapshot/slot-keys.js';
import { comparator, Found, ID_ORDER } from './search/slot-order.js';
import { runAtOnce, runSliced } from './snapshot/steps.js';

// The search's question and answer live beside the index that answers them; they are the snapshot's too.
export type { SearchPage, SlotQuery } from './search/slot-query.js';

export type MatchMode = 'any' | 'all';

export interface MatchedSlot extends ScoredSlot {
  /** The slot's own stored tags that matched, in the order the emojis were requested. */
  readonly matched: readonly string[];
}

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

function isEverySlotInIdOrder({ filter, words, order }: SlotQuery): boolean {
  return words === undefined && order === ID_ORDER && Object.values(filter).every((value) => value === undefined);
}

/**
 * An immutable, fully indexed view of the whole catalogue. Requests read only this; a write builds
 * a new one and swaps it in, so a reader never sees half a change.
 */
export class Catalogue {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  readonly emojis: EmojiAggregates;
  readonly maxId: number;

  private constructor(private readonly parts: CatalogueParts) {
    this.slots = parts.slots;
    this.categories = parts.categories;
    this.emojis = parts.emojis;
    this.maxId = this.slots.at(-1)?.id ?? 0;
  }

  /** Builds a snapshot in one go. */
  static of(slots: readonly SlotRecord[], categories: CategoryMap): Catalogue {
    return new Catalogue(runAtOnce(buildParts(slots, categories)));
  }

  /**
   * Builds a snapshot, giving the event loop back whenever a stretch of work has run for
   * `maxBlockMs`, so requests keep being answered while a large catalogue is rebuilt.
   */
  static async build(slots: readonly SlotRecord[], categories: CategoryMap, maxBlockMs = 10): Promise<Catalogue> {
    return new Catalogue(await runSliced(buildParts(slots, categories), maxBlockMs));
  }

  /**
   * This catalogue with `record` in place of the slot with its id, or added when there is none,
   * derived from this one in about the time of copying the slot list. The store keeps slugs unique.
   */
  withSlot(record: SlotRecord): Catalogue {
    return new Catalogue(runAtOnce(partsWithSlot(this.parts, record)));
  }

  /** This catalogue without slot `id`; this very one when it has no such slot. */
  withoutSlot(id: number): Catalogue {
    const position = positionOf(this.slots, id);
    if (this.slots[position]?.id !== id) return this;
    return new Catalogue(runAtOnce(partsWithout(this.parts, position)));
  }

  /**
   * This catalogue under another category map: the slot indexes are shared as they are, and only the
   * emoji aggregates (which name each emoji's category) are worked out again, from the usage counts kept.
   */
  withCategories(categories: CategoryMap): Catalogue {
    return new Catalogue(partsWithCategories(this.parts, categories));
  }

  /** `withSlot`, giving the event loop back every `maxBlockMs` as `build` does. */
  async buildWithSlot(record: SlotRecord, maxBlockMs = 10): Promise<Catalogue> {
    return new Catalogue(await runSliced(partsWithSlot(this.parts, record), maxBlockMs));
  }

  /** `withoutSlot`, giving the event loop back every `maxBlockMs` as `build` does. */
  async buildWithoutSlot(id: number, maxBlockMs = 10): Promise<Catalogue> {
    const position = positionOf(this.slots, id);
    if (this.slots[position]?.id !== id) return this;
    return new Catalogue(await runSliced(partsWithout(this.parts, position), maxBlockMs));
  }

  static empty(): Catalogue {
    return Catalogue.of([], {});
  }

  /** The emojis in use with their names, found by word. */
  get emojiWords(): EmojiWordIndex {
    return this.parts.emojiWords();
  }

  get size(): number {
    return this.slots.length;
  }

  /** A slot by its id (`"17"`) or, failing that, by its slug in any case. */
  find(idOrSlug: string): SlotRecord | undefined {
    if (ID_PATTERN.test(idOrSlug)) {
      const byId = this.findById(Number(idOrSlug));
      if (byId) return byId;
    }
    return this.findBySlug(idOrSlug);
  }

  /** Binary search: slots are in id order, so no map of ids needs building. */
  private findById(id: number): SlotRecord | undefined {
    const slot = this.slots[positionOf(this.slots, id)];
    return slot?.id === id ? slot : undefined;
  }

  /** Slugs are stored lower-case (the slug pattern says so); lookups are in any case. */
  findBySlug(slug: string): SlotRecord | undefined {
    const id = this.parts.slugs.idOf(slug.toLowerCase());
    return id === undefined ? undefined : this.findById(id);
  }

  /** Every slot that passes `filter`, in id order. */
  filter(filter: SlotFilter): readonly SlotRecord[] {
    return this.search({ filter, order: ID_ORDER }).map(({ record }) => record);
  }

  /** Every slot that passes the query's filters and words, in the query's order. */
  search(query: SlotQuery): readonly Found[] {
    const { filter } = query;
    const words = query.words === undefined ? undefined : queryWords(query.words);
    const emojiKeys = filter.emojiKeys;
    const positions = emojiKeys === undefined ? undefined : this.carryingAny(emojiKeys);
    const count = positions?.length ?? this.slots.length;
    const passes = fieldCheck(filter);
    const found: Found[] = [];
    for (let i = 0; i < count; i++) {
      const position = positions === undefined ? i : (positions[i] as number);
      const record = this.slots[position] as SlotRecord;
      const keys = this.parts.keys[position] as SlotKeys;
      if (!passes(record, keys)) continue;
      if (words === undefined) found.push(new Found(record, keys, true, 0));
      else {
        const hit = textMatch(record, keys, words);
        if (hit !== undefined) found.push(hit);
      }
    }
    if (query.order !== ID_ORDER && (query.order.key !== 'id' || query.order.descending)) found.sort(comparator(query.order));
    return found;
  }

  /**
   * One page of a search, with how many slots pass in all and, when asked, facet counts over every
   * one of them. A page of the whole catalogue in id order is a slice, whatever its size.
   */
  page(query: SlotQuery, page: Page, facetNames: readonly FacetName[] = []): SearchPage {
    const { offset, limit } = page;
    if (facetNames.length === 0 && isEverySlotInIdOrder(query)) return { slots: this.slots.slice(offset, offset + limit), total: this.size };
    return answerPage(this.parts.searchIndex.get(), query, page, facetNames, this.facetForms);
  }

  /** Facet counts over `found` (decisions §13). */
  facets(found: readonly Found[], names: readonly FacetName[]): Record<string, FacetCount[]> {
    return Object.fromEntries(names.map((name) => [name, countFacet(name, found, this.facetForms)]));
  }

  /**
   * How facets show a provider (by its name) and an emoji (as stored): made once per snapshot, which
   * keeps what depends on its forms (the order of facet values) with it.
   */
  private get facetForms(): FacetForms {
    this.forms ??= {
      provider: (name: string) => summariseProviderName(this.parts, name),
      emoji: (key: string) => this.parts.tally.forms.get(key) ?? key,
    };
    return this.forms;
  }

  private forms: FacetForms | undefined;

  private providerList: readonly ProviderSummary[] | undefined;

  /** Every provider with its slot count and average RTP, most slots first. */
  providers(): readonly ProviderSummary[] {
    this.providerList ??= summariseProviders(this.parts.providers);
    return this.providerList;
  }

  /** Other slots ranked as a match for `slot`'s emojis would rank them. */
  similar(slot: SlotRecord, limit: number): readonly MatchedSlot[] {
    const keys = [...new Set((this.parts.keys[positionOf(this.slots, slot.id)] as SlotKeys).tagKeys)];
    return this.match(keys, 'any', limit + 1)
      .filter((match) => match.slot.id !== slot.id)
      .slice(0, limit);
  }

  /**
   * Slots carrying the requested emojis (distinct comparison keys, in request order), best first by
   * the ranking of `compareMatches`. `all` keeps only slots that carry every key.
   */
  match(keys: readonly string[], mode: MatchMode, limit: number): readonly MatchedSlot[] {
    return this.parts.emojiIndex.top(keys, mode === 'all' ? keys.length : 1, limit).map(({ rank, score }) => {
      const position = this.parts.ranked[rank] as number;
      const slot = this.slots[position] as SlotRecord;
      return { slot, score, matched: matchedTags(slot, this.parts.keys[position] as SlotKeys, keys) };
    });
  }

  /** Positions of the slots carrying at least one of `keys`, ascending (id order). */
  private carryingAny(keys: readonly string[]): number[] {
    const positions = new Set<number>();
    for (const key of keys) for (const rank of this.parts.emojiIndex.carrying(key)) positions.add(this.parts.ranked[rank] as number);
    return [...positions].sort((a, b) => a - b);
  }
}

/** The slot's own stored tags that match `keys`, in the order of `keys`. */
function matchedTags(slot: SlotRecord, slotKeys: SlotKeys, keys: readonly string[]): string[] {
  const matched: string[] = [];
  for (const key of keys) {
    const at = slotKeys.tagKeys.indexOf(key);
    if (at >= 0) matched.push(slot.emojiTags[at] as string);
  }
  return matched;
}

/** How the words of a query match a slot, or undefined when some word matches none of its words. */
function textMatch(record: SlotRecord, keys: SlotKeys, words: readonly QueryWord[]): Found | undefined {
  let nameMatches = true;
  let typos = 0;
  const { search } = keys;
  for (const word of words) {
    const match = matchWord(word, search, search.text.length);
    if (match === WordMatch.None) return undefined;
    if (match === WordMatch.Typo) typos += 1;
    if (nameMatches && matchWord(word, search, search.nameEnd) === WordMatch.None) nameMatches = false;
  }
  return new Found(record, keys, nameMatches, typos);
}

/** A provider's name as shown, from its lower-case name. */
function summariseProviderName(parts: CatalogueParts, lowerCaseName: string): string {
  const spellings = parts.providers.get(lowerCaseName)?.spellings;
  return spellings === undefined ? lowerCaseName : shownProviderName(spellings);
}
