import type { SlotRecord } from '../records/slot.js';
import type { FacetCount } from './facets.js';
import type { SlotFilter } from './filter.js';
import type { SlotOrder } from './slot-order.js';

/** What a search asks for (decisions §13): filters, the words of `q`, an order. */
export interface SlotQuery {
  readonly filter: SlotFilter;
  /** The search words of `q` (see `searchWords`); undefined without `q`. */
  readonly words?: readonly string[];
  readonly order: SlotOrder;
}

export interface SearchPage {
  readonly slots: readonly SlotRecord[];
  readonly total: number;
  readonly facets?: Record<string, FacetCount[]>;
}
