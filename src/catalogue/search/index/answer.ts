import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { countFacet, rankFacet, type FacetCount, type FacetForms, type FacetName } from '../facets.js';
import type { Page, SlotFilter } from '../filter.js';
import type { SlotOrder } from '../slot-order.js';
import type { FieldName } from './field-postings.js';
import { countIn, membersOf, postingCost, type Posting } from './postings.js';
import { passingGroups, type Group } from './passing.js';
import type { SearchIndex } from './search-index.js';

/** What a page of a search answers: the slots of the page, how many pass in all, and facet counts when asked. */
export interface IndexedPage {
  readonly slots: readonly SlotRecord[];
  readonly total: number;
  readonly facets?: Record<string, FacetCount[]>;
}

const FACET_FIELDS: Readonly<Record<FacetName, FieldName>> = {
  provider: 'providerName',
  volatility: 'volatility',
  theme: 'theme',
  feature: 'feature',
  emoji: 'emoji',
  releaseYear: 'releaseYear',
};

/** The order relevance groups are each read in: rating descending, then id (decisions §13). */
const WITHIN_RELEVANCE: SlotOrder = { key: 'rating', descending: true };

/**
 * One page of the slots passing `filter` and `words`, in `order`, read from the index: the passing
 * set as a bitset (one per relevance group), its members taken off a presorted order until the page
 * is full, or sorted on their own when they are few.
 */
export function answerPage(
  index: SearchIndex,
  query: { readonly filter: SlotFilter; readonly words?: readonly string[]; readonly order: SlotOrder },
  page: Page,
  facetNames: readonly FacetName[],
  forms: FacetForms,
): IndexedPage {
  const { passing, groups } = passingGroups(index, query.filter, query.words, query.order.key === 'relevance');
  const inOrder = query.order.key === 'relevance' ? WITHIN_RELEVANCE : query.order;
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const numbers: number[] = [];
  let skip = page.offset;
  let wanted = Math.min(page.limit, Math.max(total - skip, 0));
  for (const group of groups) {
    if (wanted === 0) break;
    if (skip >= group.count) {
      skip -= group.count;
      continue;
    }
    const taken = Math.min(wanted, group.count - skip);
    numbers.push(...inGroupOrder(index, group, inOrder, skip, taken));
    wanted -= taken;
    skip = 0;
  }
  const slots = numbers.map((number) => index.records[number] as SlotRecord);
  if (facetNames.length === 0) return { slots, total };
  return { slots, total, facets: Object.fromEntries(facetNames.map((name) => [name, facetOf(index, name, passing, total, forms)])) };
}

/** Members `skip..skip+taken` of `group` in `order`. */
function inGroupOrder(index: SearchIndex, group: Group, order: SlotOrder, skip: number, taken: number): number[] {
  const wanted = skip + taken;
  const compare = index.orders.compare(order);
  // Walking a presorted order meets a member every `numbers / count` steps on average; sorting the
  // members costs a pass over the bitset and about log2(count) comparisons (each a few steps) per member.
  const walkCost = (wanted * index.idOrder.length) / group.count;
  const sortCost = group.bits.length + group.count * Math.log2(group.count + 1) * 4;
  if (sortCost < walkCost) return membersOf(group.bits).sort(compare).slice(skip, wanted);
  const presorted = order.key === 'id' && !order.descending ? index.idOrder : index.orders.of(order);
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
 * A facet's counts over the passing set: each value's posting intersected with it and counted, or,
 * when the passing slots are fewer than reading every posting would cost, their own values tallied.
 */
function facetOf(index: SearchIndex, name: FacetName, passing: Uint32Array, total: number, forms: FacetForms): FacetCount[] {
  const postings = index.fields[FACET_FIELDS[name]];
  const first = passing.findIndex((word) => word !== 0);
  if (first < 0) return [];
  let last = passing.length - 1;
  while (passing[last] === 0) last--;
  const span = last - first + 1;
  let postingsCost = 0;
  for (const posting of postings.values()) postingsCost += posting instanceof Uint32Array ? span : postingCost(posting);
  if (total * 4 < postingsCost) {
    const slots = membersOf(passing).map((number) => ({ record: index.records[number] as SlotRecord, keys: index.keys[number] as SlotKeys }));
    return countFacet(name, slots, forms);
  }
  const counts = new Map<string | number, number>();
  for (const [value, posting] of postings) {
    const count = countIn(posting as Posting, passing, first, last);
    if (count > 0) counts.set(value as string | number, count);
  }
  return rankFacet(name, counts, forms);
}
