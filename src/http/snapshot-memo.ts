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

export const MB = 1024 * 1024;

/** How much a per-snapshot cache may hold before it starts again. */
export interface CacheBounds<T> {
  readonly entries: number;
  /** Bytes of all values together, as `bytesOf` counts them; unbounded when not given. */
  readonly bytes?: number;
  readonly bytesOf?: (value: T) => number;
}

/** The bytes of a response body, or of the body a representation holds. */
export const bodyBytes = (value: Buffer | { readonly body: Buffer }): number => (Buffer.isBuffer(value) ? value : value.body).length;

/**
 * Remembers values per snapshot under string keys (a whole response body, say), up to `bounds`,
 * dropping them all when full: answers to the same question cannot change within a snapshot.
 */
export function perSnapshotCache<T>(bounds: CacheBounds<T>): (catalogue: Catalogue, key: string, compute: () => T) => T {
  const { entries: maxEntries, bytes: maxBytes = Number.POSITIVE_INFINITY, bytesOf = () => 0 } = bounds;
  const caches = new WeakMap<Catalogue, { readonly values: Map<string, T>; bytes: number }>();
  return (catalogue, key, compute) => {
    let cache = caches.get(catalogue);
    if (cache === undefined) {
      cache = { values: new Map(), bytes: 0 };
      caches.set(catalogue, cache);
    }
    let value = cache.values.get(key);
    if (value === undefined) {
      value = compute();
      const bytes = bytesOf(value);
      // A value over the whole bound is answered but never kept, so it cannot push out what fits.
      if (bytes > maxBytes) return value;
      if (cache.values.size >= maxEntries || cache.bytes + bytes > maxBytes) {
        cache.values.clear();
        cache.bytes = 0;
      }
      cache.values.set(key, value);
      cache.bytes += bytes;
    }
    return value;
  };
}
