import { canonicalEmoji, compareCodePoints, emojiKey } from '../emoji/emoji.js';
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
 * Every emoji figure the API reports, computed together from one list of slots (in id order),
 * so the endpoints cannot disagree with each other.
 */
export function aggregateEmojis(slots: readonly SlotRecord[], categories: CategoryMap): EmojiAggregates {
  const counts = new Map<string, { emoji: string; count: number }>();
  let totalUsage = 0;
  for (const slot of slots) {
    for (const emoji of slot.emojiTags) {
      totalUsage += 1;
      const key = emojiKey(emoji);
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { emoji: canonicalEmoji(key) ?? emoji, count: 1 });
    }
  }
  const category = categoryIndex(categories);
  const usage: EmojiUsage[] = [...counts]
    .map(([key, { emoji, count }]) => ({ emoji, count, category: category.get(key) ?? UNCATEGORIZED }))
    .sort((a, b) => b.count - a.count || compareCodePoints(a.emoji, b.emoji));
  const first = usage[0];
  const last = usage[usage.length - 1];
  return {
    usage,
    totalUsage,
    stats: {
      totalEmojis: usage.length,
      totalUsage,
      averagePerSlot: slots.length === 0 ? 0 : roundTo2(totalUsage / slots.length),
      mostUsed: first ? { emoji: first.emoji, count: first.count } : null,
      leastUsed: last ? { emoji: last.emoji, count: last.count } : null,
    },
  };
}
