import { canonicalEmoji, compareCodePoints } from '../../emoji/emoji.js';
import { categoryIndex, UNCATEGORIZED, type CategoryMap } from '../records/categories.js';
import type { SlotRecord } from '../records/slot.js';

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

/** Usage counts by comparison key, kept by a snapshot so the next one can adjust them instead of counting afresh. */
export interface EmojiTally {
  readonly counts: ReadonlyMap<string, number>;
  /** The form each key is shown in: its fully-qualified emoji, or the first stored tag carrying it. */
  readonly forms: ReadonlyMap<string, string>;
  readonly totalUsage: number;
  readonly slots: number;
}

/**
 * Counts emoji usage slot by slot, so a snapshot build can feed it in slices; `summarise` then gives
 * every emoji figure the API reports, all from the same counts, so the endpoints cannot disagree.
 */
export class EmojiCounter {
  private readonly counts: Map<string, number>;
  private readonly forms: Map<string, string>;
  private totalUsage: number;
  private slots: number;

  /** Starts from `tally` (copied, so it stays as it was), or from nothing. */
  constructor(tally?: EmojiTally) {
    this.counts = new Map(tally?.counts);
    this.forms = new Map(tally?.forms);
    this.totalUsage = tally?.totalUsage ?? 0;
    this.slots = tally?.slots ?? 0;
  }

  /** One slot's tags and their comparison keys (`tagKeys[i]` is the key of `tags[i]`). */
  add(tags: readonly string[], tagKeys: readonly string[]): void {
    this.slots += 1;
    this.totalUsage += tags.length;
    for (let i = 0; i < tagKeys.length; i++) {
      const key = tagKeys[i] as string;
      const count = this.counts.get(key);
      if (count !== undefined) {
        this.counts.set(key, count + 1);
      } else {
        this.counts.set(key, 1);
        this.forms.set(key, canonicalEmoji(key) ?? (tags[i] as string));
      }
    }
  }

  /** Takes back what `add` counted for one slot. */
  remove(tags: readonly string[], tagKeys: readonly string[]): void {
    this.slots -= 1;
    this.totalUsage -= tags.length;
    for (const key of tagKeys) {
      const count = (this.counts.get(key) ?? 0) - 1;
      if (count > 0) {
        this.counts.set(key, count);
      } else {
        this.counts.delete(key);
        this.forms.delete(key);
      }
    }
  }

  /**
   * Keys among `keys` still counted whose form is the first stored tag carrying them (no fully-qualified
   * emoji has that key), so a change of which slot comes first may change it.
   */
  keysShownAsStoredTags(keys: Iterable<string>): string[] {
    return [...keys].filter((key) => this.counts.has(key) && canonicalEmoji(key) === undefined);
  }

  setForm(key: string, form: string): void {
    this.forms.set(key, form);
  }

  tally(): EmojiTally {
    return { counts: new Map(this.counts), forms: new Map(this.forms), totalUsage: this.totalUsage, slots: this.slots };
  }

  summarise(categories: CategoryMap): EmojiAggregates {
    const category = categoryIndex(categories);
    const usage: EmojiUsage[] = [...this.counts]
      .map(([key, count]) => ({ emoji: this.forms.get(key) as string, count, category: category.get(key) ?? UNCATEGORIZED }))
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
