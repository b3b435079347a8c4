import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Catalogue } from '../../../src/catalogue/catalogue.js';
import { bodyBytes, perSnapshotCache, perSnapshotScopedCache } from '../../../src/http/answers/snapshot-memo.js';

const empty = () => Catalogue.of([], {});

test('a per-snapshot cache computes a key once per snapshot', () => {
  const cache = perSnapshotCache<string>({ entries: 8 });
  const first = empty();
  const second = empty();
  let computed = 0;
  const value = (catalogue: Catalogue, key: string) => cache(catalogue, key, () => `${key} #${++computed}`);
  assert.equal(value(first, 'a'), 'a #1');
  assert.equal(value(first, 'a'), 'a #1');
  assert.equal(value(second, 'a'), 'a #2', 'another snapshot has its own values');
  assert.equal(value(first, 'b'), 'b #3');
});

test('a per-snapshot cache starts again when it holds its number of entries', () => {
  const cache = perSnapshotCache<number>({ entries: 2 });
  const catalogue = empty();
  let computed = 0;
  const value = (key: string) => cache(catalogue, key, () => ++computed);
  value('a');
  value('b');
  value('c');
  assert.equal(value('c'), 3, 'the newest value is kept');
  assert.equal(value('a'), 4, 'the older ones were dropped');
});

test('a per-snapshot cache bounded in bytes never holds more, and keeps nothing larger than its bound', () => {
  const cache = perSnapshotCache<Buffer>({ entries: 100, bytes: 10, bytesOf: bodyBytes });
  const catalogue = empty();
  let computed = 0;
  const value = (key: string, size: number) => cache(catalogue, key, () => (computed++, Buffer.alloc(size)));
  value('a', 6);
  value('a', 6);
  assert.equal(computed, 1);
  value('b', 6);
  value('b', 6);
  assert.equal(computed, 2, 'b was kept after dropping a');
  value('a', 6);
  assert.equal(computed, 3, 'a had been dropped to make room for b');
  value('huge', 11);
  value('huge', 11);
  assert.equal(computed, 5, 'a body over the bound is never kept');
  value('a', 6);
  assert.equal(computed, 5, 'and does not push out what fits');
});

test('bodyBytes counts a buffer or the body of a representation', () => {
  assert.equal(bodyBytes(Buffer.from('héllo')), 6);
  assert.equal(bodyBytes({ body: Buffer.alloc(3) }), 3);
});

test('a scoped per-snapshot cache keeps each scope apart and bounds them together', () => {
  const cache = perSnapshotScopedCache<string>({ entries: 3 });
  const catalogue = empty();
  assert.equal(cache.get(catalogue, 'http://a', '/x'), undefined);
  assert.equal(cache.keep(catalogue, 'http://a', '/x', 'a x'), 'a x');
  cache.keep(catalogue, 'http://b', '/x', 'b x');
  assert.equal(cache.get(catalogue, 'http://a', '/x'), 'a x');
  assert.equal(cache.get(catalogue, 'http://b', '/x'), 'b x', 'the same key in another scope is another value');
  assert.equal(cache.get(empty(), 'http://a', '/x'), undefined, 'another snapshot has its own values');
  cache.keep(catalogue, 'http://a', '/x', 'a x again');
  cache.keep(catalogue, 'http://c', '/y', 'c y');
  assert.equal(cache.get(catalogue, 'http://b', '/x'), 'b x', 'keeping a key again does not count it twice');
  cache.keep(catalogue, 'http://c', '/z', 'c z');
  assert.equal(cache.get(catalogue, 'http://a', '/x'), undefined, 'the fourth entry over all scopes started again');
  assert.equal(cache.get(catalogue, 'http://c', '/z'), 'c z');
});

test('a scoped per-snapshot cache bounded in bytes counts a replaced value once', () => {
  const cache = perSnapshotScopedCache<Buffer>({ entries: 100, bytes: 10, bytesOf: bodyBytes });
  const catalogue = empty();
  cache.keep(catalogue, 's', 'a', Buffer.alloc(6));
  cache.keep(catalogue, 's', 'a', Buffer.alloc(6));
  cache.keep(catalogue, 's', 'b', Buffer.alloc(4));
  assert.equal(cache.get(catalogue, 's', 'a')?.length, 6, 'a and b fit together: 6 + 4 bytes');
  assert.equal(cache.keep(catalogue, 's', 'huge', Buffer.alloc(11)).length, 11);
  assert.equal(cache.get(catalogue, 's', 'huge'), undefined, 'a value over the bound is answered but not kept');
  assert.equal(cache.get(catalogue, 's', 'b')?.length, 4);
});

test('a scoped per-snapshot cache answers a repeated question with what it holds now', () => {
  const cache = perSnapshotScopedCache<string>({ entries: 2 });
  const catalogue = empty();
  cache.keep(catalogue, 's', '/x', 'first');
  assert.equal(cache.get(catalogue, 's', '/x'), 'first');
  assert.equal(cache.get(catalogue, 's', '/x'), 'first');
  cache.keep(catalogue, 's', '/x', 'second');
  assert.equal(cache.get(catalogue, 's', '/x'), 'second', 'a value kept again replaces the one found last');
  assert.equal(cache.get(catalogue, 't', '/x'), undefined, 'the same key in another scope');
  assert.equal(cache.get(catalogue, 's', '/y'), undefined, 'another key in the same scope');
  assert.equal(cache.get(empty(), 's', '/x'), undefined, 'another snapshot');
  cache.keep(catalogue, 's', '/y', 'y');
  cache.keep(catalogue, 's', '/z', 'z');
  assert.equal(cache.get(catalogue, 's', '/x'), undefined, 'the cache started again, without the value found last');
});

test('a cache that keeps on the second ask computes a question twice, then answers it from memory', () => {
  const cache = perSnapshotCache<string>({ entries: 2, keepOnSecondAsk: true });
  const catalogue = empty();
  let computed = 0;
  const value = (key: string) => cache(catalogue, key, () => `${key} #${++computed}`);
  assert.equal(value('a'), 'a #1', 'asked once: only the key is noted');
  assert.equal(value('b'), 'b #2');
  assert.equal(value('a'), 'a #3', 'asked again: computed and kept');
  assert.equal(value('a'), 'a #3');
  assert.equal(value('b'), 'b #4');
  assert.equal(value('b'), 'b #4');
  for (const key of ['c', 'd', 'e']) value(key);
  assert.equal(value('c'), 'c #8', 'the notes of single asks are bounded like the entries: c was forgotten with the others');
  assert.equal(value('e'), 'e #9', 'e was noted after the notes started again, so this ask keeps it');
  assert.equal(value('e'), 'e #9');
});
