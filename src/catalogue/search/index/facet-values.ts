import { FACET_NAMES, type FacetName } from '../facets.js';

type FacetValue = string | number;

/**
 * Every facet value met in this process, numbered once per facet: a slot's values as numbers let a
 * facet be counted over many passing slots with an array of counters instead of a map of strings.
 * The numbers outlive snapshots (a slot's keys keep them), so the tables only grow, by the distinct
 * providers, volatilities, themes, features, emojis and years of the catalogues loaded.
 */
const tables = new Map<FacetName, { readonly numbers: Map<FacetValue, number>; readonly values: FacetValue[] }>(
  FACET_NAMES.map((name) => [name, { numbers: new Map(), values: [] }]),
);

function tableOf(name: FacetName): { readonly numbers: Map<FacetValue, number>; readonly values: FacetValue[] } {
  return tables.get(name) as { readonly numbers: Map<FacetValue, number>; readonly values: FacetValue[] };
}

/** The number of value `value` of facet `name`, numbering it when it has none yet. */
export function facetValueNumber(name: FacetName, value: FacetValue): number {
  const { numbers, values } = tableOf(name);
  let number = numbers.get(value);
  if (number === undefined) {
    number = values.length;
    values.push(value);
    numbers.set(value, number);
  }
  return number;
}

/** The numbers of a slot's values of facet `name`, each value once. */
export function facetValueNumbers(name: FacetName, values: readonly FacetValue[]): Int32Array {
  return Int32Array.from(new Set(values.map((value) => facetValueNumber(name, value))));
}

/** How many values of facet `name` have a number. */
export function facetValueCount(name: FacetName): number {
  return tableOf(name).values.length;
}

/** Every value of facet `name` with a number, by number (a view that grows as values are numbered). */
export function facetValues(name: FacetName): readonly FacetValue[] {
  return tableOf(name).values;
}
