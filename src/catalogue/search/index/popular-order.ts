import type { SlotRecord } from '../../records/slot.js';
import type { PopularRanking } from '../popular-ranking.js';
import type { SearchIndex } from './search-index.js';

/** An index's slot numbers in a popular order, and each number's place in it. */
export interface PopularNumbers {
  readonly presorted: Int32Array;
  readonly places: Int32Array;
}

interface Made extends PopularNumbers {
  readonly ranking: PopularRanking;
}

/** The last popular order made for each index: the order moves about once a minute, an index with each write. */
const made = new WeakMap<SearchIndex, Made>();

/** The number of the slot `id` in the index, found by bisecting its id order; undefined when no slot has it. */
function numberOf(index: SearchIndex, id: number): number | undefined {
  const { idOrder, records } = index;
  let low = 0;
  let high = idOrder.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((records[idOrder[middle] as number] as SlotRecord).id < id) low = middle + 1;
    else high = middle;
  }
  const number = idOrder[low];
  return number !== undefined && records[number]?.id === id ? number : undefined;
}

/**
 * The index's numbers in `ranking`'s order: the ranked slots that still exist, then every other in
 * id order (they all score 0, and ties go to the id: decisions §21). Made once per index and order.
 */
export function popularNumbers(index: SearchIndex, ranking: PopularRanking): PopularNumbers {
  const known = made.get(index);
  if (known?.ranking === ranking) return known;
  const presorted = new Int32Array(index.idOrder.length);
  const places = new Int32Array(index.records.length);
  const ranked = new Uint8Array(index.records.length);
  let place = 0;
  for (const id of ranking.ids) {
    const number = numberOf(index, id);
    if (number === undefined || ranked[number] === 1) continue;
    ranked[number] = 1;
    places[number] = place;
    presorted[place++] = number;
  }
  for (const number of index.idOrder) {
    if (ranked[number] === 1) continue;
    places[number] = place;
    presorted[place++] = number;
  }
  const numbers = { ranking, presorted, places };
  made.set(index, numbers);
  return numbers;
}
