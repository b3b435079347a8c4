import type { SlotRecord } from './slot.js';

/** A slot that carries at least one requested emoji, with how many it carries. */
export interface ScoredSlot {
  readonly slot: SlotRecord;
  readonly score: number;
}

/** Score descending, then rating, then RTP (both descending), then id ascending: a total order. */
export function compareMatches(a: ScoredSlot, b: ScoredSlot): number {
  return (
    b.score - a.score ||
    b.slot.rating - a.slot.rating ||
    b.slot.rtp - a.slot.rtp ||
    a.slot.id - b.slot.id
  );
}
