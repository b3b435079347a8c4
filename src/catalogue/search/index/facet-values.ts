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

/** The numbers of a slot's values of facet `name`, each value once. */
export function facetValueNumbers(name: FacetName, values: readonly FacetValue[]): Int32Array {
  const { numbers, values: known } = tableOf(name);
  const found = new Set<number>();
  for (const value of values) {
    let number = numbers.get(value);
    if (number === undefined) {
      number = known.length;
      known.push(value);
      numbers.set(value, number);
    }
    found.add(number);
  }
  return Int32Array.from(found);
}

/** How many values of facet `name` have a number. */
export function facetValueCount(name: FacetName): number {
  return tableOf(name).values.length;
}

export function facetValueAt(name: FacetName, number: number): FacetValue {
  return tableOf(name).values[number] as FacetValue;
}
