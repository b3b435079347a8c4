import type { SlotRecord } from '../../records/slot.js';
import { MAX_FACET_VALUES, rankFacet, type FacetCount, type FacetForms, type FacetName } from '../facets.js';
import { facetValueAt } from './facet-values.js';
import type { SearchPage, SlotQuery } from '../../catalogue.js';
import type { Page } from '../filter.js';
import type { SlotOrder } from '../slot-order.js';
import type { FieldName } from './field-postings.js';
import { countIn, postingCost } from './postings.js';
import { passingGroups, type Group } from './passing.js';
import type { SearchIndex } from './search-index.js';
import { WITHIN_RELEVANCE } from './slot-orders.js';

const FACET_FIELDS: Readonly<Record<FacetName, FieldName>> = {
  provider: 'providerName',
  volatility: 'volatility',
  theme: 'theme',
  feature: 'feature',
  emoji: 'emoji',
  releaseYear: 'releaseYear',
};

/**
 * One page of the slots passing `filter` and `words`, in `order`, read from the index: the passing
 * set as a bitset (one per relevance group), its members taken off a presorted order until the page
 * is full, or sorted on their own when they are few.
 */
export function answerPage(
  index: SearchIndex,
  query: SlotQuery,
  page: Page,
  facetNames: readonly FacetName[],
  forms: FacetForms,
): SearchPage {
  try {
    const { passing, total, groups } = passingGroups(index, query.filter, query.words, query.order.key === 'relevance');
    const inOrder = query.order.key === 'relevance' ? WITHIN_RELEVANCE : query.order;
    const slots = pageNumbers(index, groups, inOrder, page, total).map((number) => index.records[number] as SlotRecord);
    if (facetNames.length === 0) return { slots, total };
    return { slots, total, facets: facetsOf(index, facetNames, passing, total, forms) };
  } finally {
    // The passing set and its groups are bitsets lent by the index: nothing returned holds one.
    index.scratch.takeBack();
  }
}

/**
 * The numbers of the slots on `page`, the groups one after the other, each in `order`; groups are
 * read only until the page is full (the ones after it are then never made).
 */
function pageNumbers(index: SearchIndex, groups: Iterable<Group>, order: SlotOrder, page: Page, total: number): number[] {
  const numbers: number[] = [];
  let skip = page.offset;
  let wanted = Math.min(page.limit, Math.max(total - skip, 0));
  if (wanted === 0) return numbers;
  for (const group of groups) {
    if (skip >= group.count) {
      skip -= group.count;
      continue;
    }
    const taken = Math.min(wanted, group.count - skip);
    numbers.push(...inGroupOrder(index, group, order, skip, taken));
    wanted -= taken;
    skip = 0;
    if (wanted === 0) break;
  }
  return numbers;
}

/** Members `skip..skip+taken` of `group` in `order`. */
function inGroupOrder(index: SearchIndex, group: Group, order: SlotOrder, skip: number, taken: number): number[] {
  const wanted = skip + taken;
  const presorted = order.key === 'id' && !order.descending ? index.idOrder : index.orders.of(order);
  // Walking the presorted order meets a member every `numbers / count` steps on average; marking each
  // member's place in a bitset over places and reading it upward costs a step per member and a pass
  // over the machine words, whatever the page.
  const walkCost = (wanted * presorted.length) / group.count;
  const placesCost = 2 * group.count + group.bits.length;
  return placesCost < walkCost ? byPlaces(index, group, order, skip, wanted) : byWalk(group, presorted, skip, wanted);
}

/** Members `skip..wanted-1` of `group`, met walking `presorted` from its start. */
function byWalk(group: Group, presorted: Int32Array, skip: number, wanted: number): number[] {
  const found: number[] = [];
  let seen = 0;
  const { bits } = group;
  for (let at = 0; at < presorted.length && seen < wanted; at++) {
    const number = presorted[at] as number;
    if ((((bits[number >>> 5] as number) >>> (number & 31)) & 1) === 0) continue;
    if (seen >= skip) found.push(number);
    seen++;
  }
  return found;
}

/**
 * Members `skip..wanted-1` of `group` in `order`: each member's place set in
 * a bitset over places, which read from its lowest bit lists the members sorted, with no comparison.
 */
function byPlaces(index: SearchIndex, group: Group, order: SlotOrder, skip: number, wanted: number): number[] {
  const presorted = index.orders.of(order);
  const places = index.orders.placesIn(order);
  const marked = index.scratch.zeroed();
  const { bits } = group;
  for (let word = 0; word < bits.length; word++) {
    let rest = bits[word] as number;
    while (rest !== 0) {
      const lowest = rest & -rest;
      const place = places[(word << 5) + 31 - Math.clz32(lowest)] as number;
      marked[place >>> 5] = (marked[place >>> 5] as number) | (1 << (place & 31));
      rest ^= lowest;
    }
  }
  const found: number[] = [];
  let seen = 0;
  for (let word = 0; word < marked.length && seen < wanted; word++) {
    let rest = marked[word] as number;
    while (rest !== 0 && seen < wanted) {
      const lowest = rest & -rest;
      if (seen >= skip) found.push(presorted[(word << 5) + 31 - Math.clz32(lowest)] as number);
      seen++;
      rest ^= lowest;
    }
  }
  return found;
}

/**
 * About how many values of each facet a slot has: tallying a facet over the passing slots costs this
 * many steps per slot (and a little more, for reaching each slot's keys).
 */
const VALUES_PER_SLOT: Readonly<Record<FacetName, number>> = { provider: 2, volatility: 2, theme: 4, feature: 4, emoji: 8, releaseYear: 2 };

/** Facet counts over the passing set, each facet by whichever way costs less (see `facetOf`). */
function facetsOf(index: SearchIndex, names: readonly FacetName[], passing: Uint32Array, total: number, forms: FacetForms): Record<string, FacetCount[]> {
  const first = passing.findIndex((word) => word !== 0);
  if (first < 0) return Object.fromEntries(names.map((name) => [name, []]));
  let last = passing.length - 1;
  while (passing[last] === 0) last--;
  const failing = total * 2 > index.idOrder.length ? failingOf(index, passing) : undefined;
  return Object.fromEntries(names.map((name) => [name, rankFacet(name, facetOf(index, name, { bits: passing, first, last }, total, failing), forms)]));
}

/** A set of slot numbers as a bitset, and the span of its set words (`first > last`: none). */
interface Spanned {
  readonly bits: Uint32Array;
  readonly first: number;
  readonly last: number;
}

/** The slots in use that are not in `passing`. */
function failingOf(index: SearchIndex, passing: Uint32Array): Spanned {
  const { live } = index;
  const bits = index.scratch.zeroed();
  let first = live.length;
  let last = -1;
  for (let word = 0; word < live.length; word++) {
    const value = (live[word] as number) & ~(passing[word] as number);
    if (value === 0) continue;
    bits[word] = value;
    if (first > word) first = word;
    last = word;
  }
  return { bits, first, last };
}

/**
 * One facet's counts over the passing set (its set words `first..last`), by the cheapest of: each
 * value's posting intersected with it and counted; the passing slots' own values, numbered, tallied in
 * an array of counters; or, when most slots pass, the whole catalogue's counts less a tally of the
 * slots that fail.
 */
function facetOf(
  index: SearchIndex,
  name: FacetName,
  { bits: passing, first, last }: Spanned,
  total: number,
  failing: Spanned | undefined,
): Map<string | number, number> {
  const postings = index.fields[FACET_FIELDS[name]];
  const span = last - first + 1;
  let postingsCost = 0;
  for (const posting of postings.values()) postingsCost += posting instanceof Uint32Array ? span : postingCost(posting);
  const tallyCost = total * VALUES_PER_SLOT[name];
  const failingCost = failing === undefined ? Infinity : (index.idOrder.length - total) * VALUES_PER_SLOT[name];
  const counts = new Map<string | number, number>();
  if (postingsCost <= tallyCost && postingsCost <= failingCost) {
    for (const [value, posting] of postings) {
      const count = countIn(posting, passing, first, last);
      if (count > 0) counts.set(value as string | number, count);
    }
    return counts;
  }
  const counters =
    failing !== undefined && failingCost < tallyCost
      ? index.facetColumns.tallyAllBut(name, index.live, failing.bits, failing.first, failing.last)
      : index.facetColumns.tally(name, passing, first, last);
  // Only values that can be among the most counted are ranked: those counted at least as often as the
  // one in place `MAX_FACET_VALUES` (ties there are broken by value, so all of them stay).
  const least = leastRanked(counters);
  counters.forEach((count, number) => {
    if (count >= least) counts.set(facetValueAt(name, number), count);
  });
  return counts;
}

/** The count at place `MAX_FACET_VALUES` of `counters` from the most counted, or 1 when fewer are counted. */
function leastRanked(counters: Int32Array): number {
  const counted = counters.filter((count) => count > 0);
  if (counted.length <= MAX_FACET_VALUES) return 1;
  return counted.sort()[counted.length - MAX_FACET_VALUES] as number;
}
