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
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareCodePoints(String(a), String(b));
}

/** How many of `slots` carry each value of facet `name`: most first, then by value, at most 50 (decisions §13). */
export function countFacet(name: FacetName, slots: readonly Faceted[], forms: FacetForms): FacetCount[] {
  const counts = new Map<string | number, number>();
  for (const slot of slots) for (const value of valuesOf(name, slot)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return rankFacet(name, counts, forms);
}

/** Counts by group key (none zero) as a facet's answer: shown forms, most first, then by value, at most 50. */
export function rankFacet(name: FacetName, counts: ReadonlyMap<string | number, number>, forms: FacetForms): FacetCount[] {
  const shown = (value: string | number) =>
    name === 'provider' ? forms.provider(value as string) : name === 'emoji' ? forms.emoji(value as string) : value;
  return [...counts]
    .map(([value, count]) => ({ value: shown(value), count }))
    .sort((a, b) => b.count - a.count || compareValues(a.value, b.value))
    .slice(0, MAX_FACET_VALUES);
}
