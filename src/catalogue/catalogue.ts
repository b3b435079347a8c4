import { buildParts, partsWithout, partsWithSlot, positionOf, type CatalogueParts, type SlotKeys } from './catalogue-parts.js';
import type { CategoryMap } from './categories.js';
import type { EmojiAggregates } from './emoji-usage.js';
import type { EmojiWordIndex } from './emoji-words.js';
import type { Page, SlotFilter } from './filter.js';
import type { ScoredSlot } from './ranking.js';
import type { SlotRecord } from './slot.js';
import { runAtOnce, runSliced } from './steps.js';

export type MatchMode = 'any' | 'all';

export interface MatchedSlot extends ScoredSlot {
  /** The slot's own stored tags that matched, in the order the emojis were requested. */
  readonly matched: readonly string[];
}

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * An immutable, fully indexed view of the whole catalogue. Requests read only this; a write builds
 * a new one and swaps it in, so a reader never sees half a change.
 */
export class Catalogue {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  readonly emojis: EmojiAggregates;
  /** The emojis in use with their names, found by word. */
  readonly emojiWords: EmojiWordIndex;
  readonly maxId: number;

  private constructor(private readonly parts: CatalogueParts) {
    this.slots = parts.slots;
    this.categories = parts.categories;
    this.emojis = parts.emojis;
    this.emojiWords = parts.emojiWords;
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

  /** One page of the slots that pass `filter`, in id order, with how many pass in all. */
  list(filter: SlotFilter, page: Page): { readonly slots: readonly SlotRecord[]; readonly total: number } {
    if (isUnfiltered(filter)) {
      return { slots: this.slots.slice(page.offset, page.offset + page.limit), total: this.slots.length };
    }
    const passing = this.filter(filter);
    return { slots: passing.slice(page.offset, page.offset + page.limit), total: passing.length };
  }

  /** Every slot that passes `filter`, in id order. */
  filter(filter: SlotFilter): readonly SlotRecord[] {
    const provider = filter.provider?.toLowerCase();
    const emojiKeys = filter.emojiKeys;
    const positions = emojiKeys && emojiKeys.length > 0 ? this.carryingAny(emojiKeys) : undefined;
    const count = positions?.length ?? this.slots.length;
    const passing: SlotRecord[] = [];
    for (let i = 0; i < count; i++) {
      const position = positions === undefined ? i : (positions[i] as number);
      const record = this.slots[position] as SlotRecord;
      const keys = this.parts.keys[position] as SlotKeys;
      if (provider !== undefined && keys.providerName !== provider && keys.providerSlug !== provider) continue;
      if (filter.minRtp !== undefined && record.rtp < filter.minRtp) continue;
      if (filter.volatility !== undefined && record.volatility !== filter.volatility) continue;
      if (filter.hasBonusBuy !== undefined && record.hasBonusBuy !== filter.hasBonusBuy) continue;
      passing.push(record);
    }
    return passing;
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

function isUnfiltered(filter: SlotFilter): boolean {
  return (
    filter.provider === undefined &&
    filter.minRtp === undefined &&
    filter.volatility === undefined &&
    filter.hasBonusBuy === undefined &&
    (filter.emojiKeys === undefined || filter.emojiKeys.length === 0)
  );
}
