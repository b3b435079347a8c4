import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { wordsFor } from '../bitset.js';
import { Found } from '../slot-order.js';
import { buildFieldPostings, fieldPostingsWithChange, type FieldPostings } from './field-postings.js';
import { FacetColumns } from './facet-columns.js';
import { ScratchBitsets } from './scratch-bitsets.js';
import { SlotOrders } from './slot-orders.js';
import { WordDictionary, type SlotWords } from './word-dictionary.js';

/** A change leaves at most this share of slot numbers unused before the index is made afresh. */
const MOST_HOLES = 1 / 4;
const FEWEST_HOLES_TO_REMAKE = 1024;

/** The words a slot is searched by, from the search text its keys hold. */
function slotWordsOf(keys: SlotKeys): SlotWords {
  const { text, nameEnd } = keys.search;
  const wordsIn = (part: string) => new Set(part.split(' ').filter((word) => word !== ''));
  return { name: wordsIn(text.slice(0, nameEnd)), all: wordsIn(text) };
}

/**
 * What answers a search without visiting slots that cannot pass (decisions §13): every slot has a
 * number, its position in id order when the index was made; a new slot takes the next number and a
 * removed one leaves its number unused, so a one-slot write changes only the postings of the values
 * that slot carried or carries, and moves one number in each presorted order.
 */
export class SearchIndex {
  private constructor(
    /** By slot number; undefined for a number no longer in use. */
    readonly records: readonly (SlotRecord | undefined)[],
    readonly keys: readonly (SlotKeys | undefined)[],
    /** The numbers in use, in id order: `idOrder[position]` is the number of `slots[position]`. */
    readonly idOrder: Int32Array,
    /** The numbers in use, as a bitset. */
    readonly live: Uint32Array,
    readonly fields: FieldPostings,
    readonly dictionary: WordDictionary,
    readonly orders: SlotOrders,
    readonly facetColumns: FacetColumns,
    private readonly holes: number,
  ) {}

  /** The index of `slots` (in id order) with their keys. */
  static build(slots: readonly SlotRecord[], keys: readonly SlotKeys[]): SearchIndex {
    const live = new Uint32Array(wordsFor(slots.length)).fill(0xffffffff);
    if (slots.length % 32 !== 0) live[live.length - 1] = 2 ** (slots.length % 32) - 1;
    return new SearchIndex(
      slots,
      keys,
      Int32Array.from(slots, (_slot, position) => position),
      live,
      buildFieldPostings(slots, keys),
      WordDictionary.build(keys.map((slotKeys) => slotKeys.search)),
      new SlotOrders(slots, keys),
      new FacetColumns(slots, keys),
      0,
    );
  }

  private scratchBitsets: ScratchBitsets | undefined;

  /** Bitsets for working out one answer (see `ScratchBitsets`). */
  get scratch(): ScratchBitsets {
    this.scratchBitsets ??= new ScratchBitsets(wordsFor(this.records.length));
    return this.scratchBitsets;
  }

  /** How many slot numbers have been handed out (in use or not): every bitset covers them. */
  get numbers(): number {
    return this.records.length;
  }

  /**
   * The index after the slot at `position` (id order) changed from `before` to `after` (either absent
   * for a new or a removed slot), or undefined when so many numbers are unused that making the
   * index afresh is the better deal.
   */
  withChange(position: number, before: SlotRecord | undefined, after: SlotRecord | undefined, afterKeys: SlotKeys | undefined): SearchIndex | undefined {
    const number = before === undefined ? this.records.length : (this.idOrder[position] as number);
    const beforeKeys = before === undefined ? undefined : (this.keys[number] as SlotKeys);
    const records = this.records.slice();
    const keys = this.keys.slice();
    records[number] = after;
    keys[number] = afterKeys;
    let idOrder = this.idOrder;
    if (before === undefined) idOrder = spliced(this.idOrder, position, 0, number);
    else if (after === undefined) idOrder = spliced(this.idOrder, position, 1);
    const holes = this.holes + (after === undefined ? 1 : 0);
    if (holes > Math.max(FEWEST_HOLES_TO_REMAKE, records.length * MOST_HOLES)) return undefined;
    const live = new Uint32Array(wordsFor(records.length));
    live.set(this.live);
    if (after === undefined) live[number >>> 5] = (live[number >>> 5] as number) & ~(1 << (number & 31));
    else live[number >>> 5] = (live[number >>> 5] as number) | (1 << (number & 31));
    const beforePair = before === undefined ? undefined : { record: before, keys: beforeKeys as SlotKeys };
    const afterPair = after === undefined ? undefined : { record: after, keys: afterKeys as SlotKeys };
    const fields = fieldPostingsWithChange(this.fields, number, records.length, beforePair, afterPair);
    const dictionary = this.dictionary.withChange(
      number,
      records.length,
      beforeKeys === undefined ? undefined : slotWordsOf(beforeKeys),
      afterKeys === undefined ? undefined : slotWordsOf(afterKeys),
    );
    const beforeFound = beforePair === undefined ? undefined : new Found(beforePair.record, beforePair.keys, true, 0);
    const orders = this.orders.withChange(records, keys, number, beforeFound);
    const facetColumns = this.facetColumns.withChange(records, keys, number);
    return new SearchIndex(records, keys, idOrder, live, fields, dictionary, orders, facetColumns, holes);
  }
}

/** A copy of `numbers` with `removed` of them taken out at `at` and `inserted` put there. */
function spliced(numbers: Int32Array, at: number, removed: number, ...inserted: number[]): Int32Array {
  const next = new Int32Array(numbers.length - removed + inserted.length);
  next.set(numbers.subarray(0, at));
  next.set(inserted, at);
  next.set(numbers.subarray(at + removed), at + inserted.length);
  return next;
}
