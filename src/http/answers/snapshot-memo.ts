import type { Catalogue } from '../../catalogue/catalogue.js';

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
  /**
   * Keep a value only when its key is asked the second time in the snapshot (the first ask leaves
   * only the key): for caches of questions that mostly never come again, whose kept answers would
   * fill the old generation and cost full collections for nothing.
   */
  readonly keepOnSecondAsk?: boolean;
}

/** The bytes of a response body, or of the body a representation holds. */
export const bodyBytes = (value: Buffer | { readonly body: Buffer }): number => (Buffer.isBuffer(value) ? value : value.body).length;

/** Values remembered per snapshot under a scope and a key, looked up without building a combined key. */
export interface ScopedSnapshotCache<T> {
  get(catalogue: Catalogue, scope: string, key: string): T | undefined;
  /** Remembers `value` (unless it alone is over the byte bound) and returns it. */
  keep(catalogue: Catalogue, scope: string, key: string, value: T): T;
}

/** One snapshot's values, and the one found last. */
interface SnapshotValues<T> {
  readonly scopes: Map<string, Map<string, T>>;
  /** With `keepOnSecondAsk`: the keys asked once and not kept, per scope. */
  readonly askedOnce: Map<string, Set<string>>;
  entries: number;
  bytes: number;
  /**
   * The value `get` found last, under its scope and key: a steady client asks the same question
   * again and again, and comparing two strings costs less than hashing a new one for two map lookups.
   */
  last: { readonly scope: string; readonly key: string; readonly value: T } | undefined;
}

/**
 * Remembers values per snapshot under a scope (a base URL, say) and a key (a request URL), up to
 * `bounds` over all scopes together, dropping them all when full: answers to the same question
 * cannot change within a snapshot. Two lookups cost less than joining the parts into one key,
 * which makes a new string to hash on every request.
 */
export function perSnapshotScopedCache<T>(bounds: CacheBounds<T>): ScopedSnapshotCache<T> {
  const { entries: maxEntries, bytes: maxBytes = Number.POSITIVE_INFINITY, bytesOf = () => 0, keepOnSecondAsk = false } = bounds;
  /** Whether this is the key's first ask (then it is only noted); the notes start again when as many as the entries. */
  const firstAsk = (cache: SnapshotValues<T>, scope: string, key: string): boolean => {
    let keys = cache.askedOnce.get(scope);
    if (keys === undefined) {
      keys = new Set();
      cache.askedOnce.set(scope, keys);
    }
    if (keys.delete(key)) return false;
    if (keys.size >= maxEntries) keys.clear();
    keys.add(key);
    return true;
  };
  const caches = new WeakMap<Catalogue, SnapshotValues<T>>();
  return {
    get: (catalogue, scope, key) => {
      const cache = caches.get(catalogue);
      if (cache === undefined) return undefined;
      const { last } = cache;
      if (last !== undefined && last.key === key && last.scope === scope) return last.value;
      const value = cache.scopes.get(scope)?.get(key);
      if (value !== undefined) cache.last = { scope, key, value };
      return value;
    },
    keep: (catalogue, scope, key, value) => {
      const bytes = bytesOf(value);
      // A value over the whole bound is answered but never kept, so it cannot push out what fits.
      if (bytes > maxBytes) return value;
      let cache = caches.get(catalogue);
      if (cache === undefined) {
        cache = { scopes: new Map(), askedOnce: new Map(), entries: 0, bytes: 0, last: undefined };
        caches.set(catalogue, cache);
      }
      if (keepOnSecondAsk && firstAsk(cache, scope, key)) return value;
      if (cache.entries >= maxEntries || cache.bytes + bytes > maxBytes) {
        cache = { scopes: new Map(), askedOnce: cache.askedOnce, entries: 0, bytes: 0, last: undefined };
        caches.set(catalogue, cache);
      }
      let values = cache.scopes.get(scope);
      if (values === undefined) {
        values = new Map();
        cache.scopes.set(scope, values);
      }
      const earlier = values.get(key);
      if (earlier !== undefined) cache.bytes -= bytesOf(earlier);
      else cache.entries += 1;
      values.set(key, value);
      cache.bytes += bytes;
      // It may have been this key's earlier value.
      cache.last = undefined;
      return value;
    },
  };
}

/** `perSnapshotScopedCache` with one scope, as a compute-once function. */
export function perSnapshotCache<T>(bounds: CacheBounds<T>): (catalogue: Catalogue, key: string, compute: () => T) => T {
  const cache = perSnapshotScopedCache(bounds);
  return (catalogue, key, compute) => cache.get(catalogue, '', key) ?? cache.keep(catalogue, '', key, compute());
}
