import { compareFacetCounts, MAX_FACET_VALUES, shownFacetValue, type FacetCount, type FacetForms, type FacetName } from '../facets.js';
import { facetValues } from './facet-values.js';

/**
 * A facet's answer from its counts by value number (decisions §13): most counted first, ties by
 * value, at most `MAX_FACET_VALUES`. Only values counted at least as often as the one in the last
 * place are shown; of those tied with it, only as many as there is room for are kept (the least by
 * value), then the few kept are sorted here: sorting hundreds of tied values with a comparator
 * called from the built-in sort cost more than counting them.
 */
export function topCounted(name: FacetName, counters: Int32Array, forms: FacetForms): FacetCount[] {
  const values = facetValues(name);
  const least = leastRanked(counters);
  const above: FacetCount[] = [];
  const tied: FacetCount[] = [];
  for (let number = 0; number < counters.length; number++) {
    const count = counters[number] as number;
    if (count < least) continue;
    const counted = { value: shownFacetValue(name, values[number] as string | number, forms), count };
    if (count > least) above.push(counted);
    else tied.push(counted);
  }
  const room = MAX_FACET_VALUES - above.length;
  return insertionSorted(above.concat(tied.length <= room ? tied : leastByValue(tied, room)));
}

/**
 * The count at place `MAX_FACET_VALUES` of `counters` from the most counted, or 1 when fewer are
 * counted: values counted less are out of the answer. The greatest counts so far are kept in a min-heap.
 */
function leastRanked(counters: Int32Array): number {
  const heap = new Int32Array(MAX_FACET_VALUES);
  let size = 0;
  for (let number = 0; number < counters.length; number++) {
    const count = counters[number] as number;
    if (count === 0) continue;
    if (size < MAX_FACET_VALUES) {
      let at = size++;
      for (let parent = (at - 1) >> 1; at > 0 && (heap[parent] as number) > count; parent = (at - 1) >> 1) {
        heap[at] = heap[parent] as number;
        at = parent;
      }
      heap[at] = count;
    } else if (count > (heap[0] as number)) {
      let at = 0;
      for (let child = 1; child < size; child = 2 * at + 1) {
        if (child + 1 < size && (heap[child + 1] as number) < (heap[child] as number)) child++;
        if ((heap[child] as number) >= count) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = count;
    }
  }
  return size < MAX_FACET_VALUES ? 1 : (heap[0] as number);
}

/** The `wanted` least of equally counted `tied` by value (in no order), through a max-heap of the least so far. */
function leastByValue(tied: readonly FacetCount[], wanted: number): FacetCount[] {
  const heap = tied.slice(0, wanted);
  for (let at = (wanted >> 1) - 1; at >= 0; at--) siftDown(heap, at, heap[at] as FacetCount);
  for (let at = wanted; at < tied.length; at++) {
    const candidate = tied[at] as FacetCount;
    if (compareFacetCounts(candidate, heap[0] as FacetCount) < 0) siftDown(heap, 0, candidate);
  }
  return heap;
}

/** Puts `item` at `at` of max-heap `heap` (by answer order) and moves it down to its place. */
function siftDown(heap: FacetCount[], start: number, item: FacetCount): void {
  let at = start;
  for (let child = 2 * at + 1; child < heap.length; child = 2 * at + 1) {
    if (child + 1 < heap.length && compareFacetCounts(heap[child + 1] as FacetCount, heap[child] as FacetCount) > 0) child++;
    if (compareFacetCounts(heap[child] as FacetCount, item) <= 0) break;
    heap[at] = heap[child] as FacetCount;
    at = child;
  }
  heap[at] = item;
}

/** `items` (at most `MAX_FACET_VALUES`) in answer order, sorted in place by binary insertion. */
function insertionSorted(items: FacetCount[]): FacetCount[] {
  for (let at = 1; at < items.length; at++) {
    const item = items[at] as FacetCount;
    let low = 0;
    let high = at;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareFacetCounts(items[middle] as FacetCount, item) > 0) high = middle;
      else low = middle + 1;
    }
    for (let to = at; to > low; to--) items[to] = items[to - 1] as FacetCount;
    items[low] = item;
  }
  return items;
}
