import type { SlotRecord } from '../../records/slot.js';
import type { FacetCount, FacetForms, FacetName } from '../facets.js';
import { facetPostingsOf } from './facet-postings.js';
import { facetValueCount } from './facet-values.js';
import type { SearchPage, SlotQuery } from '../slot-query.js';
import type { Page } from '../filter.js';
import type { SlotOrder } from '../slot-order.js';
import type { FieldName } from './field-postings.js';
import { passingGroups, type Group } from './passing.js';
import { popularNumbers } from './popular-order.js';
import { NO_RANKING } from '../popular-ranking.js';
import type { SearchIndex } from './search-index.js';
import { WITHIN_RELEVANCE } from './slot-orders.js';
import { topCounted } from './top-counted.js';

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
 * is full, or, when they are few, read in order off a bitset over their places in it.
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
  const popular = order.key === 'popular' ? popularNumbers(index, order.ranking ?? NO_RANKING) : undefined;
  const presorted = popular?.presorted ?? (order.key === 'id' && !order.descending ? index.idOrder : index.orders.of(order));
  // Walking the presorted order meets a member every `numbers / count` steps on average; marking each
  // member's place in a bitset over places and reading it upward costs a step per member and a pass
  // over the machine words, whatever the page.
  const walkCost = (wanted * presorted.length) / group.count;
  const placesCost = 2 * group.count + group.bits.length;
  if (placesCost >= walkCost) return byWalk(group, presorted, skip, wanted);
  return byPlaces(index, group, presorted, popular?.places ?? index.orders.placesIn(order), skip, wanted);
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
function byPlaces(index: SearchIndex, group: Group, presorted: Int32Array, places: Int32Array, skip: number, wanted: number): number[] {
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
 * What the ways of counting a facet cost, in nanoseconds, as measured (issue 38): a member of a list
 * posting looked up in the passing set; a word of a bitset posting and-ed with it and counted; a
 * slot reached in a tally, and each of its values (a few places per slot, some of them empty).
 */
const LIST_MEMBER_COST = 2.7;
const BITSET_WORD_COST = 4.2;
const TALLIED_SLOT_COST = 4;
const TALLIED_VALUE_COST = 3;

/** Facet counts over the passing set, each facet by whichever way costs less (see `countsOf`). */
function facetsOf(index: SearchIndex, names: readonly FacetName[], passing: Uint32Array, total: number, forms: FacetForms): Record<string, FacetCount[]> {
  const facets: Record<string, FacetCount[]> = {};
  let first = 0;
  while (first < passing.length && passing[first] === 0) first++;
  if (first === passing.length) {
    for (const name of names) facets[name] = [];
    return facets;
  }
  let last = passing.length - 1;
  while (passing[last] === 0) last--;
  let failing: Spanned | undefined;
  const failingSlots = () => (failing ??= failingOf(index, passing));
  for (const name of names) facets[name] = topCounted(name, countsOf(index, name, { bits: passing, first, last }, total, failingSlots), forms);
  return facets;
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
 * One facet's counts over the passing set (its set words `first..last`, `total` slots), by value
 * number, by the cheapest of: each value's posting intersected with it and counted; the passing slots'
 * own values tallied from the facet's column; or, when most slots pass, the whole catalogue's counts
 * less a tally of the slots that fail (`failing`).
 */
function countsOf(index: SearchIndex, name: FacetName, { bits: passing, first, last }: Spanned, total: number, failing: () => Spanned): Int32Array {
  const postings = facetPostingsOf(name, index.fields[FACET_FIELDS[name]]);
  const slots = index.idOrder.length;
  const postingsCost = postings.listed * LIST_MEMBER_COST + postings.bitsetCount * (last - first + 1) * BITSET_WORD_COST;
  const slotCost = TALLIED_SLOT_COST + (postings.members / Math.max(slots, 1)) * TALLIED_VALUE_COST;
  const tallyCost = total * slotCost;
  const failingCost = total * 2 > slots ? (slots - total) * slotCost + index.live.length * BITSET_WORD_COST : Infinity;
  if (postingsCost <= tallyCost && postingsCost <= failingCost) {
    const counters = new Int32Array(facetValueCount(name));
    postings.count(passing, first, last, counters);
    return counters;
  }
  if (failingCost < tallyCost) {
    const { bits, first: firstFailing, last: lastFailing } = failing();
    return index.facetColumns.tallyAllBut(name, index.live, bits, firstFailing, lastFailing);
  }
  return index.facetColumns.tally(name, passing, first, last);
}
