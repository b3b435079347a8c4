import type { Catalogue } from '../catalogue/catalogue.js';

/**
 * Computes a value once per catalogue snapshot (snapshots are immutable, so it never goes stale)
 * and lets it go with the snapshot.
 */
export function perSnapshot<T>(compute: (catalogue: Catalogue) => T): (catalogue: Catalogue) => T {
  const memo = new WeakMap<Catalogue, T>();
  return (catalogue) => {
    if (memo.has(catalogue)) return memo.get(catalogue) as T;
    const value = compute(catalogue);
    memo.set(catalogue, value);
    return value;
  };
}
