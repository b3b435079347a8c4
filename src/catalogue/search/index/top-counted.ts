import { compareFacetCounts, MAX_FACET_VALUES, shownFacetValue, type FacetCount, type FacetForms, type FacetName } from '../facets.js';
import { facetValues } from './facet-values.js';

/**
 * A facet's values in the order of their shown forms (decisions §13's tie-break): `rank[number]` is
 * value `number`'s place, `numbers[place]` the value there.
 */
interface ValueOrder {
  readonly rank: Int32Array;
  readonly numbers: Int32Array;
}

/**
 * Providers and emojis are shown in a snapshot's forms (a provider's spelling, an emoji as stored), so
 * their orders are kept per snapshot's forms, made at its first facet; the other facets show their
 * values as they are, and one order serves every snapshot.
 */
const ordersByForms = new WeakMap<FacetForms, Map<FacetName, ValueOrder>>();
const ordersAsValues = new Map<FacetName, ValueOrder>();

/**
 * The last order made of each facet with the shown forms it was made from: a write seldom changes a
 * shown form, so a new snapshot whose forms read the same takes it instead of sorting every value again.
 */
const lastMade = new Map<FacetName, { readonly shown: readonly (string | number)[]; readonly order: ValueOrder }>();

function ordersFor(name: FacetName, forms: FacetForms): Map<FacetName, ValueOrder> {
  if (name !== 'provider' && name !== 'emoji') return ordersAsValues;
  let orders = ordersByForms.get(forms);
  if (orders === undefined) {
    orders = new Map();
    ordersByForms.set(forms, orders);
  }
  return orders;
}

/** The order of facet `name`'s values as `forms` show them, covering at least `count` values. */
function valueOrder(name: FacetName, forms: FacetForms, count: number): ValueOrder {
  const orders = ordersFor(name, forms);
  let order = orders.get(name);
  // Values numbered after the order was made (by a later snapshot's writes) send it to be made again.
  if (order === undefined || order.rank.length < count) {
    const shown = facetValues(name).map((value) => shownFacetValue(name, value, forms));
    const last = lastMade.get(name);
    order = last !== undefined && sameValues(last.shown, shown) ? last.order : sortedOrder(shown);
    lastMade.set(name, { shown, order });
    orders.set(name, order);
  }
  return order;
}

/** Values numbered by their index, ordered by how they show; equal forms are told apart by number, so that a place names one value. */
function sortedOrder(shown: readonly (string | number)[]): ValueOrder {
  const counted = shown.map((value) => ({ value, count: 0 }));
  const numbers = Int32Array.from(shown.keys()).sort((a, b) => compareFacetCounts(counted[a] as FacetCount, counted[b] as FacetCount) || a - b);
  const rank = new Int32Array(numbers.length);
  numbers.forEach((number, place) => (rank[number] = place));
  return { rank, numbers };
}

function sameValues(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * A facet's answer from its counts by value number (decisions §13): most counted first, ties by
 * value, at most `MAX_FACET_VALUES`. Each counted value becomes one number that orders as the answer
 * does (its count, then its place in the value order), and the best are kept by comparing numbers:
 * comparing the shown forms of tied values cost most of a facet's answer.
 */
export function topCounted(name: FacetName, counters: Int32Array, forms: FacetForms): FacetCount[] {
  const { rank, numbers } = valueOrder(name, forms, counters.length);
  const places = rank.length;
  const best: number[] = [];
  for (let number = 0; number < counters.length; number++) {
    const count = counters[number] as number;
    if (count === 0) continue;
    // Exact in a double: counts and places are each far below 2^26.
    const key = count * places + (places - 1 - (rank[number] as number));
    if (best.length === MAX_FACET_VALUES && key <= (best[MAX_FACET_VALUES - 1] as number)) continue;
    insertDescending(best, key);
  }
  const values = facetValues(name);
  return best.map((key) => {
    const number = numbers[places - 1 - (key % places)] as number;
    return { value: shownFacetValue(name, values[number] as string | number, forms), count: Math.floor(key / places) };
  });
}

/** Puts `key` in its place in descending `best`, which keeps at most `MAX_FACET_VALUES` keys. */
function insertDescending(best: number[], key: number): void {
  let low = 0;
  let high = best.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((best[middle] as number) > key) low = middle + 1;
    else high = middle;
  }
  let at = Math.min(best.length, MAX_FACET_VALUES - 1);
  for (; at > low; at--) best[at] = best[at - 1] as number;
  best[low] = key;
}
