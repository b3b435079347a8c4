import { compareCodePoints } from '../../emoji/emoji.js';
import type { SlotRecord } from '../records/slot.js';
import type { SlotKeys } from '../snapshot/slot-keys.js';

export const FACET_NAMES = ['provider', 'volatility', 'theme', 'feature', 'emoji', 'releaseYear'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface FacetCount {
  readonly value: string | number;
  readonly count: number;
}

export const MAX_FACET_VALUES = 50;

/** How a facet's values are shown: a provider by its name, an emoji as stored, given their group keys. */
export interface FacetForms {
  readonly provider: (lowerCaseName: string) => string;
  readonly emoji: (key: string) => string;
}

interface Faceted {
  readonly record: SlotRecord;
  readonly keys: SlotKeys;
}

/** The values a slot counts under for a facet, as group keys (each at most once per slot). */
export function valuesOf(name: FacetName, { record, keys }: Faceted): readonly (string | number)[] {
  switch (name) {
    case 'provider':
      return [keys.providerName];
    case 'volatility':
      return [record.volatility];
    case 'theme':
      return record.theme;
    case 'feature':
      return record.features;
    case 'emoji':
      return keys.tagKeys;
    case 'releaseYear':
      return record.releaseYear === undefined ? [] : [record.releaseYear];
  }
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareStrings(String(a), String(b));
}

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * `compareCodePoints` (the same sign), read by code units up to the first that differ: that unit
 * decides by its own value unless a surrogate is involved, and then too when both units are halves of
 * pairs of the same kind (ranking ties among emojis would otherwise walk string iterators).
 */
function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  if (at === length) return a.length - b.length;
  const x = a.charCodeAt(at);
  const y = b.charCodeAt(at);
  if (!isSurrogate(x) && !isSurrogate(y)) return x - y;
  const bothSecondHalves = isLowSurrogate(x) && isLowSurrogate(y) && at > 0 && isHighSurrogate(a.charCodeAt(at - 1));
  const bothFirstHalves = isHighSurrogate(x) && isHighSurrogate(y) && isLowSurrogate(a.charCodeAt(at + 1)) && isLowSurrogate(b.charCodeAt(at + 1));
  return bothSecondHalves || bothFirstHalves ? x - y : compareCodePoints(a, b);
}

/** How many of `slots` carry each value of facet `name`: most first, then by value, at most 50 (decisions §13). */
export function countFacet(name: FacetName, slots: readonly Faceted[], forms: FacetForms): FacetCount[] {
  const counts = new Map<string | number, number>();
  for (const slot of slots) for (const value of valuesOf(name, slot)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return rankFacet(name, counts, forms);
}

/** Counts by group key (none zero) as a facet's answer: shown forms, most first, then by value, at most 50. */
function rankFacet(name: FacetName, counts: ReadonlyMap<string | number, number>, forms: FacetForms): FacetCount[] {
  return rankCounted([...counts].map(([value, count]) => ({ value: shownFacetValue(name, value, forms), count })));
}

/** A facet value as a facet's answer shows it, given its group key. */
export function shownFacetValue(name: FacetName, value: string | number, forms: FacetForms): string | number {
  return name === 'provider' ? forms.provider(value as string) : name === 'emoji' ? forms.emoji(value as string) : value;
}

/** Counted values (shown forms; none zero, `counted` reordered) as a facet's answer: most first, then by value, at most 50. */
function rankCounted(counted: FacetCount[]): FacetCount[] {
  return counted.sort(compareFacetCounts).slice(0, MAX_FACET_VALUES);
}

/** The order of a facet's answer: most counted first, then by value. */
export function compareFacetCounts(a: FacetCount, b: FacetCount): number {
  return b.count - a.count || compareValues(a.value, b.value);
}
