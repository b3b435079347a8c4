import { canonicalEmoji, compareCodePoints } from '../emoji/emoji.js';
import { categoryIndex, UNCATEGORIZED, type CategoryMap } from './categories.js';
import type { SlotRecord } from './slot.js';

export interface EmojiUsage {
  readonly emoji: string;
  readonly count: number;
  readonly category: string;
}

export interface EmojiMapping {
  readonly slotId: string;
  readonly slug: string;
  readonly emoji: string;
}

export interface EmojiCount {
  readonly emoji: string;
  readonly count: number;
}

export interface EmojiStats {
  readonly totalEmojis: number;
  readonly totalUsage: number;
  readonly averagePerSlot: number;
  readonly mostUsed: EmojiCount | null;
  readonly leastUsed: EmojiCount | null;
}

export interface EmojiAggregates {
  readonly usage: readonly EmojiUsage[];
  readonly totalUsage: number;
  readonly stats: EmojiStats;
}

function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** One row per (slot, tag) pair, in the order of `slots` then of each slot's tags. */
export function emojiMappings(slots: readonly SlotRecord[]): EmojiMapping[] {
  const mappings: EmojiMapping[] = [];
  for (const slot of slots) {
    const slotId = String(slot.id);
    for (const emoji of slot.emojiTags) mappings.push({ slotId, slug: slot.slug, emoji });
  }
  return mappings;
}

/**
 * Counts emoji usage slot by slot, so a snapshot build can feed it in slices; `summarise` then gives
 * every emoji figure the API reports, all from the same counts, so the endpoints cannot disagree.
 */
export class EmojiCounter {
  private readonly counts = new Map<string, { emoji: string; count: number }>();
  private totalUsage = 0;
  private slots = 0;

  /** One slot's tags and their comparison keys (`tagKeys[i]` is the key of `tags[i]`). */
  add(tags: readonly string[], tagKeys: readonly string[]): void {
    this.slots += 1;
    this.totalUsage += tags.length;
    for (let i = 0; i < tagKeys.length; i++) {
      const key = tagKeys[i] as string;
      const entry = this.counts.get(key);
      if (entry) entry.count += 1;
      else this.counts.set(key, { emoji: canonicalEmoji(key) ?? (tags[i] as string), count: 1 });
    }
  }

  summarise(categories: CategoryMap): EmojiAggregates {
    const category = categoryIndex(categories);
    const usage: EmojiUsage[] = [...this.counts]
      .map(([key, { emoji, count }]) => ({ emoji, count, category: category.get(key) ?? UNCATEGORIZED }))
      .sort((a, b) => b.count - a.count || compareCodePoints(a.emoji, b.emoji));
    const first = usage[0];
    const last = usage[usage.length - 1];
    return {
      usage,
      totalUsage: this.totalUsage,
      stats: {
        totalEmojis: usage.length,
        totalUsage: this.totalUsage,
        averagePerSlot: this.slots === 0 ? 0 : roundTo2(this.totalUsage / this.slots),
        mostUsed: first ? { emoji: first.emoji, count: first.count } : null,
        leastUsed: last ? { emoji: last.emoji, count: last.count } : null,
      },
    };
  }
}
