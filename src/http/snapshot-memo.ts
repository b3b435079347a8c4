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

/**
 * Remembers up to `maxEntries` values per snapshot under string keys (a whole response body, say),
 * dropping them all when full: answers to the same question cannot change within a snapshot.
 */
export function perSnapshotCache<T>(maxEntries: number): (catalogue: Catalogue, key: string, compute: () => T) => T {
  const caches = new WeakMap<Catalogue, Map<string, T>>();
  return (catalogue, key, compute) => {
    let cache = caches.get(catalogue);
    if (cache === undefined) {
      cache = new Map();
      caches.set(catalogue, cache);
    }
    let value = cache.get(key);
    if (value === undefined) {
      value = compute();
      if (cache.size >= maxEntries) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}
