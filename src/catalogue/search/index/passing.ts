import type { SlotFilter } from '../filter.js';
import { queryWords, type QueryWord } from '../search-words.js';
import type { FieldName } from './field-postings.js';
import { bitCount, keepOnly, orInto, type Posting } from './postings.js';
import type { SearchIndex } from './search-index.js';
import type { NumericKey } from './slot-orders.js';

/** Slots that pass and share a relevance rank (or all that pass, for other orders), as a bitset and its count. */
export interface Group {
  readonly bits: Uint32Array;
  readonly count: number;
}

function countOf(bits: Uint32Array): number {
  let count = 0;
  // Indexed: a for-of over a typed array ran at a third of the speed.
  for (let word = 0; word < bits.length; word++) count += bitCount(bits[word] as number);
  return count;
}

/** The union of `values`' postings in `field`, or undefined when no value has one. */
function unionOf(index: SearchIndex, field: FieldName, values: readonly (string | number | boolean)[]): Uint32Array | Posting | undefined {
  const postings = values.map((value) => index.fields[field].get(value)).filter((posting): posting is Posting => posting !== undefined);
  if (postings.length <= 1) return postings[0];
  const bits = index.scratch.zeroed();
  for (const posting of postings) orInto(bits, posting);
  return bits;
}

const BOUNDS: readonly { readonly key: NumericKey; readonly low: keyof SlotFilter; readonly high: keyof SlotFilter }[] = [
  { key: 'rtp', low: 'minRtp', high: 'maxRtp' },
  { key: 'rating', low: 'minRating', high: 'maxRating' },
  { key: 'maxWin', low: 'minMaxWin', high: 'maxMaxWin' },
  { key: 'releaseYear', low: 'minYear', high: 'maxYear' },
];

/**
 * Clears in `bits` the slots whose `key` lies outside `low..high` (or who have none): the range is cut
 * out of the field's ascending order by two binary searches; then the slots still in `bits` are kept
 * by their place in the order when they are few, else the range is taken from the order's prefixes.
 */
function keepWithin(index: SearchIndex, bits: Uint32Array, key: NumericKey, low: number, high: number): void {
  const ascending = { key, descending: false };
  const order = index.orders.of(ascending);
  const values = index.orders.valuesIn(ascending);
  // Slots without a value read Infinity, sort last, and fail every bound.
  const first = firstPlace(values, (value) => value >= low);
  const end = firstPlace(values, (value) => value > high || value === Infinity);
  // The prefixes cost two passes over the words and up to two steps of single bits; a member, a place looked up.
  if (countOf(bits) < 2 * bits.length) {
    const places = index.orders.placesIn(ascending);
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word] as number;
      while (rest !== 0) {
        const lowest = rest & -rest;
        const place = places[(word << 5) + 31 - Math.clz32(lowest)] as number;
        if (place < first || place >= end) bits[word] = (bits[word] as number) & ~lowest;
        rest ^= lowest;
      }
    }
    return;
  }
  index.orders.prefixesOf(ascending).keepPlaces(bits, order, first, end, index.live);
}

/** The first place of ascending `values` where `holds` (false, then true) turns true. */
function firstPlace(values: Float64Array, holds: (value: number) => boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(values[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** How one query word meets the slots. */
interface WordSets {
  /** The slots one of whose words starts with the query word or is one typo away from it. */
  readonly matching: Posting;
  /** When typos match more slots: those one of whose words starts with the query word. */
  readonly prefix: Uint32Array | undefined;
  /** The slots matching it in their names, made only for relevance. */
  readonly inName: Uint32Array | undefined;
  /** Whether some word of a slot starts with it: if not, every slot it matches it matches by a typo. */
  readonly anyPrefix: boolean;
  /** Whether some word of a slot's name matches it. */
  readonly anyInName: boolean;
}

function wordSets(index: SearchIndex, word: QueryWord, withNames: boolean): WordSets {
  const { dictionary } = index;
  const [first, end] = dictionary.prefixRange(word.text);
  const typos = word.allowsTypo ? dictionary.oneEditAway(word.text) : [];
  let inName: Uint32Array | undefined;
  let anyInName = false;
  if (withNames) {
    inName = index.scratch.zeroed();
    const addNamed = (at: number) => {
      const named = dictionary.inNameAt(at);
      if (named === undefined) return;
      orInto(inName as Uint32Array, named);
      anyInName = true;
    };
    for (let at = first; at < end; at++) addNamed(at);
    for (const at of typos) addNamed(at);
  }
  const anyPrefix = end > first;
  // A whole word typed is most often the only word of its range: its posting is read as it is.
  if (typos.length === 0 && end - first === 1) return { matching: dictionary.anywhereAt(first), prefix: undefined, inName, anyPrefix, anyInName };
  const prefix = index.scratch.zeroed();
  for (let at = first; at < end; at++) orInto(prefix, dictionary.anywhereAt(at));
  if (typos.length === 0) return { matching: prefix, prefix: undefined, inName, anyPrefix, anyInName };
  const matching = index.scratch.copyOf(prefix);
  for (const at of typos) orInto(matching, dictionary.anywhereAt(at));
  return { matching, prefix, inName, anyPrefix, anyInName };
}

/**
 * The slots passing every filter and every word, their count, and the same set split into relevance
 * groups when `relevance` (name matches first, then fewer typo words: decisions §13), best group first.
 * The groups are made one at a time as they are read: a page needs only those up to its last member.
 */
export function passingGroups(
  index: SearchIndex,
  filter: SlotFilter,
  words: readonly string[] | undefined,
  relevance: boolean,
): { readonly passing: Uint32Array; readonly total: number; readonly groups: Iterable<Group> } {
  const bits = index.scratch.copyOf(index.live);
  const keep = (posting: Uint32Array | Posting | undefined) => {
    if (posting === undefined) bits.fill(0);
    else keepOnly(bits, posting);
  };
  const { providers, volatilities, hasBonusBuy, themes, features, emojiKeys } = filter;
  if (providers !== undefined) {
    const byName = unionOf(index, 'providerName', providers);
    const bySlug = unionOf(index, 'providerSlug', providers);
    const either = index.scratch.zeroed();
    if (byName !== undefined) orInto(either, byName);
    if (bySlug !== undefined) orInto(either, bySlug);
    keep(either);
  }
  if (volatilities !== undefined) keep(unionOf(index, 'volatility', volatilities));
  if (hasBonusBuy !== undefined) keep(index.fields.bonusBuy.get(hasBonusBuy));
  for (const theme of themes ?? []) keep(index.fields.theme.get(theme));
  for (const feature of features ?? []) keep(index.fields.feature.get(feature));
  if (emojiKeys !== undefined) keep(unionOf(index, 'emoji', emojiKeys));
  const sets = queryWords(words ?? []).map((word) => wordSets(index, word, relevance));
  for (const { matching } of sets) keepOnly(bits, matching);
  for (const { key, low, high } of BOUNDS) {
    const min = filter[low] as number | undefined;
    const max = filter[high] as number | undefined;
    if (min !== undefined || max !== undefined) keepWithin(index, bits, key, min ?? -Infinity, max ?? Infinity);
  }
  const total = countOf(bits);
  if (!relevance || total === 0) return { passing: bits, total, groups: [{ bits, count: total }] };
  return { passing: bits, total, groups: relevanceGroups(index, bits, total, sets) };
}

/**
 * `passing` split by name match, then by how many words matched only by a typo, made group by group
 * in rank order, each in one pass over the span of words holding passing slots; none is made after
 * the groups made hold all `total` slots.
 */
function* relevanceGroups(index: SearchIndex, passing: Uint32Array, total: number, sets: readonly WordSets[]): Generator<Group> {
  // Outside the span every group is clear.
  const first = passing.findIndex((word) => word !== 0);
  let last = passing.length - 1;
  while (last > first && passing[last] === 0) last--;
  // Relevance makes every word's name set.
  const named = sets.length === 1 ? ((sets[0] as WordSets).inName as Uint32Array) : namedIn(index, passing, sets, first, last);
  // A slot's typo words are the words that are no prefix of its words. With one such word, its prefix set
  // tells them apart; with more, their count per slot is summed once into bit planes.
  const prefixes = sets.map(({ prefix }) => prefix).filter((prefix): prefix is Uint32Array => prefix !== undefined);
  const onlyPrefix = prefixes.length === 1 ? (prefixes[0] as Uint32Array) : undefined;
  const planes = prefixes.length > 1 ? typoPlanes(index, passing, prefixes, first, last) : [];
  // Groups known to be empty are not made: name matches when a word is in no name, too few typos when a typo word starts no word.
  const fewestTypos = sets.filter(({ prefix, anyPrefix }) => prefix !== undefined && !anyPrefix).length;
  const rankedGroups = sets.every(({ anyInName }) => anyInName) ? [true, false] : [false];
  if (rankedGroups.length === 1 && fewestTypos === prefixes.length) {
    // One group can hold slots: all that pass.
    yield { bits: passing, count: total };
    return;
  }
  let left = total;
  for (const inName of rankedGroups) {
    for (let typos = fewestTypos; typos <= prefixes.length && left > 0; typos++) {
      const bits = index.scratch.zeroed();
      let count = 0;
      for (let word = first; word <= last; word++) {
        let value = passing[word] as number;
        if (value === 0) continue;
        value &= inName ? (named[word] as number) : ~(named[word] as number);
        if (onlyPrefix !== undefined) value &= typos === 0 ? (onlyPrefix[word] as number) : ~(onlyPrefix[word] as number);
        for (let plane = 0; plane < planes.length; plane++) {
          const sum = (planes[plane] as Uint32Array)[word] as number;
          value &= (typos >>> plane) & 1 ? sum : ~sum;
        }
        if (value === 0) continue;
        bits[word] = value;
        count += bitCount(value);
      }
      if (count === 0) continue;
      left -= count;
      yield { bits, count };
    }
  }
}

/** The passing slots carrying every word in their names (words `first..last`). */
function namedIn(index: SearchIndex, passing: Uint32Array, sets: readonly WordSets[], first: number, last: number): Uint32Array {
  const named = index.scratch.zeroed();
  for (let word = first; word <= last; word++) {
    let value = passing[word] as number;
    for (const { inName } of sets) value &= (inName as Uint32Array)[word] as number;
    named[word] = value;
  }
  return named;
}

/** Per passing slot, how many of `prefixes` do not hold it, as bit planes of the sum (words `first..last`). */
function typoPlanes(index: SearchIndex, passing: Uint32Array, prefixes: readonly Uint32Array[], first: number, last: number): Uint32Array[] {
  const planes = Array.from({ length: 32 - Math.clz32(prefixes.length) }, () => index.scratch.zeroed());
  for (const prefix of prefixes) {
    for (let word = first; word <= last; word++) {
      let carry = (passing[word] as number) & ~(prefix[word] as number);
      for (let plane = 0; carry !== 0 && plane < planes.length; plane++) {
        const sum = (planes[plane] as Uint32Array)[word] as number;
        (planes[plane] as Uint32Array)[word] = sum ^ carry;
        carry &= sum;
      }
    }
  }
  return planes;
}
