import type { SlotRecord } from '../records/slot.js';
import type { Steps } from './steps.js';

/** Slugs changed since the base map was built, past which the next change folds them into a new base. */
const MAX_CHANGES = 1024;
/** Slugs mapped between two chances to yield while building a base. */
const BUILD_STRETCH = 8192;

/**
 * Slug → slot id. A one-slot change notes itself in a small map of changes on top of a shared base,
 * instead of copying a base of 100,000 slugs; once the changes pile up they are folded into a new base.
 * Slugs are unique in the store; should two slots share one for a moment (a snapshot behind another
 * instance's rename, until the reload that follows), the slot that took it last has it.
 */
export class SlugIndex {
  private constructor(
    private readonly base: ReadonlyMap<string, number>,
    /** Slug → id, or null for a slug the base has and the catalogue no longer does. */
    private readonly changes: ReadonlyMap<string, number | null>,
  ) {}

  /** Indexes `slots` (in id order: a later slot takes a slug an earlier one had). */
  static *build(slots: readonly SlotRecord[]): Steps<SlugIndex> {
    const base = new Map<string, number>();
    for (let position = 0; position < slots.length; position++) {
      const slot = slots[position] as SlotRecord;
      base.set(slot.slug, slot.id);
      if (position % BUILD_STRETCH === BUILD_STRETCH - 1) yield;
    }
    return new SlugIndex(base, new Map());
  }

  idOf(slug: string): number | undefined {
    const changed = this.changes.get(slug);
    if (changed !== undefined) return changed ?? undefined;
    return this.base.get(slug);
  }

  /**
   * The index after slot `id` gave up slug `before` (undefined for a new slot) and took slug `after`
   * (undefined for a removed slot); `slots` are the catalogue's after the change, for folding.
   */
  *withChange(id: number, before: string | undefined, after: string | undefined, slots: readonly SlotRecord[]): Steps<SlugIndex> {
    if (before === after) return this;
    const changes = new Map(this.changes);
    if (before !== undefined && this.idOf(before) === id) {
      if (this.base.has(before)) changes.set(before, null);
      else changes.delete(before);
    }
    if (after !== undefined) changes.set(after, id);
    if (changes.size > MAX_CHANGES) return yield* SlugIndex.build(slots);
    return new SlugIndex(this.base, changes);
  }
}
