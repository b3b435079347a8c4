import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { SearchIndex } from './search-index.js';

/**
 * A snapshot's search index, made at the first search that needs it (so start-up and memory at ready
 * pay nothing for it), or derived from the previous snapshot's on a one-slot write when that one was made.
 */
export class LazySearchIndex {
  private index: SearchIndex | undefined;

  constructor(
    private readonly slots: readonly SlotRecord[],
    private readonly keys: readonly SlotKeys[],
    derived?: SearchIndex,
  ) {
    this.index = derived;
  }

  get(): SearchIndex {
    this.index ??= SearchIndex.build(this.slots, this.keys);
    return this.index;
  }

  /**
   * The index of the snapshot after the slot at `position` changed from `before` to `after`: derived
   * from this one when it was made, else left to be made when first needed.
   */
  withChange(
    slots: readonly SlotRecord[],
    keys: readonly SlotKeys[],
    position: number,
    before: SlotRecord | undefined,
    after: SlotRecord | undefined,
    afterKeys: SlotKeys | undefined,
  ): LazySearchIndex {
    return new LazySearchIndex(slots, keys, this.index?.withChange(position, before, after, afterKeys));
  }
}
