import { emojiKey } from '../emoji/emoji.js';
import type { CategoryMap } from './categories.js';
import { aggregateEmojis, type EmojiAggregates } from './emoji-usage.js';
import type { Page, SlotFilter } from './filter.js';
import { compareMatches, type ScoredSlot } from './ranking.js';
import { slugify, type SlotRecord } from './slot.js';

/** What a slot is found by, computed once per snapshot. */
interface IndexedSlot {
  readonly record: SlotRecord;
  readonly providerName: string;
  readonly providerSlug: string;
  readonly tagKeys: readonly string[];
}

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
  readonly maxId: number;
  private readonly indexed: readonly IndexedSlot[];
  private readonly byId = new Map<number, SlotRecord>();
  private readonly bySlug = new Map<string, SlotRecord>();
  /** Emoji comparison key → positions in `indexed`, ascending. */
  private readonly byEmoji = new Map<string, number[]>();

  constructor(slots: readonly SlotRecord[], categories: CategoryMap) {
    this.slots = [...slots].sort((a, b) => a.id - b.id);
    this.categories = categories;
    this.indexed = this.slots.map((record, position) => {
      this.byId.set(record.id, record);
      this.bySlug.set(record.slug.toLowerCase(), record);
      const tagKeys = record.emojiTags.map(emojiKey);
      for (const key of tagKeys) {
        const positions = this.byEmoji.get(key);
        if (positions) positions.push(position);
        else this.byEmoji.set(key, [position]);
      }
      return { record, providerName: record.provider.toLowerCase(), providerSlug: slugify(record.provider), tagKeys };
    });
    this.maxId = this.slots.at(-1)?.id ?? 0;
    this.emojis = aggregateEmojis(this.slots, categories);
  }

  static empty(): Catalogue {
    return new Catalogue([], {});
  }

  get size(): number {
    return this.slots.length;
  }

  /** A slot by its id (`"17"`) or, failing that, by its slug in any case. */
  find(idOrSlug: string): SlotRecord | undefined {
    if (ID_PATTERN.test(idOrSlug)) {
      const byId = this.byId.get(Number(idOrSlug));
      if (byId) return byId;
    }
    return this.bySlug.get(idOrSlug.toLowerCase());
  }

  findBySlug(slug: string): SlotRecord | undefined {
    return this.bySlug.get(slug.toLowerCase());
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
    const keys = filter.emojiKeys;
    const candidates = keys && keys.length > 0 ? this.positionsCarryingAny(keys).map((p) => this.indexed[p] as IndexedSlot) : this.indexed;
    const passing: SlotRecord[] = [];
    for (const slot of candidates) {
      const { record } = slot;
      if (provider !== undefined && slot.providerName !== provider && slot.providerSlug !== provider) continue;
      if (filter.minRtp !== undefined && record.rtp < filter.minRtp) continue;
      if (filter.volatility !== undefined && record.volatility !== filter.volatility) continue;
      if (filter.hasBonusBuy !== undefined && record.hasBonusBuy !== filter.hasBonusBuy) continue;
      passing.push(record);
    }
    return passing;
  }

  /**
   * Slots carrying the requested emojis (comparison keys, in request order), best first by the
   * ranking of `compareMatches`. `all` keeps only slots that carry every key.
   */
  match(keys: readonly string[], mode: MatchMode, limit: number): readonly MatchedSlot[] {
    const scores = new Map<number, number>();
    for (const key of keys) {
      for (const position of this.byEmoji.get(key) ?? []) scores.set(position, (scores.get(position) ?? 0) + 1);
    }
    const ranked: (ScoredSlot & { readonly position: number })[] = [];
    for (const [position, score] of scores) {
      if (mode === 'all' && score < keys.length) continue;
      ranked.push({ slot: (this.indexed[position] as IndexedSlot).record, score, position });
    }
    ranked.sort(compareMatches);
    return ranked.slice(0, limit).map(({ slot, score, position }) => {
      const { tagKeys } = this.indexed[position] as IndexedSlot;
      const matched: string[] = [];
      for (const key of keys) {
        const at = tagKeys.indexOf(key);
        if (at >= 0) matched.push(slot.emojiTags[at] as string);
      }
      return { slot, score, matched };
    });
  }

  private positionsCarryingAny(keys: readonly string[]): number[] {
    const positions = new Set<number>();
    for (const key of keys) for (const position of this.byEmoji.get(key) ?? []) positions.add(position);
    return [...positions].sort((a, b) => a - b);
  }
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
